package bot

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/face"
	"atheneum/i18n"
)

// Discord's limits on a slash command.
const (
	maxCommandName        = 32
	maxCommandDescription = 100
	maxChoiceName         = 100
	maxOptionsPerLevel    = 25
	maxChoicesPerOption   = 25
	maxCommandCharacters  = 4000 // names, descriptions and choice values, per locale
)

var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// commandNode is a command or an option, seen the same way.
type commandNode struct {
	path         string
	name, desc   string
	names, descs map[discordgo.Locale]string
	options      []*discordgo.ApplicationCommandOption
	choices      []*discordgo.ApplicationCommandOptionChoice
}

func rootNode(c *discordgo.ApplicationCommand) commandNode {
	n := commandNode{path: c.Name, name: c.Name, desc: c.Description, options: c.Options}
	if c.NameLocalizations != nil {
		n.names = *c.NameLocalizations
	}
	if c.DescriptionLocalizations != nil {
		n.descs = *c.DescriptionLocalizations
	}
	return n
}

func optionNode(parent string, o *discordgo.ApplicationCommandOption) commandNode {
	return commandNode{path: parent + " " + o.Name, name: o.Name, desc: o.Description, names: o.NameLocalizations, descs: o.DescriptionLocalizations, options: o.Options, choices: o.Choices}
}

// walk visits n and every option below it.
func walk(n commandNode, visit func(commandNode)) {
	visit(n)
	for _, o := range n.options {
		walk(optionNode(n.path, o), visit)
	}
}

// inLocale returns a localised text, or the base text where the locale has none.
func inLocale(m map[discordgo.Locale]string, loc discordgo.Locale, base string) string {
	if v, ok := m[loc]; ok {
		return v
	}
	return base
}

// commandsByName are the test bot's commands, one per game it hosts.
func commandsByName(t *testing.T) map[string]*discordgo.ApplicationCommand {
	t.Helper()
	defs := testBot().commandDefs()
	byName := map[string]*discordgo.ApplicationCommand{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	for _, f := range testFaces() {
		if byName[f.Command()] == nil {
			t.Fatalf("testBot().commandDefs() has no /%s", f.Command())
		}
	}
	if len(defs) != len(testFaces()) {
		t.Fatalf("testBot().commandDefs() = %d commands for %d games", len(defs), len(testFaces()))
	}
	return byName
}

// allCommands are the test bot's commands in the order of its games,
// Atheneum's first.
func allCommands(t *testing.T) []*discordgo.ApplicationCommand {
	t.Helper()
	byName := commandsByName(t)
	var out []*discordgo.ApplicationCommand
	for _, f := range testFaces() {
		out = append(out, byName[f.Command()])
	}
	return out
}

// testLocales are the base (English, "") and every localised locale.
var testLocales = []discordgo.Locale{"", discordgo.French}

func TestCommandDefinitionsStayWithinDiscordsLimits(t *testing.T) {
	for _, cmd := range allCommands(t) {
		t.Run("/"+cmd.Name+" stays within the limits", func(t *testing.T) { checkLimits(t, cmd) })
	}
}

// checkLimits holds one command to Discord's limits on names, descriptions,
// options, choices and size, in every locale.
func checkLimits(t *testing.T, cmd *discordgo.ApplicationCommand) {
	for _, loc := range testLocales {
		total := 0
		walk(rootNode(cmd), func(n commandNode) {
			name, desc := inLocale(n.names, loc, n.name), inLocale(n.descs, loc, n.desc)
			total += utf8.RuneCountInString(name) + utf8.RuneCountInString(desc)
			if !commandName.MatchString(name) || name != strings.ToLower(name) {
				t.Errorf("%s [%s]: name %q is not 1-32 lowercase letters, digits, - or _", n.path, loc, name)
			}
			if d := utf8.RuneCountInString(desc); d < 1 || d > maxCommandDescription {
				t.Errorf("%s [%s]: description of %d characters: %q", n.path, loc, d, desc)
			}
			if len(n.options) > maxOptionsPerLevel {
				t.Errorf("%s: %d options", n.path, len(n.options))
			}
			if len(n.choices) > maxChoicesPerOption {
				t.Errorf("%s: %d choices", n.path, len(n.choices))
			}
			seen := map[string]bool{}
			for _, o := range n.options {
				on := inLocale(o.NameLocalizations, loc, o.Name)
				if seen[on] {
					t.Errorf("%s [%s]: two options are named %q", n.path, loc, on)
				}
				seen[on] = true
			}
			for _, c := range n.choices {
				cn := inLocale(c.NameLocalizations, loc, c.Name)
				total += utf8.RuneCountInString(cn) + utf8.RuneCountInString(fmt.Sprint(c.Value))
				if l := utf8.RuneCountInString(cn); l < 1 || l > maxChoiceName {
					t.Errorf("%s [%s]: choice %v is named with %d characters", n.path, loc, c.Value, l)
				}
			}
		})
		if total > maxCommandCharacters {
			t.Errorf("[%s]: the command adds up to %d characters, Discord allows %d", loc, total, maxCommandCharacters)
		}
	}
}

// Room a game's command keeps below Discord's limits, so that a shared
// subcommand added later (up to roomForSubcommands of them, each of up to
// roomPerSubcommand characters with its options) still registers.
const (
	roomForSubcommands = 3
	roomPerSubcommand  = 100
)

// TestEveryCommandLeavesRoomForMoreSubcommands counts each command as
// Discord does (the names, descriptions and string choice values of the
// command and everything in it, each field at its longest localization,
// summed; discordtest.Command.Size) against the stricter of the limits
// Discord has published, 4000 characters, and its 25 options, with room
// to spare for subcommands to come.
func TestEveryCommandLeavesRoomForMoreSubcommands(t *testing.T) {
	for _, cmd := range allCommands(t) {
		t.Run("/"+cmd.Name+" leaves room for more subcommands", func(t *testing.T) {
			data, err := json.Marshal(cmd)
			if err != nil {
				t.Fatal(err)
			}
			var c discordtest.Command
			if err := json.Unmarshal(data, &c); err != nil {
				t.Fatal(err)
			}
			size, options := c.Size(), len(cmd.Options)
			t.Logf("/%s: %d characters as Discord counts them, %d options", cmd.Name, size, options)
			if limit := maxCommandCharacters - roomForSubcommands*roomPerSubcommand; size > limit {
				t.Errorf("/%s counts %d characters: over %d, it leaves no room for %d more subcommands below Discord's %d", cmd.Name, size, limit, roomForSubcommands, maxCommandCharacters)
			}
			if limit := maxOptionsPerLevel - roomForSubcommands; options > limit {
				t.Errorf("/%s has %d options: over %d, it leaves no room for %d more below Discord's %d", cmd.Name, options, limit, roomForSubcommands, maxOptionsPerLevel)
			}
		})
	}
}

func TestEveryCommandWordIsLocalisedInFrench(t *testing.T) {
	for _, cmd := range allCommands(t) {
		checkLocalised(t, cmd)
	}
}

// checkLocalised fails on a word of cmd missing in English or French.
func checkLocalised(t *testing.T, cmd *discordgo.ApplicationCommand) {
	bad := func(s string) bool { return s == "" || strings.HasPrefix(s, "[") }
	walk(rootNode(cmd), func(n commandNode) {
		if bad(n.names[discordgo.French]) || bad(n.descs[discordgo.French]) {
			t.Errorf("%s: French name %q, description %q", n.path, n.names[discordgo.French], n.descs[discordgo.French])
		}
		if bad(n.name) || bad(n.desc) {
			t.Errorf("%s: English name %q, description %q", n.path, n.name, n.desc)
		}
		for _, c := range n.choices {
			if bad(c.Name) || bad(c.NameLocalizations[discordgo.French]) {
				t.Errorf("%s: choice %v is named %q, in French %q", n.path, c.Value, c.Name, c.NameLocalizations[discordgo.French])
			}
		}
	})
}

// TestCommandNamesAreTheAPI freezes the command's shape: the handlers
// switch on these English names and option types, so a change here must be
// a change of the handlers too. The English catalogue's names must be the
// API names, so that the catalogue documents the command as it is.
func TestCommandNamesAreTheAPI(t *testing.T) {
	want := []string{
		"atheneum",
		"atheneum new", "atheneum new seats integer 2-5", "atheneum new hours integer 1-336", "atheneum new thread boolean", "atheneum new language string [en fr]",
		"atheneum tutorial",
		"atheneum hand", "atheneum play",
		"atheneum place", "atheneum place item string required autocomplete", "atheneum place space string required autocomplete", "atheneum place color string [T V G P K]", "atheneum place flip boolean",
		"atheneum status", "atheneum log", "atheneum log turns integer 1-10", "atheneum shelf", "atheneum shelf player user",
		"atheneum table", "atheneum objectives", "atheneum scores",
		"atheneum rules", "atheneum rules topic string [overview turn benefits shelving spiders tokens objectives scoring rulings help]",
		"atheneum help",
		"atheneum admin",
		"atheneum admin extend", "atheneum admin extend hours integer required 1-336",
		"atheneum admin hours", "atheneum admin hours hours integer required 1-336",
		"atheneum admin pause", "atheneum admin resume",
		"atheneum admin autopilot", "atheneum admin autopilot player user required",
		"atheneum admin replace", "atheneum admin replace player user required", "atheneum admin replace member user", "atheneum admin replace ai string [random normal hard]",
		"atheneum admin remove", "atheneum admin remove player user required",
		"atheneum admin end", "atheneum admin end reason string required max200",
		"atheneum resign",
		"atheneum away", "atheneum away hours integer required 1-168", "atheneum back",
		"atheneum notify", "atheneum notify mode string required [dm mention quiet]",
		"atheneum hints", "atheneum hints mode string required [on off]",
		"atheneum language", "atheneum language language string required [en fr]",
		"atheneum records",
		"atheneum records history", "atheneum records history scope string [channel server]", "atheneum records history game string autocomplete max100",
		"atheneum records stats", "atheneum records stats member user", "atheneum records stats game string autocomplete max100",
		"atheneum records leaderboard", "atheneum records leaderboard game string autocomplete max100", "atheneum records games",
		"atheneum records replay", "atheneum records replay game string required autocomplete",
	}
	// Anludim's command shares every subcommand that is not about the
	// board, and has its own: play, then (read-only) hand, table and items.
	own := map[string]bool{"hand": true, "play": true, "place": true, "shelf": true, "table": true, "objectives": true, "scores": true, "rules": true}
	wantAnludim := []string{}
	for _, line := range want {
		words := strings.Fields(line)
		if len(words) > 1 && own[words[1]] {
			continue
		}
		wantAnludim = append(wantAnludim, "anludim"+strings.TrimPrefix(line, "atheneum"))
		if line == "atheneum tutorial" {
			wantAnludim = append(wantAnludim, "anludim play")
		}
		if line == "atheneum log turns integer 1-10" {
			wantAnludim = append(wantAnludim, "anludim hand", "anludim table", "anludim items",
				"anludim rules", "anludim rules topic string [overview turn combinations expert professors round_end parchments table help]")
		}
	}
	// The fixture game's command shares them too, and has the kit's own:
	// play, then (read-only) table.
	var wantFixture []string
	for _, line := range want {
		words := strings.Fields(line)
		if len(words) > 1 && own[words[1]] {
			continue
		}
		// Two seats, and two levels of computer players.
		line = strings.NewReplacer("seats integer 2-5", "seats integer 2-2", "[random normal hard]", "[random normal]").Replace(line)
		wantFixture = append(wantFixture, "tictactoe"+strings.TrimPrefix(line, "atheneum"))
		if line == "atheneum tutorial" {
			wantFixture = append(wantFixture, "tictactoe play")
		}
		if line == "atheneum log turns integer 1-10" {
			wantFixture = append(wantFixture, "tictactoe table", "tictactoe rules", "tictactoe rules topic string [overview]")
		}
	}
	// Ex Libris's has its own: play and archive (typed, with suggestions),
	// then (read-only) hand, collection and city.
	wantExlibris := []string{}
	for _, line := range wantAnludim {
		words := strings.Fields(line)
		if len(words) > 1 && (words[1] == "table" || words[1] == "items" || words[1] == "hand" || words[1] == "rules") {
			continue
		}
		wantExlibris = append(wantExlibris, "exlibris"+strings.TrimPrefix(line, "anludim"))
		switch line {
		case "anludim new seats integer 2-5":
			wantExlibris[len(wantExlibris)-1] = "exlibris new seats integer 1-4"
		case "anludim play":
			wantExlibris = append(wantExlibris, "exlibris archive", "exlibris archive place string required autocomplete max20",
				"exlibris archive card string autocomplete max20")
		case "anludim log turns integer 1-10":
			wantExlibris = append(wantExlibris, "exlibris hand", "exlibris collection", "exlibris collection player user", "exlibris city",
				"exlibris rules", "exlibris rules topic string [overview setup round locations archiving scoring variants solo help]")
		}
	}
	byName := commandsByName(t)
	for _, tc := range []struct {
		face face.Face
		want []string
	}{{testFaces()[0], want}, {testFaces()[1], wantAnludim}, {testFaces()[2], wantFixture}, {testFaces()[3], wantExlibris}} {
		t.Run("/"+tc.face.Command()+" keeps its shape", func(t *testing.T) {
			checkShape(t, byName[tc.face.Command()], tc.face, tc.want)
		})
	}
}

// checkShape compares a command with the shape wanted, and its English
// catalogue names with its API names.
func checkShape(t *testing.T, cmd *discordgo.ApplicationCommand, f face.Face, want []string) {
	var got []string
	var visit func(path string, o *discordgo.ApplicationCommandOption)
	visit = func(path string, o *discordgo.ApplicationCommandOption) {
		line := path + " " + o.Name
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
		default:
			line += " " + strings.ToLower(o.Type.String())
		}
		if o.Required {
			line += " required"
		}
		if o.Autocomplete {
			line += " autocomplete"
		}
		if o.MinValue != nil {
			line += fmt.Sprintf(" %g-%g", *o.MinValue, o.MaxValue)
		}
		if o.MaxLength > 0 {
			line += fmt.Sprintf(" max%d", o.MaxLength)
		}
		if len(o.Choices) > 0 {
			var values []string
			for _, c := range o.Choices {
				values = append(values, fmt.Sprint(c.Value))
			}
			line += " [" + strings.Join(values, " ") + "]"
		}
		got = append(got, line)
		for _, sub := range o.Options {
			visit(path+" "+o.Name, sub)
		}
	}
	got = append(got, cmd.Name)
	for _, o := range cmd.Options {
		visit(cmd.Name, o)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the command is\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	keys := catalogueKeys(gameSpec(f, testFaces()))
	walk(rootNode(cmd), func(n commandNode) {
		path := strings.ReplaceAll(strings.TrimPrefix(strings.TrimPrefix(n.path, cmd.Name), " "), " ", ".")
		key, ok := keys[path]
		if path == "" {
			key, ok = cmd.Name, true
		}
		if !ok {
			t.Errorf("%s has no catalogue path", n.path)
			return
		}
		if got := i18n.English.T("cmd." + key + ".name"); got != n.name {
			t.Errorf("cmd.%s.name is %q in English, the API name is %q", key, got, n.name)
		}
	})
}

// catalogueKeys maps each option's path of names below the command
// ("admin.end.reason") to its catalogue path, as commandDefs builds it.
func catalogueKeys(spec face.Spec) map[string]string {
	keys := map[string]string{}
	var visit func(names, key string, s face.Spec)
	visit = func(names, key string, s face.Spec) {
		keys[names] = key
		for _, o := range s.Options {
			visit(names+"."+o.Name, specPath(key, o), o)
		}
	}
	for _, o := range spec.Options {
		visit(o.Name, specPath("", o), o)
	}
	return keys
}

// localisedSubcommand returns the API name of the subcommand (or group)
// that a speaker of loc sees as name, or "".
func localisedSubcommand(cmd *discordgo.ApplicationCommand, loc discordgo.Locale, name string) string {
	for _, o := range cmd.Options {
		if inLocale(o.NameLocalizations, loc, o.Name) == name {
			return o.Name
		}
	}
	return ""
}

// TestTheFakeDiscordAcceptsTheCommand registers the command through the
// real client against the project's fake Discord, which checks it as
// Discord does, and reads back the French names it stored.
func TestTheFakeDiscordAcceptsTheCommand(t *testing.T) {
	srv := discordtest.New(t, withREST(discordtest.Options{}))
	dg, err := srv.NewSession("token")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ApplicationCommandBulkOverwrite(srv.AppID(), "", testBot().commandDefs()); err != nil {
		t.Fatalf("registering /atheneum: %v", err)
	}
	if v := srv.TakeViolations(); len(v) > 0 {
		t.Fatalf("Discord would refuse the command: %v", v)
	}
	cmds := srv.Commands("")
	if len(cmds) != 4 || cmds[0].NameLocalizations["fr"] != "atheneum" || cmds[1].NameLocalizations["fr"] != "anludim" || cmds[2].NameLocalizations["fr"] != "morpion" || cmds[3].NameLocalizations["fr"] != "exlibris" {
		names := make([]string, len(cmds))
		for i, c := range cmds {
			names[i] = c.Name + "/" + c.NameLocalizations["fr"]
		}
		t.Fatalf("stored commands %v, want atheneum, anludim, tictactoe (morpion) and exlibris", names)
	}
	admin, ok := cmds[0].Option("admin")
	if !ok {
		t.Fatal("no admin group was stored")
	}
	if end, ok := admin.Option("end"); !ok || end.NameLocalizations["fr"] != "terminer" {
		t.Errorf("admin end stored as %+v", end)
	}
}
