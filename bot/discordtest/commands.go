package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// Command is a registered application command.
type Command struct {
	ID            string                           `json:"-"`
	ApplicationID string                           `json:"-"`
	GuildID       string                           `json:"-"` // empty for global commands
	Type          discordgo.ApplicationCommandType `json:"type"`
	Name          string                           `json:"name"`
	Description   string                           `json:"description"`
	// NameLocalizations and DescriptionLocalizations map Discord locales
	// ("fr", "en-GB", ...) to the translated name and description.
	NameLocalizations        map[string]string `json:"name_localizations"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Options                  []CommandOption   `json:"options"`
	// Raw is the command as the bot sent it.
	Raw json.RawMessage `json:"-"`
}

// CommandOption is one option (or subcommand) of a registered command.
type CommandOption struct {
	Type                     discordgo.ApplicationCommandOptionType `json:"type"`
	Name                     string                                 `json:"name"`
	Description              string                                 `json:"description"`
	NameLocalizations        map[string]string                      `json:"name_localizations"`
	DescriptionLocalizations map[string]string                      `json:"description_localizations"`
	Required                 bool                                   `json:"required"`
	Autocomplete             bool                                   `json:"autocomplete"`
	Choices                  []Choice                               `json:"choices"`
	Options                  []CommandOption                        `json:"options"`
	// MinValue and MaxValue bound integer and number options; MinLength
	// and MaxLength bound string options. Nil when not set.
	MinValue  *float64 `json:"min_value"`
	MaxValue  *float64 `json:"max_value"`
	MinLength *int     `json:"min_length"`
	MaxLength *int     `json:"max_length"`
}

// Option returns the option (or subcommand) with the given name.
func (c Command) Option(name string) (CommandOption, bool) {
	return findCommandOption(c.Options, name)
}

// Option returns the nested option (or subcommand) with the given name.
func (o CommandOption) Option(name string) (CommandOption, bool) {
	return findCommandOption(o.Options, name)
}

func findCommandOption(opts []CommandOption, name string) (CommandOption, bool) {
	for _, o := range opts {
		if o.Name == name {
			return o, true
		}
	}
	return CommandOption{}, false
}

// Commands returns the commands registered for a guild, or the global ones
// when guildID is empty.
func (s *Server) Commands(guildID string) []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Command
	for _, c := range s.commands {
		if c.GuildID == guildID {
			out = append(out, *c)
		}
	}
	return out
}

// findCommandLocked finds the chat-input command a user in guildID (empty in
// DMs) would invoke by name: guild commands shadow global ones.
func (s *Server) findCommandLocked(guildID, name string) *Command {
	var global *Command
	for _, c := range s.commands {
		if c.Name != name || (c.Type != 0 && c.Type != discordgo.ChatApplicationCommand) {
			continue
		}
		if guildID != "" && c.GuildID == guildID {
			return c
		}
		if c.GuildID == "" {
			global = c
		}
	}
	return global
}

// commandScope checks the application and guild of a command route.
func (s *Server) commandScope(c *call) (guildID string, status int, body any) {
	if c.param("app") != s.bot.ID {
		status, body = apiErr(http.StatusForbidden, 50001, "Missing Access")
		return
	}
	guildID = c.param("guild")
	if guildID != "" {
		if _, ok := s.guilds[guildID]; !ok {
			status, body = apiErr(http.StatusNotFound, 10004, "Unknown Guild")
		}
	}
	return
}

func parseCommand(raw json.RawMessage) (Command, error) {
	var cmd Command
	if err := json.Unmarshal(raw, &cmd); err != nil {
		return cmd, err
	}
	if cmd.Type == 0 {
		cmd.Type = discordgo.ChatApplicationCommand
	}
	cmd.Raw = append(json.RawMessage(nil), raw...)
	return cmd, nil
}

func (s *Server) commandJSONLocked(cmd *Command) map[string]any {
	out := map[string]any{}
	_ = json.Unmarshal(cmd.Raw, &out)
	out["id"] = cmd.ID
	out["application_id"] = cmd.ApplicationID
	out["version"] = cmd.ID
	out["type"] = int(cmd.Type)
	if cmd.GuildID != "" {
		out["guild_id"] = cmd.GuildID
	}
	if _, ok := out["default_member_permissions"]; !ok {
		out["default_member_permissions"] = nil
	}
	return out
}

// storeCommandLocked adds or replaces (same name and type in the same
// scope) a command; a replaced command keeps its id, as on Discord.
func (s *Server) storeCommandLocked(guildID string, cmd Command) (*Command, bool) {
	cmd.ApplicationID = s.bot.ID
	cmd.GuildID = guildID
	for i, old := range s.commands {
		if old.GuildID == guildID && old.Name == cmd.Name && old.Type == cmd.Type {
			cmd.ID = old.ID
			s.commands[i] = &cmd
			s.notifyLocked()
			return &cmd, false
		}
	}
	cmd.ID = s.newIDLocked()
	s.commands = append(s.commands, &cmd)
	s.notifyLocked()
	return &cmd, true
}

func (s *Server) listCommands(c *call) (int, any) {
	guildID, st, b := s.commandScope(c)
	if b != nil {
		return st, b
	}
	out := []any{}
	for _, cmd := range s.commands {
		if cmd.GuildID == guildID {
			out = append(out, s.commandJSONLocked(cmd))
		}
	}
	return http.StatusOK, out
}

func (s *Server) overwriteCommands(c *call) (int, any) {
	guildID, st, b := s.commandScope(c)
	if b != nil {
		return st, b
	}
	var raws []json.RawMessage
	if ok, st, b := c.decode(&raws); !ok {
		return st, b
	}
	if len(raws) > 100 {
		c.v.add("(body)", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
	}
	var cmds []Command
	seen := map[string]bool{}
	for i, raw := range raws {
		cmd, err := parseCommand(raw)
		if err != nil {
			c.v.add(fmt.Sprint(i), "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
			continue
		}
		validateCommand(c.v, fmt.Sprint(i), cmd)
		key := fmt.Sprint(cmd.Type, cmd.Name)
		if seen[key] {
			c.v.add(fmt.Sprint(i)+".name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
		}
		seen[key] = true
		cmds = append(cmds, cmd)
	}
	if !c.v.ok() {
		return c.invalid()
	}
	// Drop the scope's commands that are not in the new set, keep ids of
	// the ones that are.
	var kept []*Command
	for _, old := range s.commands {
		if old.GuildID != guildID || seen[fmt.Sprint(old.Type, old.Name)] {
			kept = append(kept, old)
		}
	}
	s.commands = kept
	out := []any{}
	for _, cmd := range cmds {
		stored, _ := s.storeCommandLocked(guildID, cmd)
		out = append(out, s.commandJSONLocked(stored))
	}
	return http.StatusOK, out
}

func (s *Server) createCommand(c *call) (int, any) {
	guildID, st, b := s.commandScope(c)
	if b != nil {
		return st, b
	}
	cmd, err := parseCommand(c.req.JSON)
	if err != nil {
		return apiErr(http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
	}
	validateCommand(c.v, "", cmd)
	if !c.v.ok() {
		return c.invalid()
	}
	stored, created := s.storeCommandLocked(guildID, cmd)
	if created {
		return http.StatusCreated, s.commandJSONLocked(stored)
	}
	return http.StatusOK, s.commandJSONLocked(stored)
}

func (s *Server) commandByID(c *call) (*Command, int, any) {
	guildID, st, b := s.commandScope(c)
	if b != nil {
		return nil, st, b
	}
	for _, cmd := range s.commands {
		if cmd.ID == c.param("command") && cmd.GuildID == guildID {
			return cmd, 0, nil
		}
	}
	st, b = apiErr(http.StatusNotFound, 10063, "Unknown application command")
	return nil, st, b
}

func (s *Server) getCommand(c *call) (int, any) {
	cmd, st, b := s.commandByID(c)
	if cmd == nil {
		return st, b
	}
	return http.StatusOK, s.commandJSONLocked(cmd)
}

func (s *Server) editCommand(c *call) (int, any) {
	cmd, st, b := s.commandByID(c)
	if cmd == nil {
		return st, b
	}
	merged := map[string]any{}
	_ = json.Unmarshal(cmd.Raw, &merged)
	var patch map[string]any
	if ok, st, b := c.decode(&patch); !ok {
		return st, b
	}
	for k, v := range patch {
		merged[k] = v
	}
	raw, _ := json.Marshal(merged)
	next, err := parseCommand(raw)
	if err != nil {
		return apiErr(http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
	}
	validateCommand(c.v, "", next)
	if !c.v.ok() {
		return c.invalid()
	}
	next.ID, next.ApplicationID, next.GuildID = cmd.ID, cmd.ApplicationID, cmd.GuildID
	*cmd = next
	s.notifyLocked()
	return http.StatusOK, s.commandJSONLocked(cmd)
}

func (s *Server) deleteCommand(c *call) (int, any) {
	cmd, st, b := s.commandByID(c)
	if cmd == nil {
		return st, b
	}
	for i, old := range s.commands {
		if old == cmd {
			s.commands = append(s.commands[:i], s.commands[i+1:]...)
			break
		}
	}
	s.notifyLocked()
	return http.StatusNoContent, nil
}

// checkInvocation verifies that options a test sends match the registered
// schema, as the Discord client guarantees for real users. autocomplete
// relaxes the rules the client relaxes while the user is still typing.
func checkInvocation(schema []CommandOption, given []Option, autocomplete bool, where string) error {
	hasSub := false
	for _, o := range schema {
		if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			hasSub = true
		}
	}
	if hasSub && len(given) != 1 {
		return fmt.Errorf("%s: exactly one subcommand must be given, got %d options", where, len(given))
	}
	names := map[string]bool{}
	for _, g := range given {
		o, ok := findCommandOption(schema, g.Name)
		if !ok {
			return fmt.Errorf("%s: option %q is not registered", where, g.Name)
		}
		if o.Type != g.Type {
			return fmt.Errorf("%s: option %q is registered with type %d, given type %d", where, g.Name, o.Type, g.Type)
		}
		names[g.Name] = true
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			if err := checkInvocation(o.Options, g.Options, autocomplete, where+" "+g.Name); err != nil {
				return err
			}
			continue
		}
		if g.Focused && !o.Autocomplete {
			return fmt.Errorf("%s: option %q is not registered with autocomplete", where, g.Name)
		}
		if !g.Focused {
			if err := checkOptionValue(o, g); err != nil {
				return fmt.Errorf("%s: %w", where, err)
			}
		}
		if len(o.Choices) > 0 && !g.Focused {
			found := false
			for _, ch := range o.Choices {
				if fmt.Sprint(ch.Value) == fmt.Sprint(g.Value) {
					found = true
				}
			}
			if !found {
				return fmt.Errorf("%s: option %q value %v is not one of its choices", where, g.Name, g.Value)
			}
		}
	}
	if !autocomplete {
		for _, o := range schema {
			if o.Required && !names[o.Name] {
				return fmt.Errorf("%s: required option %q is missing", where, o.Name)
			}
		}
	}
	return nil
}

// checkOptionValue applies the bounds the Discord client enforces before it
// sends a command: min_value/max_value for integers and numbers,
// min_length/max_length (default 0 to 6000) for strings.
func checkOptionValue(o CommandOption, g Option) error {
	switch o.Type {
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		var x float64
		switch n := g.Value.(type) {
		case int64:
			x = float64(n)
		case float64:
			x = n
		default:
			return fmt.Errorf("option %q value %v is not a number", g.Name, g.Value)
		}
		if o.MinValue != nil && x < *o.MinValue {
			return fmt.Errorf("option %q value %v is below its min_value %v, which the Discord client does not send", g.Name, g.Value, *o.MinValue)
		}
		if o.MaxValue != nil && x > *o.MaxValue {
			return fmt.Errorf("option %q value %v is above its max_value %v, which the Discord client does not send", g.Name, g.Value, *o.MaxValue)
		}
	case discordgo.ApplicationCommandOptionString:
		s, ok := g.Value.(string)
		if !ok {
			return fmt.Errorf("option %q value %v is not a string", g.Name, g.Value)
		}
		lo, hi := 0, maxStringOptionLength
		if o.MinLength != nil {
			lo = *o.MinLength
		}
		if o.MaxLength != nil {
			hi = *o.MaxLength
		}
		if n := runeLen(s); n < lo || n > hi {
			return fmt.Errorf("option %q value has %d characters, the option allows %d to %d", g.Name, n, lo, hi)
		}
	}
	return nil
}

// Size is what Discord counts of a command against its size limit: the
// names, descriptions and string choice values of the command and of
// everything in it, each field at its longest localization.
func (c Command) Size() int { return commandSize(c) }
