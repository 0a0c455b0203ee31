package face

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/store"
)

// Game is one game as the face kit shows it on Discord: what is the game's
// own (its kind, its command, its words and its pictures) and the hooks
// its play needs. Only Kind and Command are required; every hook left nil
// keeps the kit's default, and every word comes from the catalogue, under
// keys named after Command ("<Command>.title", "<Command>.rules.<topic>",
// "<Command>.key.<key>.label", "<Command>.event.<kind>",
// "<Command>.refusal.<code>", "<Command>.option.<name>.<value>.choice").
type Game struct {
	// Kind is the game with its computer players, as the service runs it.
	Kind game.Kind
	// Command is the game's slash command and the prefix of its words.
	Command string
	// Topics are the topics of its rules, the overview first (nil: the
	// overview alone).
	Topics []string
	// Codec writes the path of a move in custom ids (nil: KeyCodec).
	Codec Codec
	// Layout lays a seat's choices out on b and reports whether b's page
	// exists (nil: Board.LayOut, naming each choice by Label).
	Layout func(b *Board) bool
	// Label names a choice of b and describes it (nil: the catalogue's
	// "<Command>.key.<key>.label", else the key itself).
	Label func(b *Board, c engine.Choice) (text, desc string)
	// Text are the prompt's lines on b (nil: whose turn it is and, when
	// keys are chosen, which).
	Text func(b *Board) []string
	// Waiting says what a seat the game does not wait for is waiting for
	// (nil: whose turn it is).
	Waiting func(l i18n.Lang, rec *store.Game, seat int) string
	// Picture is the prompt's picture at the start of a move: the seat's
	// own view (nil: none). Later steps of a move keep the message's.
	Picture func(env Env, rec *store.Game, seat int) []Picture
	// Table is the game as everyone sees it, shown when a step ends and
	// by the table subcommand (nil: none).
	Table func(env Env, rec *store.Game) []Picture
	// Events words what moves caused for reader, a seat or
	// engine.Spectator (nil: "<Command>.event.<kind>" with the event's
	// arguments and "Name", the seat's name; its seat reads
	// "<Command>.event.<kind>.own" where the catalogue has it, in the
	// second person; a private event is worded for others by
	// "<Command>.event.<kind>.hidden", or not at all).
	Events func(l i18n.Lang, rec *store.Game, events []engine.Event, reader int) []string
	// Hint says what to do on b and why, for a seat shown hints (a
	// practice game, a member's first games: face.Env.Hints); nil: the
	// game has no hints.
	Hint func(b *Board) string
	// Forced returns the move seat would only be asked to confirm, which
	// is played for it at once (nil: none).
	Forced func(rec *store.Game, seat int) engine.Move
	// Polish finishes every text the kit composes in l (a language's
	// elisions, say; nil: none).
	Polish func(l i18n.Lang, text string) string
	// Chapter names the part of the game the current step belongs to (a
	// round), for a game played one seat at a time whose channel has one
	// live post per chapter (nil: a post per step; see Face.Chapter).
	Chapter func(rec *store.Game) string
}

// Kit is a game's Discord face built from its Game: every method of Face
// has a default here. A game whose play needs more embeds *Kit in its
// face and overrides the methods it must.
type Kit struct {
	G Game

	taught taughtHints
}

var _ Face = (*Kit)(nil)

// NewKit returns the face of g.
func NewKit(g Game) *Kit {
	if g.Codec == nil {
		g.Codec = KeyCodec{}
	}
	if g.Polish == nil {
		g.Polish = func(_ i18n.Lang, s string) string { return s }
	}
	return &Kit{G: g}
}

// Kind is the game's kind.
func (k *Kit) Kind() game.Kind { return k.G.Kind }

// Command is the game's slash command.
func (k *Kit) Command() string { return k.G.Command }

// SubPlay is the kit's own subcommand: the seat's prompt again, in the
// channel (for instance when direct messages are closed).
const SubPlay = "play"

// Subcommands are play, and table when the game has a Table picture.
func (k *Kit) Subcommands() []Spec {
	play := Sub(SubPlay)
	play.Key = "face.play"
	subs := []Spec{play}
	if k.G.Table != nil {
		table := Sub("table")
		table.Key, table.ReadOnly = "face.table", true
		subs = append(subs, table)
	}
	return subs
}

// RulesTopics are the game's topics, the overview first.
func (k *Kit) RulesTopics() []string {
	if len(k.G.Topics) == 0 {
		return []string{"overview"}
	}
	return slices.Clone(k.G.Topics)
}

// RulesKey is "<Command>.rules.<topic>".
func (k *Kit) RulesKey(topic string) string { return k.G.Command + ".rules." + topic }

// RulesText is one topic, or for an empty or unknown one the overview and
// the other topics.
func (k *Kit) RulesText(l i18n.Lang, topic string) string {
	return RulesOrOverview(l, k.G.Command, k.RulesTopics(), k.RulesKey, topic)
}

// HandleCommand answers play (the seat's prompt, through the adapter, so
// that a seat on autopilot gets the button that takes it back) and table.
func (k *Kit) HandleCommand(ctx context.Context, env Env, r Reply, name string, _ Options, in Target) (Decision, error) {
	rec := in.Rec()
	l := r.Lang()
	switch name {
	case SubPlay:
		seat := game.SeatOf(rec, InteractionUser(r.Interaction()).ID)
		if seat < 0 {
			return Decision{}, RefuseID("face.not.playing", "Command", k.G.Command)
		}
		if in.Table == nil || rec.State == nil {
			return Decision{}, RefuseID("cmd.in.lobby")
		}
		m, err := env.Prompt(ctx, in.Table, seat, l)
		if err != nil {
			return Decision{}, err
		}
		return Decision{Show: &m}, nil
	case "table":
		if k.G.Table == nil || rec.State == nil {
			break
		}
		content := ""
		if rec.State != nil && !rec.State.Over() {
			content = l.T("face.waiting", "Names", JoinAnd(l, awaitedNames(rec)))
		}
		if content == "" {
			content = k.Scores(l, rec)
		}
		if content == "" {
			content = l.T("face.table")
		}
		return Decision{Show: &Message{Content: content, Pictures: k.G.Table(env, rec)}}, nil
	}
	return Decision{}, RefuseID("cmd.unknown", "Command", k.G.Command)
}

// Autocomplete suggests nothing: the kit's subcommands take no typed
// value.
func (k *Kit) Autocomplete(context.Context, Reply, string, Options, string, *game.Snapshot) []*discordgo.ApplicationCommandOptionChoice {
	return nil
}

// Prompt is seat's message at the start of its move (or what it waits
// for), with the step's deadline when it has choices.
func (k *Kit) Prompt(ctx context.Context, env Env, t *game.Table, seat int, l i18n.Lang) (Message, error) {
	return k.Message(ctx, env, t, seat, l, nil, 0, nil, nil), nil
}

// Message is seat's message at path (on page), after lead (what its last
// move did, worded for it): the choices Next offers there laid out, the
// prompt's words, its hint, its picture at the start of a move and the
// step's deadline. A path the seat can no longer be at shows the start.
// in is the interaction whose message this one replaces (nil for a new
// message): a hint that message taught is not taught again, so that a
// message edited press after press tells each hint where it changes.
func (k *Kit) Message(ctx context.Context, env Env, t *game.Table, seat int, l i18n.Lang, path []string, page int, lead []string, in Reply) Message {
	rec := t.Rec
	lines := slices.Clone(lead)
	st := rec.State
	switch {
	case st == nil:
		return Message{Content: l.T("cmd.in.lobby")}
	case st.Over():
		return Message{Content: k.G.Polish(l, strings.Join(append(lines, l.T("face.over")), "\n"))}
	}
	b, ok := k.Board(l, rec, seat, path, page)
	if !ok {
		if b, ok = k.Board(l, rec, seat, nil, 0); !ok {
			return Message{Content: k.G.Polish(l, strings.Join(append(lines, k.waiting(l, rec, seat)), "\n"))}
		}
	}
	lines = append(lines, k.text(b)...)
	if k.G.Hint != nil && env.Hints(ctx, rec, seat) {
		var i *discordgo.Interaction
		if in != nil {
			i = in.Interaction()
		}
		hint := k.G.Hint(b)
		if hint != "" && !k.taught.taught(i, hint) {
			lines = append(lines, hint)
		}
		k.taught.set(taughtKey(i), hint)
	}
	m := Message{Content: strings.Join(lines, "\n"), Components: b.Rows()}
	if len(b.Path) == 0 && k.G.Picture != nil {
		m.Pictures = k.G.Picture(env, rec, seat)
	}
	if line := env.DeadlineLine(ctx, t, l); line != "" && len(m.Components) > 0 {
		m.Content += "\n" + line
	}
	// A member may play in several channels: a prompt that does not say
	// where its game is says it (in a direct message nothing else does).
	if where := "<#" + rec.ChannelID + ">"; len(m.Components) > 0 && !strings.Contains(m.Content, where) {
		m.Content += "\n" + l.T("face.prompt.where", "Channel", where)
	}
	m.Content = k.G.Polish(l, m.Content)
	return m
}

// Board lays out seat's choices at path and page in l; ok is false when
// the seat is not there (not awaited, a key not offered, no such page).
func (k *Kit) Board(l i18n.Lang, rec *store.Game, seat int, path []string, page int) (*Board, bool) {
	b, ok := NewBoard(l, rec, seat, path, page, k.G.Codec)
	if !ok {
		return nil, false
	}
	if k.G.Layout != nil {
		ok = k.G.Layout(b)
	} else {
		ok = b.LayOut(func(c engine.Choice) (string, string) { return k.Label(b, c) })
	}
	return b, ok
}

// Label names a choice of b (see Game.Label).
func (k *Kit) Label(b *Board, c engine.Choice) (text, desc string) {
	if k.G.Label != nil {
		return k.G.Label(b, c)
	}
	if id := k.G.Command + ".key." + c.Key + ".label"; b.L.Has(id) {
		return b.L.T(id), ""
	}
	return c.Key, ""
}

// text are the prompt's lines on b.
func (k *Kit) text(b *Board) []string {
	if k.G.Text != nil {
		return k.G.Text(b)
	}
	if len(b.Path) == 0 {
		return []string{b.L.T("face.prompt.turn", "Game", b.L.T(k.G.Command+".title"))}
	}
	words := make([]string, len(b.Path))
	for i, key := range b.Path {
		words[i], _ = k.Label(b, engine.Choice{Key: key})
	}
	return []string{b.L.T("face.prompt.chosen", "Chosen", strings.Join(words, " · "))}
}

// waiting says what seat waits for.
func (k *Kit) waiting(l i18n.Lang, rec *store.Game, seat int) string {
	if k.G.Waiting != nil {
		return k.G.Waiting(l, rec, seat)
	}
	return l.T("face.prompt.wait", "Names", JoinAnd(l, awaitedNames(rec)))
}

// awaitedNames are the names of the seats the game waits for.
func awaitedNames(rec *store.Game) []string {
	var names []string
	for _, s := range rec.State.Awaited() {
		if s >= 0 && s < len(rec.Seats) {
			names = append(names, rec.Seats[s].Name)
		}
	}
	return names
}

// Press reads a press on one of the board's components: the path it was
// built at is walked again through Next, the components of that path are
// laid out again (in English: ids and values are the same in every
// language) and the press must be one of them, a value one of its menu's.
// A choice that completes a move is that move; any other shows the next
// step of the move. Anything else is ErrStaleChoice and changes nothing.
// A press made before another seat's move is still taken when several
// seats are awaited at once (their moves do not depend on each other),
// since the walk checks it against the game as it is.
func (k *Kit) Press(ctx context.Context, env Env, r Reply, t *game.Table, seat int, id ID, values []string) (Decision, error) {
	rec := t.Rec
	st := rec.State
	if st == nil || st.Over() || id.Game != rec.ID || id.Seat != seat || id.Step != game.StepKey(st) ||
		(id.Seq != rec.Seq && len(st.Awaited()) < 2) {
		return Decision{}, ErrStaleChoice
	}
	args := slices.Clone(id.Args)
	button := id.Verb == VerbButton
	choice, page := "", 0
	switch {
	case button && len(args) > 1:
		choice, args = args[len(args)-1], args[:len(args)-1]
	case !button && strings.HasPrefix(id.Verb, VerbMenu) && len(args) > 1:
		if p, ok := ParsePage(args[len(args)-1]); ok {
			if p == 0 {
				return Decision{}, ErrStaleChoice // page 0 is written without a page
			}
			page, args = p, args[:len(args)-1]
		}
	case !button && strings.HasPrefix(id.Verb, VerbMenu):
	default:
		return Decision{}, ErrStaleChoice
	}
	path, ok := k.G.Codec.Decode(args)
	if !ok {
		return Decision{}, ErrStaleChoice
	}
	b, ok := k.Board(i18n.English, rec, seat, path, page)
	if !ok {
		return Decision{}, ErrStaleChoice
	}
	pressed := id
	pressed.Seq = rec.Seq
	offered, ok := FindComponent(b.Rows(), pressed.String())
	if !ok {
		return Decision{}, ErrStaleChoice
	}
	var key string
	switch c := offered.(type) {
	case discordgo.Button:
		if len(values) > 0 {
			return Decision{}, ErrStaleChoice
		}
		switch p, isPage := ParsePage(choice); {
		case choice == NavStart:
			return k.show(ctx, env, r, t, seat, nil, 0), nil
		case choice == NavBack && len(path) > 0:
			return k.show(ctx, env, r, t, seat, path[:len(path)-1], 0), nil
		case isPage:
			return k.show(ctx, env, r, t, seat, path, p), nil
		}
		key = UnescapeKey(choice)
	case discordgo.SelectMenu:
		if err := checkValues(c, values); err != nil {
			return Decision{}, err
		}
		if len(values) > 1 {
			return k.several(ctx, env, r, t, seat, path, values)
		}
		key = values[0]
	}
	i := slices.IndexFunc(b.Next, func(c engine.Choice) bool { return c.Key == key })
	if i < 0 {
		return Decision{}, ErrStaleChoice
	}
	if m := b.Next[i].Move; m != "" {
		return Decision{Move: m}, nil
	}
	next, ok := k.G.Codec.Decode(k.G.Codec.Encode(append(slices.Clone(path), key)))
	if !ok {
		return Decision{}, ErrStaleChoice
	}
	return k.show(ctx, env, r, t, seat, next, 0), nil
}

// several takes the keys chosen at once from a menu of several choices as
// chosen one after the other, each when Next offers it (so in whatever
// order the game takes them), and shows the seat where that leads; keys
// that Next never offers with the others are refused, naming nothing
// chosen.
func (k *Kit) several(ctx context.Context, env Env, r Reply, t *game.Table, seat int, path, values []string) (Decision, error) {
	st := t.Rec.State
	next := slices.Clone(path)
	left := slices.Clone(values)
	for len(left) > 0 {
		offered := st.Next(seat, next)
		i := slices.IndexFunc(left, func(v string) bool {
			return slices.ContainsFunc(offered, func(c engine.Choice) bool { return c.Key == v && c.Move == "" })
		})
		if i < 0 {
			return Decision{}, RefuseID("face.refuse.together")
		}
		next = append(next, left[i])
		left = slices.Delete(left, i, i+1)
	}
	canonical, ok := k.G.Codec.Decode(k.G.Codec.Encode(next))
	if !ok {
		return Decision{}, ErrStaleChoice
	}
	return k.show(ctx, env, r, t, seat, canonical, 0), nil
}

// show is a decision to show seat its message at path, in place of the
// message pressed in r.
func (k *Kit) show(ctx context.Context, env Env, r Reply, t *game.Table, seat int, path []string, page int) Decision {
	m := k.Message(ctx, env, t, seat, r.Lang(), path, page, nil, r)
	if len(path) > 0 {
		m.Pictures = nil // later steps keep the message's picture
	}
	return Decision{Show: &m}
}

// Moved is the message of the seat that just moved: what its moves did,
// worded for it, then its next choices, or that it has nothing more to
// do for now.
func (k *Kit) Moved(ctx context.Context, env Env, r Reply, t *game.Table, seat int, _ Decision, res game.Result) Message {
	l := r.Lang()
	rec := t.Rec
	lead := k.EventLines(l, rec, res.Events, seat)
	switch {
	case rec.State.Over():
		return Message{Content: k.G.Polish(l, strings.Join(append(lead, l.T("face.over")), "\n"))}
	case !slices.Contains(rec.State.Awaited(), seat):
		return Message{Content: k.G.Polish(l, strings.Join(append(lead, l.T("face.done")), "\n"))}
	}
	return k.Message(ctx, env, t, seat, l, nil, 0, lead, r)
}

// Forced is the game's Forced hook, or no move.
func (k *Kit) Forced(rec *store.Game, seat int) engine.Move {
	if k.G.Forced == nil {
		return ""
	}
	return k.G.Forced(rec, seat)
}

// EventLines words events for reader (see Game.Events).
func (k *Kit) EventLines(l i18n.Lang, rec *store.Game, events []engine.Event, reader int) []string {
	if k.G.Events != nil {
		return k.G.Events(l, rec, events, reader)
	}
	var out []string
	for _, e := range events {
		id := k.G.Command + ".event." + e.Kind
		switch {
		case e.Private && reader != e.Seat:
			id += ".hidden"
		case reader == e.Seat && l.Has(id+".own"):
			id += ".own"
		}
		if !l.Has(id) {
			continue
		}
		kv := []any{}
		if e.Seat >= 0 && e.Seat < len(rec.Seats) {
			kv = append(kv, "Name", rec.Seats[e.Seat].Name)
		}
		for name, v := range e.Args {
			kv = append(kv, name, fmt.Sprint(v))
		}
		out = append(out, l.T(id, kv...))
	}
	return out
}

// StepEnded is the channel's post when a step ends: what its moves did
// that everyone may know, the table's picture, and at the game's end the
// final results.
func (k *Kit) StepEnded(env Env, rec *store.Game, n game.Notice) Message {
	l := GameLang(rec)
	lines := k.EventLines(l, rec, n.Events, engine.Spectator)
	if rec.State != nil && rec.State.Over() {
		lines = append(lines, ResultLines(l, rec, rec.State.Results()))
	}
	if len(lines) == 0 {
		lines = append(lines, l.T("face.step.ended"))
	}
	m := Message{Content: k.G.Polish(l, strings.Join(lines, "\n"))}
	if k.G.Table != nil {
		m.Pictures = k.G.Table(env, rec)
	}
	return m
}

// Chapter is the game's Chapter hook, or "" (a post per step).
func (k *Kit) Chapter(rec *store.Game) string {
	if k.G.Chapter == nil || rec.State == nil {
		return ""
	}
	return k.G.Chapter(rec)
}

// Position says how far the game has come, by the number of the move it
// waits for; "" once it is over. Whom it waits for is the waiting line's
// to say (/status shows both, one after the other).
func (k *Kit) Position(l i18n.Lang, rec *store.Game) string {
	if rec.State == nil || rec.State.Over() {
		return ""
	}
	return l.T("face.position", "Move", rec.Seq+1)
}

// Scores are the final results once the game is over ("" before: the
// seam keeps no score during a game).
func (k *Kit) Scores(l i18n.Lang, rec *store.Game) string {
	if rec.State == nil || !rec.State.Over() {
		return ""
	}
	return ResultLines(l, rec, rec.State.Results())
}

// StartText names the players in seat order.
func (k *Kit) StartText(l i18n.Lang, rec *store.Game) string {
	who := make([]string, len(rec.Seats))
	for i, s := range rec.Seats {
		who[i] = s.Name
		if s.UserID != "" {
			who[i] = "<@" + s.UserID + ">"
		}
	}
	return l.T("face.start", "Game", l.T(k.G.Command+".title"), "Players", JoinAnd(l, who), "Command", k.G.Command)
}

// OptionWords names an option's value by "<Command>.option.<name>.<value>.choice",
// or echoes it.
func (k *Kit) OptionWords(l i18n.Lang, option, value string) string {
	if id := k.G.Command + ".option." + option + "." + value + ".choice"; l.Has(id) {
		return l.T(id)
	}
	return Echo(value)
}

// Refusal words a refusal of the rules by "<Command>.refusal.<code>".
func (k *Kit) Refusal(l i18n.Lang, r *engine.Refusal) (string, bool) {
	if r == nil || !l.Has(k.G.Command+".refusal."+r.Code) {
		return "", false
	}
	id := k.G.Command + ".refusal." + r.Code
	kv := make([]any, 0, 2*len(r.Args))
	for name, v := range r.Args {
		kv = append(kv, name, Echo(fmt.Sprint(v)))
	}
	return l.T(id, kv...), true
}

// Log tells the game's last steps (at most turns of them), each with
// what its moves did that everyone may know and whether the autopilot
// played it.
func (k *Kit) Log(l i18n.Lang, rec *store.Game, steps []game.Step, turns int) string {
	type stepLog struct {
		key    string
		seat   int
		number int // the number of the step's first move in the game
		events []engine.Event
		auto   bool
	}
	var log []*stepLog
	for _, st := range steps {
		key := game.StepKey(st.Before)
		if len(log) == 0 || log[len(log)-1].key != key {
			seat, _ := engine.MoveSeat(st.Move)
			log = append(log, &stepLog{key: key, seat: seat, number: st.Number})
		}
		sl := log[len(log)-1]
		sl.auto = sl.auto || st.By == "autopilot"
		sl.events = append(sl.events, st.Events...)
	}
	if turns < 1 {
		turns = 1
	}
	if len(log) > turns {
		log = log[len(log)-turns:]
	}
	if len(log) == 0 {
		return l.T("log.none")
	}
	var sb strings.Builder
	for _, sl := range log {
		name := "?"
		if sl.seat >= 0 && sl.seat < len(rec.Seats) {
			name = rec.Seats[sl.seat].Name
		}
		sb.WriteString(l.T("face.log.step", "Step", sl.number, "Name", name) + "\n")
		for _, line := range k.EventLines(l, rec, sl.events, engine.Spectator) {
			sb.WriteString("· " + line + "\n")
		}
		if sl.auto {
			sb.WriteString("· " + l.T("log.autopilot", "Names", name, "Count", 1) + "\n")
		}
	}
	return k.G.Polish(l, sb.String())
}

// Replay answers /<command> records replay for a finished game: it is
// replayed from its moves, and shown as its results and the table at its
// end.
func (k *Kit) Replay(ctx context.Context, env Env, r Reply, rec *store.Game) error {
	steps := 0
	final, err := env.Service().Replay(ctx, rec.ID, func(game.Step) error { steps++; return nil })
	if err != nil {
		return err
	}
	l := r.Lang()
	if final.State == nil {
		return r.Edit(Message{Content: l.T("cmd.in.lobby")})
	}
	lines := []string{l.T("face.replay", "ID", final.ID, "Date", fmt.Sprintf("<t:%d:d>", final.EndedAt.Unix()), "Count", steps)}
	if final.State.Over() {
		lines = append(lines, ResultLines(l, final, final.State.Results()))
	}
	m := Message{Content: k.G.Polish(l, strings.Join(lines, "\n"))}
	if k.G.Table != nil {
		m.Pictures = k.G.Table(env, final)
	}
	return r.Edit(m)
}
