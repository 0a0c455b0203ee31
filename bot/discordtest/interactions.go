package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Option is a slash-command option as a user fills it in; build them with
// Sub, SubGroup, StringOpt, IntOpt, NumberOpt, BoolOpt and UserOpt.
type Option struct {
	Name    string
	Type    discordgo.ApplicationCommandOptionType
	Value   any
	Options []Option // subcommands and groups
	// Focused marks the option being typed in an autocomplete interaction.
	Focused bool
	user    *User
}

// Focus returns the option marked as the one the user is typing, for
// Autocomplete.
func (o Option) Focus() Option { o.Focused = true; return o }

// Sub is a subcommand with its options, e.g. Sub("play", StringOpt("card", "x")).
func Sub(name string, opts ...Option) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

// SubGroup is a subcommand group holding one subcommand.
func SubGroup(name string, sub Option) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: []Option{sub}}
}

// StringOpt is a string option; in autocomplete it holds the partial input.
func StringOpt(name, value string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
}

// IntOpt is an integer option.
func IntOpt(name string, value int64) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: value}
}

// NumberOpt is a number (float) option.
func NumberOpt(name string, value float64) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionNumber, Value: value}
}

// BoolOpt is a boolean option.
func BoolOpt(name string, value bool) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: value}
}

// UserOpt is a user option; the interaction carries the user (and member,
// in a guild) in data.resolved, as Discord sends it.
func UserOpt(name string, u User) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: u.ID, user: &u}
}

// Choice is an autocomplete result or a registered option choice.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
	// NameLocalizations maps Discord locales to the translated name.
	NameLocalizations map[string]string `json:"name_localizations,omitempty"`
}

// Modal is a modal the bot opened with a type 9 response.
type Modal struct {
	CustomID   string      `json:"custom_id"`
	Title      string      `json:"title"`
	Components []Component `json:"components"`
}

// Callback is the bot's accepted answer to POST /interactions/{id}/{token}/callback.
type Callback struct {
	Type discordgo.InteractionResponseType
	// Data is the response's "data" object as sent.
	Data      json.RawMessage
	Flags     discordgo.MessageFlags
	Ephemeral bool
	Choices   []Choice // type 8
	Modal     *Modal   // type 9
	Files     []Attachment
	// ReceivedAt is when the callback request arrived; Latency is the time
	// from writing INTERACTION_CREATE to that moment.
	ReceivedAt time.Time
	Latency    time.Duration
	RequestSeq int
}

// Interaction is an interaction the fake dispatched, and the handle to
// follow what the bot did with it. Its fields do not change; methods read
// the live state.
type Interaction struct {
	ID            string
	Token         string
	ApplicationID string
	Type          discordgo.InteractionType
	User          User
	GuildID       string // empty in DMs
	ChannelID     string
	// MessageID is the message a component was on (components, and modals
	// opened from a component).
	MessageID string
	// CommandName is the command, for commands and autocomplete.
	CommandName string
	// CustomID is the component's or modal's custom_id.
	CustomID string
	// Payload is the INTERACTION_CREATE data exactly as dispatched.
	Payload json.RawMessage

	s  *Server
	st *interactionState
}

type interactionState struct {
	h            *Interaction
	dispatchedAt time.Time
	connID       int
	firstCallAt  time.Time // first callback attempt that reached the interaction
	late         bool      // a callback came after the deadline
	// overHTTP marks an interaction POSTed to the interactions endpoint;
	// delivering is closed once its HTTP answer is taken (see deliver),
	// and refused is set when that answer was not one Discord accepts.
	overHTTP   bool
	endpoint   string // the endpoint URL that took the delivery
	delivering chan struct{}
	refused    bool
	cb         *Callback
	originalID string
	followups  []string
}

func (st *interactionState) latency() (time.Duration, bool) {
	if st.firstCallAt.IsZero() {
		return 0, false
	}
	return st.firstCallAt.Sub(st.dispatchedAt), true
}

// DispatchedAt is when INTERACTION_CREATE was written to the gateway.
func (in *Interaction) DispatchedAt() time.Time {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	return in.st.dispatchedAt
}

// OverHTTP reports whether the interaction was POSTed to the interactions
// endpoint rather than dispatched on the gateway.
func (in *Interaction) OverHTTP() bool { return in.st.overHTTP }

// Endpoint is the interactions endpoint URL the interaction was POSTed to
// (of those SetInteractionsEndpoints gave, the one that took it), "" on
// the gateway.
func (in *Interaction) Endpoint() string {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	return in.st.endpoint
}

// ConnectionID is the gateway connection (GatewayConn.ID) that received
// it; 0 for an interaction delivered over HTTP.
func (in *Interaction) ConnectionID() int {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	return in.st.connID
}

// Callback returns the bot's accepted callback, if any yet.
func (in *Interaction) Callback() (Callback, bool) {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	if in.st.cb == nil {
		return Callback{}, false
	}
	return *in.st.cb, true
}

// ErrInteractionFailed is returned by WaitAck and WaitResponse when the
// bot acknowledged the interaction too late, or, over the interactions
// endpoint, answered it with something Discord refuses: Discord shows its
// user that the interaction failed; nothing will answer it, and a person
// would press or type again.
var ErrInteractionFailed = errors.New("discordtest: the interaction failed: the bot did not acknowledge it validly before Discord's deadline")

// failed reports whether the interaction failed for its user (see
// ErrInteractionFailed).
func (st *interactionState) failed() bool { return st.late || st.refused }

// WaitAck waits for the bot's accepted callback.
func (in *Interaction) WaitAck(ctx context.Context) (Callback, error) {
	var cb Callback
	failed := false
	err := in.s.waitFor(ctx, "the callback of interaction "+in.ID, func() bool {
		if in.st.cb != nil {
			cb = *in.st.cb
			return true
		}
		failed = in.st.failed()
		return failed
	})
	if err == nil && failed {
		err = ErrInteractionFailed
	}
	return cb, err
}

// Latency is the time from dispatch to the bot's first callback attempt,
// even one that was refused (late, invalid, duplicate): that is when the
// bot answered, which is what a latency budget is about. False if none.
func (in *Interaction) Latency() (time.Duration, bool) {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	return in.st.latency()
}

// AckedInTime reports whether the bot's callback was accepted, which
// requires it to arrive within Options.AckDeadline.
func (in *Interaction) AckedInTime() bool {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	return in.st.cb != nil
}

// Late reports whether a callback arrived after the deadline (and was
// refused with 10062 "Unknown interaction"), or, over the interactions
// endpoint, no answer came before it.
func (in *Interaction) Late() bool {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	return in.st.late
}

// Original returns the @original message: the response message (types 4
// and 5), or the component's message (types 6 and 7).
func (in *Interaction) Original() (Message, bool) {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	m, ok := in.s.messages[in.st.originalID]
	if !ok {
		return Message{}, false
	}
	return cloneMessage(m), true
}

// Followups returns the follow-up messages, oldest first.
func (in *Interaction) Followups() []Message {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	var out []Message
	for _, id := range in.st.followups {
		out = append(out, cloneMessage(in.s.messages[id]))
	}
	return out
}

// Responses returns @original (if it is a message the response created)
// followed by the follow-ups.
func (in *Interaction) Responses() []Message {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	var out []Message
	if m, ok := in.s.messages[in.st.originalID]; ok && m.InteractionID == in.ID {
		out = append(out, cloneMessage(m))
	}
	for _, id := range in.st.followups {
		out = append(out, cloneMessage(in.s.messages[id]))
	}
	return out
}

// WaitFollowups waits until the bot sent at least n follow-ups, and returns
// them all.
func (in *Interaction) WaitFollowups(ctx context.Context, n int) ([]Message, error) {
	err := in.s.waitFor(ctx, fmt.Sprintf("%d follow-ups of interaction %s", n, in.ID), func() bool {
		return len(in.st.followups) >= n
	})
	if err != nil {
		return nil, err
	}
	return in.Followups(), nil
}

// ErrNoMessageResponse is returned by WaitResponse when the bot answered
// with an autocomplete result or a modal, which are not messages.
var ErrNoMessageResponse = errors.New("discordtest: the interaction was answered without a message")

// WaitResponse waits until the user sees a complete answer and returns that
// message: the response itself (types 4 and 7); for a deferred response
// (5), @original once edited or the first follow-up; for a deferred update
// (6), the component's message once edited or the first follow-up.
func (in *Interaction) WaitResponse(ctx context.Context) (Message, error) {
	var out Message
	var noMsg, failed bool
	s := in.s
	err := s.waitFor(ctx, "the response to interaction "+in.ID, func() bool {
		st := in.st
		if st.cb == nil {
			failed = st.failed()
			return failed
		}
		orig := s.messages[st.originalID]
		var first *Message
		if len(st.followups) > 0 {
			first = s.messages[st.followups[0]]
		}
		switch st.cb.Type {
		case discordgo.InteractionApplicationCommandAutocompleteResult, discordgo.InteractionResponseModal:
			noMsg = true
			return true
		case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
			out = cloneMessage(orig)
			return true
		case discordgo.InteractionResponseDeferredChannelMessageWithSource:
			if orig != nil && !orig.Loading() && !orig.Deleted {
				out = cloneMessage(orig)
				return true
			}
		case discordgo.InteractionResponseDeferredMessageUpdate:
			if orig != nil && orig.editedReal.After(st.cb.ReceivedAt) {
				out = cloneMessage(orig)
				return true
			}
		}
		if first != nil {
			out = cloneMessage(first)
			return true
		}
		return false
	})
	switch {
	case err == nil && failed:
		err = ErrInteractionFailed
	case err == nil && noMsg:
		err = ErrNoMessageResponse
	}
	return out, err
}

// Interactions returns every interaction dispatched so far, oldest first.
func (s *Server) Interactions() []*Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Interaction, len(s.interList))
	for i, st := range s.interList {
		out[i] = st.h
	}
	return out
}

// AckLatencies returns the dispatch-to-callback latency of every
// interaction that got a callback, in dispatch order; feed it to Percentile.
func (s *Server) AckLatencies() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []time.Duration
	for _, st := range s.interList {
		if d, ok := st.latency(); ok {
			out = append(out, d)
		}
	}
	return out
}

// Percentile returns the p-th percentile (0 < p <= 100) of ds by the
// nearest-rank method, e.g. Percentile(s.AckLatencies(), 99); zero if ds is
// empty.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sorted := slices.Clone(ds)
	slices.Sort(sorted)
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	rank = min(max(rank, 1), len(sorted))
	return sorted[rank-1]
}

// --- sending interactions as a user ---

// SlashCommand has user run /name with options in a channel (a guild
// channel, or the user's DM channel from DMChannel). In a guild the user
// becomes a member if needed. Unless Options.AllowUnregisteredCommands, the
// command must be registered and the options must fit its schema.
func (s *Server) SlashCommand(ctx context.Context, user User, channelID, name string, options ...Option) (*Interaction, error) {
	return s.commandInteraction(ctx, discordgo.InteractionApplicationCommand, user, channelID, name, options)
}

// Autocomplete sends the autocomplete interaction the Discord client sends
// while user types; exactly one option (possibly inside a subcommand) must
// be marked with Focus. The bot answers with choices: see Callback.Choices.
func (s *Server) Autocomplete(ctx context.Context, user User, channelID, name string, options ...Option) (*Interaction, error) {
	if n := countFocused(options); n != 1 {
		return nil, fmt.Errorf("discordtest: Autocomplete needs exactly one focused option, got %d", n)
	}
	return s.commandInteraction(ctx, discordgo.InteractionApplicationCommandAutocomplete, user, channelID, name, options)
}

func countFocused(opts []Option) int {
	n := 0
	for _, o := range opts {
		if o.Focused {
			n++
		}
		n += countFocused(o.Options)
	}
	return n
}

// ForgeSlashCommand sends a slash command that Discord itself never sends:
// it claims to come from guildID (its guild_id, and the member with their
// permissions in that guild) while its channel is channelID, which may
// belong to another guild. It tests that a bot checks a command's server
// against the channel's. The command must be registered for guildID.
func (s *Server) ForgeSlashCommand(ctx context.Context, user User, guildID, channelID, name string, options ...Option) (*Interaction, error) {
	return s.commandInteractionAs(ctx, discordgo.InteractionApplicationCommand, user, guildID, channelID, name, options)
}

func (s *Server) commandInteraction(ctx context.Context, typ discordgo.InteractionType, user User, channelID, name string, options []Option) (*Interaction, error) {
	return s.commandInteractionAs(ctx, typ, user, "", channelID, name, options)
}

// commandInteractionAs builds a command interaction; a non-empty guildID
// replaces the channel's own guild (a forgery).
func (s *Server) commandInteractionAs(ctx context.Context, typ discordgo.InteractionType, user User, guildID, channelID, name string, options []Option) (*Interaction, error) {
	return s.sendInteraction(ctx, func() (*interactionSpec, error) {
		ch, ok := s.channels[channelID]
		if !ok {
			return nil, fmt.Errorf("discordtest: unknown channel %q", channelID)
		}
		if guildID == "" {
			guildID = ch.GuildID
		} else if _, ok := s.guilds[guildID]; !ok {
			return nil, fmt.Errorf("discordtest: unknown guild %q", guildID)
		}
		data := map[string]any{"name": name, "type": int(discordgo.ChatApplicationCommand)}
		cmd := s.findCommandLocked(guildID, name)
		switch {
		case cmd != nil:
			if err := checkInvocation(cmd.Options, options, typ == discordgo.InteractionApplicationCommandAutocomplete, "/"+name); err != nil {
				return nil, fmt.Errorf("discordtest: %w", err)
			}
			data["id"] = cmd.ID
			if cmd.GuildID != "" {
				data["guild_id"] = cmd.GuildID
			}
		case s.opts.AllowUnregisteredCommands:
			data["id"] = s.newIDLocked()
		default:
			return nil, fmt.Errorf("discordtest: command /%s is not registered for channel %s (register it first, or set Options.AllowUnregisteredCommands)", name, channelID)
		}
		resolvedUsers, resolvedMembers := map[string]any{}, map[string]any{}
		data["options"] = s.optionsJSONLocked(options, guildID, resolvedUsers, resolvedMembers)
		if len(resolvedUsers) > 0 {
			resolved := map[string]any{"users": resolvedUsers}
			if len(resolvedMembers) > 0 {
				resolved["members"] = resolvedMembers
			}
			data["resolved"] = resolved
		}
		return &interactionSpec{typ: typ, user: user, channel: ch, guildID: guildID, data: data, commandName: name}, nil
	})
}

func (s *Server) optionsJSONLocked(opts []Option, guildID string, users, members map[string]any) []any {
	out := []any{}
	for _, o := range opts {
		m := map[string]any{"name": o.Name, "type": int(o.Type)}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			m["options"] = s.optionsJSONLocked(o.Options, guildID, users, members)
		default:
			m["value"] = o.Value
		}
		if o.Focused {
			m["focused"] = true
		}
		if o.user != nil {
			users[o.user.ID] = userJSON(*o.user)
			if mem, ok := s.members[memberKey{guildID, o.user.ID}]; ok && guildID != "" {
				mj := memberJSON(*mem, false)
				mj["permissions"] = fmt.Sprint(mem.Permissions)
				members[o.user.ID] = mj
			}
		}
		out = append(out, m)
	}
	return out
}

// ClickButton has user click the button with customID on a message. The
// button must exist, be enabled and not be a link, and the user must be able
// to see the message, or it is an error, as no real user could click it.
func (s *Server) ClickButton(ctx context.Context, user User, messageID, customID string) (*Interaction, error) {
	return s.componentInteraction(ctx, user, messageID, customID, nil, false)
}

// SelectMenu has user pick values in the string select menu with customID.
// The values must be among the menu's options and within its min/max.
func (s *Server) SelectMenu(ctx context.Context, user User, messageID, customID string, values ...string) (*Interaction, error) {
	if values == nil {
		values = []string{}
	}
	return s.componentInteraction(ctx, user, messageID, customID, values, true)
}

func (s *Server) componentInteraction(ctx context.Context, user User, messageID, customID string, values []string, isSelect bool) (*Interaction, error) {
	return s.sendInteraction(ctx, func() (*interactionSpec, error) {
		m, ok := s.messages[messageID]
		if !ok || m.Deleted {
			return nil, fmt.Errorf("discordtest: unknown message %q", messageID)
		}
		if m.Ephemeral && m.VisibleTo != user.ID {
			return nil, fmt.Errorf("discordtest: message %s is ephemeral and not visible to %s", messageID, user.Username)
		}
		comp, ok := m.Component(customID)
		if !ok {
			return nil, fmt.Errorf("discordtest: message %s has no component %q", messageID, customID)
		}
		if comp.Disabled {
			return nil, fmt.Errorf("discordtest: component %q of message %s is disabled", customID, messageID)
		}
		data := map[string]any{"custom_id": customID, "component_type": int(comp.Type)}
		if isSelect {
			if comp.Type != discordgo.SelectMenuComponent {
				return nil, fmt.Errorf("discordtest: component %q is not a string select menu (type %d)", customID, comp.Type)
			}
			if err := checkSelection(comp, values); err != nil {
				return nil, fmt.Errorf("discordtest: select %q: %w", customID, err)
			}
			data["values"] = values
		} else if comp.Type != discordgo.ButtonComponent || comp.Style == int(discordgo.LinkButton) {
			return nil, fmt.Errorf("discordtest: component %q is not a clickable button", customID)
		}
		return &interactionSpec{
			typ: discordgo.InteractionMessageComponent, user: user, channel: s.channels[m.ChannelID],
			data: data, message: m, customID: customID,
		}, nil
	})
}

// ForgeComponent sends a component interaction that no real client could
// send: any custom id and values, on message messageID, by any user. It
// tests how a bot treats forged, garbled or foreign payloads; the message
// must exist (Discord attaches it), but need not carry the component.
func (s *Server) ForgeComponent(ctx context.Context, user User, messageID, customID string, values ...string) (*Interaction, error) {
	return s.sendInteraction(ctx, func() (*interactionSpec, error) {
		m, ok := s.messages[messageID]
		if !ok {
			return nil, fmt.Errorf("discordtest: unknown message %q", messageID)
		}
		data := map[string]any{"custom_id": customID, "component_type": int(discordgo.ButtonComponent)}
		if values != nil {
			data["component_type"] = int(discordgo.SelectMenuComponent)
			data["values"] = values
		}
		return &interactionSpec{
			typ: discordgo.InteractionMessageComponent, user: user, channel: s.channels[m.ChannelID],
			data: data, message: m, customID: customID,
		}, nil
	})
}

// checkSelection applies what the Discord client enforces before it sends
// a selection: as many values as min_values..max_values allow (both default
// to 1), each one of the menu's options, none twice.
func checkSelection(c Component, values []string) error {
	lo, hi := selectBounds(c)
	if len(values) < lo || len(values) > hi {
		return fmt.Errorf("%d values chosen, the menu allows %d to %d", len(values), lo, hi)
	}
	seen := map[string]bool{}
	for _, v := range values {
		if !slices.ContainsFunc(c.Options, func(o SelectOption) bool { return o.Value == v }) {
			return fmt.Errorf("value %q is not one of the options", v)
		}
		if seen[v] {
			return fmt.Errorf("value %q is chosen twice", v)
		}
		seen[v] = true
	}
	return nil
}

// SubmitModal has user submit the modal the bot opened in answer to from,
// with values keyed by text input custom_id. Inputs not in values are sent
// empty; a required one missing is an error.
func (s *Server) SubmitModal(ctx context.Context, user User, from *Interaction, values map[string]string) (*Interaction, error) {
	return s.sendInteraction(ctx, func() (*interactionSpec, error) {
		cb := from.st.cb
		if cb == nil || cb.Modal == nil {
			return nil, fmt.Errorf("discordtest: interaction %s was not answered with a modal", from.ID)
		}
		var rows []any
		for _, row := range cb.Modal.Components {
			for _, in := range row.Components {
				v := values[in.CustomID]
				if v == "" && (in.Required == nil || *in.Required) {
					return nil, fmt.Errorf("discordtest: modal %q: required input %q has no value", cb.Modal.CustomID, in.CustomID)
				}
				if err := checkTextInput(in, v); err != nil {
					return nil, fmt.Errorf("discordtest: modal %q: input %q: %w", cb.Modal.CustomID, in.CustomID, err)
				}
				rows = append(rows, map[string]any{"type": 1, "components": []any{
					map[string]any{"type": int(discordgo.TextInputComponent), "custom_id": in.CustomID, "value": v},
				}})
			}
		}
		for k := range values {
			if _, ok := findComponent(cb.Modal.Components, k); !ok {
				return nil, fmt.Errorf("discordtest: modal %q has no input %q", cb.Modal.CustomID, k)
			}
		}
		spec := &interactionSpec{
			typ: discordgo.InteractionModalSubmit, user: user, channel: s.channels[from.ChannelID],
			data: map[string]any{"custom_id": cb.Modal.CustomID, "components": nonNil(rows)}, customID: cb.Modal.CustomID,
		}
		if from.MessageID != "" {
			spec.message = s.messages[from.MessageID]
		}
		return spec, nil
	})
}

// checkTextInput applies the length bounds the Discord client enforces on a
// filled-in text input (an empty optional input is always accepted).
func checkTextInput(in Component, v string) error {
	if v == "" {
		return nil
	}
	n := runeLen(v)
	lo, hi := 0, 4000
	if in.MinLength != nil {
		lo = *in.MinLength
	}
	if in.MaxLength != nil {
		hi = *in.MaxLength
	}
	if n < lo || n > hi {
		return fmt.Errorf("%d characters given, the input allows %d to %d", n, lo, hi)
	}
	return nil
}

type interactionSpec struct {
	typ     discordgo.InteractionType
	user    User
	channel *Channel
	// guildID is the guild the interaction claims, when it is not the
	// channel's own (ForgeSlashCommand).
	guildID     string
	data        map[string]any
	message     *Message
	commandName string
	customID    string
}

// sendInteraction builds (under s.mu) and dispatches an interaction: on
// the gateway, to the shard of its server, or, once the application has an
// interactions endpoint (SetInteractionsEndpoint), by an HTTP POST there.
// The interaction is registered before the frame is written, so even an
// instant callback finds it.
func (s *Server) sendInteraction(ctx context.Context, build func() (*interactionSpec, error)) (*Interaction, error) {
	if s.interactionsEndpoint() == nil {
		if _, err := s.WaitConnected(ctx); err != nil {
			return nil, err
		}
	}
	s.mu.Lock()
	spec, err := build()
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	in, payload, err := s.newInteractionLocked(spec)
	if err == nil && s.endpoint != nil {
		err = s.deliverLocked(in, payload)
		s.mu.Unlock()
		if err != nil {
			return nil, err
		}
		return in, nil
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	_, err = s.dispatchTo(ctx, in.GuildID, "INTERACTION_CREATE", payload, func(c *gwConn) {
		in.st.dispatchedAt = time.Now()
		in.st.connID = c.info.ID
		if _, again := s.interacts[in.ID]; !again { // a retry on another connection
			s.interacts[in.ID] = in.st
			s.byToken[in.Token] = in.st
			s.interList = append(s.interList, in.st)
		}
		s.notifyLocked()
	})
	if err != nil {
		return nil, err
	}
	return in, nil
}

func (s *Server) newInteractionLocked(spec *interactionSpec) (*Interaction, json.RawMessage, error) {
	u, ok := s.users[spec.user.ID]
	if !ok {
		return nil, nil, fmt.Errorf("discordtest: unknown user %q (add it with AddUser)", spec.user.ID)
	}
	ch := spec.channel
	guildID := ch.GuildID
	if spec.guildID != "" {
		guildID = spec.guildID
	}
	id := s.newIDLocked()
	in := &Interaction{
		ID:            id,
		Token:         "interaction-token-" + id,
		ApplicationID: s.bot.ID,
		Type:          spec.typ,
		User:          *u,
		GuildID:       guildID,
		ChannelID:     ch.ID,
		CommandName:   spec.commandName,
		CustomID:      spec.customID,
		s:             s,
	}
	in.st = &interactionState{h: in}
	p := map[string]any{
		"id":                    id,
		"application_id":        s.bot.ID,
		"type":                  int(spec.typ),
		"data":                  spec.data,
		"channel_id":            ch.ID,
		"channel":               s.channelJSONLocked(ch),
		"token":                 in.Token,
		"version":               1,
		"app_permissions":       fmt.Sprint(s.appPermissionsLocked(ch)),
		"locale":                userLocale(u),
		"entitlements":          []any{},
		"attachment_size_limit": s.opts.UploadLimit,
	}
	if spec.message != nil {
		in.MessageID = spec.message.ID
		p["message"] = s.messageJSONLocked(spec.message)
	}
	if guildID != "" {
		key := memberKey{guildID, u.ID}
		mem, ok := s.members[key]
		if !ok {
			mem = &Member{GuildID: guildID, User: *u, Permissions: DefaultMemberPermissions, JoinedAt: time.Now().UTC()}
			s.members[key] = mem
		}
		mj := memberJSON(*mem, true)
		mj["permissions"] = fmt.Sprint(mem.Permissions)
		p["guild_id"] = guildID
		p["guild_locale"] = guildLocale(s.guilds[guildID])
		p["member"] = mj
		p["context"] = 0 // GUILD
	} else {
		p["user"] = userJSON(*u)
		p["context"] = 1 // BOT_DM
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, nil, err
	}
	if !s.opts.Lean {
		in.Payload = raw
	}
	return in, raw, nil
}

// --- the bot's side: callback, follow-ups, @original ---

type callbackBody struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data json.RawMessage                   `json:"data"`
}

// allowedResponses lists the callback types Discord accepts per interaction type.
func allowedResponses(in *Interaction) []discordgo.InteractionResponseType {
	switch in.Type {
	case discordgo.InteractionApplicationCommand:
		return []discordgo.InteractionResponseType{4, 5, 9}
	case discordgo.InteractionMessageComponent:
		return []discordgo.InteractionResponseType{4, 5, 6, 7, 9}
	case discordgo.InteractionApplicationCommandAutocomplete:
		return []discordgo.InteractionResponseType{8}
	case discordgo.InteractionModalSubmit:
		if in.MessageID != "" {
			return []discordgo.InteractionResponseType{4, 5, 6, 7}
		}
		return []discordgo.InteractionResponseType{4, 5}
	}
	return nil
}

func (s *Server) interactionCallback(c *call) (int, any) {
	st, ok := s.interacts[c.param("interaction")]
	if !ok || st.h.Token != c.param("token") {
		return apiErr(http.StatusNotFound, 10062, "Unknown interaction")
	}
	return s.takeCallback(c, st)
}

// takeCallback takes the bot's response to an interaction, sent to the
// callback route or as the answer to its HTTP delivery, checked as
// Discord checks it.
func (s *Server) takeCallback(c *call, st *interactionState) (int, any) {
	now := c.req.At
	if st.firstCallAt.IsZero() {
		st.firstCallAt = now
		s.notifyLocked()
	}
	if st.cb != nil {
		return apiErr(http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
	}
	if now.Sub(st.dispatchedAt) > s.opts.AckDeadline {
		st.late = true
		s.notifyLocked()
		return apiErr(http.StatusNotFound, 10062, "Unknown interaction")
	}
	if stt, b, rejected := c.uploadRejected(); rejected {
		return stt, b
	}
	var body callbackBody
	if ok, stt, b := c.decode(&body); !ok {
		return stt, b
	}
	in := st.h
	if !slices.Contains(allowedResponses(in), body.Type) {
		c.v.add("type", "INTERACTION_RESPONSE_TYPE_INVALID", fmt.Sprintf("Interaction response type %d is not valid for interaction type %d", body.Type, in.Type))
		return c.invalid()
	}
	cb := &Callback{Type: body.Type, Data: body.Data, Files: c.req.Files, ReceivedAt: now, Latency: now.Sub(st.dispatchedAt), RequestSeq: c.req.Seq}
	var p messagePayload
	if present(body.Data) && !isNull(body.Data) {
		if err := json.Unmarshal(body.Data, &p); err != nil {
			c.v.add("data", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
			return c.invalid()
		}
	}
	cb.Flags = p.flags()
	cb.Ephemeral = cb.Flags&discordgo.MessageFlagsEphemeral != 0
	ch := s.channels[in.ChannelID]

	switch body.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		pm := parseMessage(c.v, "data.", p, c.req.Files, nil)
		checkFlags(c.v, "data.flags", pm.flags, responseFlags)
		if !c.v.ok() {
			return c.invalid()
		}
		cb.Files = pm.files
		if (pm.content == nil || *pm.content == "") && len(pm.embeds) == 0 && len(pm.components) == 0 && len(pm.files) == 0 {
			return c.reject(50006, "Cannot send an empty message")
		}
		m := s.newResponseMessageLocked(ch, in, pm, cb.Ephemeral)
		st.originalID = m.ID
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		checkFlags(c.v, "data.flags", cb.Flags, responseFlags)
		if !c.v.ok() {
			return c.invalid()
		}
		empty := ""
		m := s.newResponseMessageLocked(ch, in, parsedMessage{content: &empty}, cb.Ephemeral)
		m.Flags |= discordgo.MessageFlagsLoading
		st.originalID = m.ID
	case discordgo.InteractionResponseDeferredMessageUpdate:
		st.originalID = in.MessageID
	case discordgo.InteractionResponseUpdateMessage:
		m := s.messages[in.MessageID]
		if m == nil || m.Deleted {
			return apiErr(http.StatusNotFound, 10008, "Unknown Message")
		}
		if stt, b := s.applyEdit(c, m, body.Data, "data.", responseFlags); stt != http.StatusOK {
			return stt, b
		}
		st.originalID = m.ID
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		var d struct {
			Choices []Choice `json:"choices"`
		}
		_ = json.Unmarshal(body.Data, &d)
		validateChoices(c.v, "data.choices", d.Choices)
		if !c.v.ok() {
			return c.invalid()
		}
		cb.Choices = d.Choices
	case discordgo.InteractionResponseModal:
		var m Modal
		_ = json.Unmarshal(body.Data, &m)
		validateModal(c.v, "data", m)
		if !c.v.ok() {
			return c.invalid()
		}
		cb.Modal = &m
	}
	if s.opts.Lean {
		for i := range cb.Files {
			cb.Files[i].Data = nil
		}
	}
	st.cb = cb
	s.notifyLocked()
	return http.StatusNoContent, nil
}

func (s *Server) newResponseMessageLocked(ch *Channel, in *Interaction, pm parsedMessage, ephemeral bool) *Message {
	m := s.newMessageLocked(ch, s.bot, pm)
	m.InteractionID = in.ID
	if in.Type == discordgo.InteractionApplicationCommand {
		m.Type = discordgo.MessageTypeChatInputCommand
	}
	if ephemeral {
		m.Ephemeral, m.VisibleTo = true, in.User.ID
		m.Flags |= discordgo.MessageFlagsEphemeral
	}
	return m
}

// webhookInteraction resolves the interaction behind /webhooks/{app}/{token}.
func (s *Server) webhookInteraction(c *call) (*interactionState, int, any) {
	st, ok := s.byToken[c.param("token")]
	if !ok || c.param("app") != s.bot.ID {
		stt, b := apiErr(http.StatusNotFound, 10015, "Unknown Webhook")
		return nil, stt, b
	}
	if time.Since(st.dispatchedAt) > 15*time.Minute {
		stt, b := apiErr(http.StatusUnauthorized, 50027, "Invalid Webhook Token")
		return nil, stt, b
	}
	// Until the interaction is acknowledged with a message-bearing
	// response, its webhook does not exist.
	if st.cb == nil || st.cb.Type == discordgo.InteractionApplicationCommandAutocompleteResult || st.cb.Type == discordgo.InteractionResponseModal {
		stt, b := apiErr(http.StatusNotFound, 10015, "Unknown Webhook")
		return nil, stt, b
	}
	return st, 0, nil
}

// webhookMessage resolves {message} (an id or "@original") among the
// interaction's messages.
func (s *Server) webhookMessage(c *call, st *interactionState) (*Message, int, any) {
	id := c.param("message")
	if id == "@original" {
		id = st.originalID
	}
	m, ok := s.messages[id]
	if ok && !m.Deleted && (id == st.originalID || slices.Contains(st.followups, id)) {
		return m, 0, nil
	}
	stt, b := apiErr(http.StatusNotFound, 10008, "Unknown Message")
	return nil, stt, b
}

func (s *Server) followup(c *call) (int, any) {
	st, stt, b := s.webhookInteraction(c)
	if st == nil {
		return stt, b
	}
	if stt, b, rejected := c.uploadRejected(); rejected {
		return stt, b
	}
	var p messagePayload
	if ok, stt, b := c.decode(&p); !ok {
		return stt, b
	}
	pm := parseMessage(c.v, "", p, c.req.Files, nil)
	checkFlags(c.v, "flags", pm.flags, responseFlags)
	if !c.v.ok() {
		return c.invalid()
	}
	if (pm.content == nil || *pm.content == "") && len(pm.embeds) == 0 && len(pm.components) == 0 && len(pm.files) == 0 {
		return c.reject(50006, "Cannot send an empty message")
	}
	wait := c.req.Query.Get("wait") == "true"
	// After a deferred response, the first follow-up replaces the
	// "thinking..." message instead of posting a new one (its flags are
	// ignored), as documented by Discord.
	if orig := s.messages[st.originalID]; st.cb.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource &&
		orig != nil && orig.Loading() && !orig.Deleted {
		s.editMessageLocked(orig, pm)
		if !wait {
			return http.StatusNoContent, nil
		}
		return http.StatusOK, s.messageJSONLocked(orig)
	}
	m := s.newResponseMessageLocked(s.channels[st.h.ChannelID], st.h, pm, pm.flags&discordgo.MessageFlagsEphemeral != 0)
	m.Type = discordgo.MessageTypeDefault
	st.followups = append(st.followups, m.ID)
	s.notifyLocked()
	if !wait {
		return http.StatusNoContent, nil
	}
	return http.StatusOK, s.messageJSONLocked(m)
}

func (s *Server) getWebhookMessage(c *call) (int, any) {
	_, m, stt, b := s.webhookTarget(c)
	if m == nil {
		return stt, b
	}
	return http.StatusOK, s.messageJSONLocked(m)
}

// webhookTarget finds the interaction and the message a webhook message
// route names; on failure it returns the error response instead.
func (s *Server) webhookTarget(c *call) (*interactionState, *Message, int, any) {
	st, stt, b := s.webhookInteraction(c)
	if st == nil {
		return nil, nil, stt, b
	}
	m, stt, b := s.webhookMessage(c, st)
	return st, m, stt, b
}

func (s *Server) editWebhookMessage(c *call) (int, any) {
	_, m, stt, b := s.webhookTarget(c)
	if m == nil {
		return stt, b
	}
	// Ephemerality cannot change on an edit; the flag is accepted and ignored.
	return s.applyEdit(c, m, c.req.JSON, "", responseFlags)
}

func (s *Server) deleteWebhookMessage(c *call) (int, any) {
	_, m, stt, b := s.webhookTarget(c)
	if m == nil {
		return stt, b
	}
	m.Deleted = true
	s.notifyLocked()
	return http.StatusNoContent, nil
}
