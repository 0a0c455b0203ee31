package drive

// This file plays Anludim through its Discord face (bot/anludim): it finds
// a seat's prompt, in its direct messages or by /anludim play, and presses
// the buttons and menus that lead to a move, reading each new prompt after
// each press. Like the rest of the driver it follows custom ids, never the
// bot's sentences.

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/engine/anludim/ai"
	"atheneum/store"
)

// Slash runs /COMMAND SUB in a channel and returns every message of the
// answer (a long answer comes in parts, the last one carrying its
// components), once the bot is idle again.
func (d *Driver) Slash(command, channelID string, user discordtest.User, sub string, opts ...discordtest.Option) ([]discordtest.Message, error) {
	return d.SlashWith(command, channelID, user, discordtest.Sub(sub, opts...))
}

// SlashWith runs /COMMAND with its subcommand (or a subcommand group, as
// discordtest.SubGroup builds it) and returns its answer's messages.
func (d *Driver) SlashWith(command, channelID string, user discordtest.User, sub discordtest.Option) ([]discordtest.Message, error) {
	in, err := d.Srv.SlashCommand(d.Ctx, user, channelID, command, sub)
	if err != nil {
		return nil, fmt.Errorf("/%s %s: %w", command, sub.Name, err)
	}
	if _, err := in.WaitResponse(d.Ctx); err != nil {
		return nil, fmt.Errorf("/%s %s: %w", command, sub.Name, err)
	}
	d.Settle()
	return in.Responses(), nil
}

// Lobby is a game to open: its command, the people who play it (the first
// one hosts), the computer players the host adds, the game's options as
// the host sets them in the lobby's menus ("variant": "expert"), and the
// options given to /COMMAND new (language:fr).
type Lobby struct {
	Command     string
	People      []discordtest.User
	AI          []string
	GameOptions map[string]string
	NewOptions  []discordtest.Option
}

// Open opens the lobby in the driver's channel, as people do: the host
// runs /COMMAND new, the others press Join, the host chooses the game's
// options and adds the computer players from the lobby's menus, then
// presses Start. It returns the game's id, read from the lobby's
// components.
func (d *Driver) Open(lo Lobby) (string, error) {
	if len(lo.People) == 0 {
		return "", errors.New("a lobby needs a host")
	}
	host := lo.People[0]
	answers, err := d.Slash(lo.Command, d.Channel, host, "new", lo.NewOptions...)
	if err != nil {
		return "", err
	}
	lobby := answers[len(answers)-1]
	join, ok := Component(lobby, "join")
	if !ok {
		return "", fmt.Errorf("/%s new shows no lobby: %q", lo.Command, lobby.Content)
	}
	id, err := face.ParseID(join.CustomID)
	if err != nil {
		return "", err
	}
	for _, p := range lo.People[1:] {
		if lobby, _, err = d.Click(p, lobby, join.CustomID); err != nil {
			return "", err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(lo.GameOptions)) {
		menu, ok := lobbyOptionMenu(lobby, name)
		if !ok {
			return "", fmt.Errorf("the lobby has no menu for the option %q", name)
		}
		if _, ok := OptionWithValue(menu, lo.GameOptions[name]); !ok {
			return "", fmt.Errorf("the lobby's %q menu does not offer %q", name, lo.GameOptions[name])
		}
		if lobby, _, err = d.Click(host, lobby, menu.CustomID, lo.GameOptions[name]); err != nil {
			return "", err
		}
	}
	for _, l := range lo.AI {
		add, ok := Component(lobby, "addai")
		if !ok {
			return "", errors.New("the lobby has no Add AI menu")
		}
		if lobby, _, err = d.Click(host, lobby, add.CustomID, l); err != nil {
			return "", err
		}
	}
	start, ok := Component(lobby, "start")
	if !ok || start.Disabled {
		return "", fmt.Errorf("the lobby cannot be started: %q", lobby.Content)
	}
	if _, _, err := d.Click(host, lobby, start.CustomID); err != nil {
		return "", err
	}
	rec, err := d.Store.GetGame(d.Ctx, id.Game)
	if err != nil {
		return "", err
	}
	if rec.Status != store.StatusPlaying {
		return "", fmt.Errorf("after Start the game is %s", rec.Status)
	}
	return id.Game, nil
}

// lobbyOptionMenu is the lobby's menu of a game option.
func lobbyOptionMenu(lobby discordtest.Message, name string) (discordtest.Component, bool) {
	for _, sel := range Selects(lobby) {
		if id, err := face.ParseID(sel.CustomID); err == nil && id.Verb == "opt" && id.Arg(0) == name {
			return sel, true
		}
	}
	return discordtest.Component{}, false
}

// anludimCommand is Anludim's slash command.
const anludimCommand = an.ID

// AnludimPrompt is p's current prompt in an Anludim game, and whether it
// offers anything to press: for a seat playing by command, the answer of
// /anludim play; otherwise the newest message of p's direct messages that
// still has buttons or menus of a game. A prompt whose content is too
// long for one message comes in parts: the part returned is the one with
// the components.
func (d *Driver) AnludimPrompt(p *Player) (discordtest.Message, bool, error) {
	if p.ViaSlash {
		// As a person would, go on pressing the answer of the last
		// /anludim play while it is current (no move was made since).
		if m, ok := d.currentAnswer(p.User); ok {
			return m, true, nil
		}
		answers, err := d.Slash(anludimCommand, d.Channel, p.User, "play")
		if err != nil {
			return discordtest.Message{}, false, err
		}
		for i := len(answers) - 1; i >= 0; i-- {
			if live(answers[i]) {
				return answers[i], true, nil
			}
		}
		return answers[len(answers)-1], false, nil
	}
	ms := d.Srv.DMMessages(p.User.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		if !ms[i].Deleted && live(ms[i]) {
			return ms[i], true, nil
		}
	}
	return discordtest.Message{}, false, nil
}

// currentAnswer is the newest answer only user sees in the driver's
// channel that still offers buttons or menus built at the game's present
// move count: the prompt a person playing by command is still looking at.
func (d *Driver) currentAnswer(user discordtest.User) (discordtest.Message, bool) {
	ms := d.Srv.Messages(d.Channel)
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if !m.Ephemeral || m.VisibleTo != user.ID || !live(m) {
			continue
		}
		var id face.ID
		walkLive(m.Components, func(_ discordtest.Component, c face.ID) { id = c })
		rec, err := d.Store.GetGame(d.Ctx, id.Game)
		return m, err == nil && rec.Seq == id.Seq
	}
	return discordtest.Message{}, false
}

// live reports whether a message has an enabled button or menu of a game
// (not a lobby's).
func live(m discordtest.Message) bool {
	found := false
	walkLive(m.Components, func(c discordtest.Component, id face.ID) {
		found = found || id.Step != face.LobbyStep
	})
	return found
}

// walkLive calls f with every enabled button or menu whose custom id the
// bot built, and that id.
func walkLive(cs []discordtest.Component, f func(discordtest.Component, face.ID)) {
	for _, c := range cs {
		if !c.Disabled && c.CustomID != "" {
			if id, err := face.ParseID(c.CustomID); err == nil {
				f(c, id)
			}
		}
		walkLive(c.Components, f)
	}
}

// AnludimMove is the move the normal computer player (the autopilot)
// chooses for seat from view, what that seat may see.
func AnludimMove(view *an.Game, seat int) an.Move { return ai.Autopilot(view, seat) }

// AnludimView is an Anludim game as one seat sees it, from the store.
func (d *Driver) AnludimView(gameID string, seat int) (*store.Game, *an.Game, error) {
	rec, err := d.Store.LoadGame(d.Ctx, gameID)
	if err != nil {
		return nil, nil, err
	}
	st, ok := rec.State.(*an.State)
	if !ok {
		return rec, nil, fmt.Errorf("game %s is not a game of Anludim under way", gameID)
	}
	return rec, st.Game.View(seat), nil
}

// maxAnludimPresses bounds the presses of one move: a combination of every
// card of a hand is about seventy.
const maxAnludimPresses = 100

// PerformAnludim makes move m for player p by pressing the components of
// p's prompt that lead to it, reading the prompt again after each press:
// one button or menu choice for a recruit, a discard, a take-back, a card
// kept or the end of the turn; for a combination, Play, its cards one by
// one from the menus (a long hand is split over several), the professor's
// button and, when the face asks, the reading. A position that has left
// the way to m (a combination begun with other cards) is dropped first.
//
// The face offers one reading per strength, strongest first, a page of
// menus at a time: when m's exact reading is not on the page shown, the
// strongest is chosen (from the first page), as the rules do when the
// reading is not asked (the computer players play the strongest reading
// of their cards). It returns an error when the bot did not store
// a move, refused a press, or when no offered component leads to m.
func (d *Driver) PerformAnludim(p *Player, m an.Move) error {
	msg, ok, err := d.AnludimPrompt(p)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s has no prompt to play %s on: %q", p.User.Username, m, msg.Content)
	}
	for n := 0; n < maxAnludimPresses; n++ {
		b, err := readAnludimBoard(msg)
		if err != nil {
			return fmt.Errorf("%s's prompt: %w", p.User.Username, err)
		}
		pr, err := b.pressFor(m)
		if err != nil {
			return fmt.Errorf("%s's prompt (%s) for %s: %w", p.User.Username, b.describe(), m, err)
		}
		before, err := d.Store.GetGame(d.Ctx, b.game)
		if err != nil {
			return err
		}
		var values []string
		if pr.menu {
			values = []string{pr.key}
		}
		seen, in, err := d.Click(p.User, msg, pr.customID, values...)
		if err != nil {
			return err
		}
		after, err := d.Store.GetGame(d.Ctx, b.game)
		if err != nil {
			return err
		}
		if after.Seq != before.Seq {
			return nil // the move is played (and perhaps the turn ended with it)
		}
		next, ok := d.pressedNow(msg, in)
		if !ok {
			return fmt.Errorf("%s pressed %q on the way to %s: the bot answered %q and stored nothing", p.User.Username, pr.key, m, seen.Content)
		}
		msg = next
	}
	return fmt.Errorf("%d presses did not make %s", maxAnludimPresses, m)
}

// PlayAnludim makes seat's next move in game gameID for p: the normal
// computer player chooses it from what the seat sees, and p presses the
// components that lead to it. It returns the move chosen.
func (d *Driver) PlayAnludim(p *Player, gameID string, seat int) (an.Move, error) {
	_, view, err := d.AnludimView(gameID, seat)
	if err != nil {
		return an.Move{}, err
	}
	m := AnludimMove(view, seat)
	return m, d.PerformAnludim(p, m)
}

// PlayAnludimGame plays the people's seats of game gameID until the game
// is over, each move chosen by PlayAnludim; the computer seats play
// themselves. before, when set, is called with the game as stored before
// each person's move. It returns the finished game.
func (d *Driver) PlayAnludimGame(gameID string, people []*Player, before func(rec *store.Game)) (*store.Game, error) {
	for moves := 0; moves < maxAnludimMoves; moves++ {
		rec, err := d.Store.LoadGame(d.Ctx, gameID)
		if err != nil {
			return nil, err
		}
		switch {
		case rec.Status == store.StatusFinished:
			return rec, nil
		case rec.Status != store.StatusPlaying:
			return rec, fmt.Errorf("the game is %s", rec.Status)
		}
		if before != nil {
			before(rec)
		}
		awaited := rec.State.Awaited()
		if len(awaited) == 0 {
			return rec, fmt.Errorf("the game waits for nobody at %s", game.StepKey(rec.State))
		}
		seat := awaited[0]
		if !game.IsPerson(rec, seat) {
			return rec, fmt.Errorf("the game waits for the computer seat %d at %s", seat, game.StepKey(rec.State))
		}
		i := slices.IndexFunc(people, func(p *Player) bool { return p.User.ID == rec.Seats[seat].UserID })
		if i < 0 {
			return rec, fmt.Errorf("nobody given plays seat %d (%s)", seat, rec.Seats[seat].Name)
		}
		if _, err := d.PlayAnludim(people[i], gameID, seat); err != nil {
			return rec, fmt.Errorf("%s at %s: %w", game.StepKey(rec.State), rec.Seats[seat].Name, err)
		}
	}
	return nil, fmt.Errorf("the game did not end in %d moves of its people", maxAnludimMoves)
}

// maxAnludimMoves bounds the people's moves of one game (a five-seat game
// is some 120 turns of a few moves each).
const maxAnludimMoves = 5000

// pressedNow is the message to press next after a press that played no
// move: the pressed message as it is now, or the last follow-up of the
// press that has components (a long prompt comes in parts). ok is false
// when neither has any: the press was refused.
func (d *Driver) pressedNow(pressed discordtest.Message, in *discordtest.Interaction) (discordtest.Message, bool) {
	if in != nil {
		ups := in.Followups()
		for i := len(ups) - 1; i >= 0; i-- {
			if live(ups[i]) {
				return ups[i], true
			}
		}
	}
	now, ok := d.Srv.Message(pressed.ID)
	if ok && live(now) {
		return now, true
	}
	return discordtest.Message{}, false
}

// anPress is one thing to press on a prompt: a button, or one value of a
// menu (key is then the value).
type anPress struct {
	customID string
	menu     bool
	// key is the key of the rules' Next the press chooses, or a way back
	// ("^" to the start, "<" to the cards, "@N" to a page).
	key string
}

// anBoard is what a prompt offers: the position its components were built
// at (what the move has chosen so far) and its presses, in order.
type anBoard struct {
	game    string
	play    bool
	cards   []int
	prof    string
	page    int
	presses []anPress
}

// readAnludimBoard reads the position and the presses of a prompt from its
// components' custom ids (see bot/anludim's ids.go: "b" a button whose
// last argument is its choice, "m0"... a menu whose values are keys; the
// arguments before are the position).
func readAnludimBoard(msg discordtest.Message) (*anBoard, error) {
	b := &anBoard{}
	var position []string
	var bad error
	walkLive(msg.Components, func(c discordtest.Component, id face.ID) {
		var args []string
		switch {
		case id.Verb == "b" && len(id.Args) > 1:
			args = id.Args[:len(id.Args)-1]
			b.presses = append(b.presses, anPress{customID: c.CustomID, key: strings.ReplaceAll(id.Args[len(id.Args)-1], "~", ":")})
		case strings.HasPrefix(id.Verb, "m") && c.Type == discordgo.SelectMenuComponent:
			args = id.Args
			for _, o := range c.Options {
				b.presses = append(b.presses, anPress{customID: c.CustomID, menu: true, key: o.Value})
			}
		default:
			return // not a component of a move (an autopilot's way back)
		}
		switch {
		case position == nil:
			position, b.game = args, id.Game
		case !slices.Equal(position, args):
			bad = fmt.Errorf("components of two positions, %v and %v", position, args)
		}
	})
	if bad != nil {
		return nil, bad
	}
	if position == nil {
		return nil, fmt.Errorf("no component of a move: %q", msg.Content)
	}
	if n := len(position); n > 0 && strings.HasPrefix(position[n-1], "@") {
		page, err := strconv.Atoi(position[n-1][1:])
		if err != nil {
			return nil, fmt.Errorf("the page %q", position[n-1])
		}
		b.page, position = page, position[:n-1]
	}
	switch {
	case len(position) == 1 && position[0] == "s":
	case (len(position) == 2 || len(position) == 3) && position[0] == "p":
		set, ok := new(big.Int).SetString(position[1], 36)
		if !ok {
			return nil, fmt.Errorf("the card set %q", position[1])
		}
		b.play = true
		for c := 0; c < set.BitLen(); c++ {
			if set.Bit(c) == 1 {
				b.cards = append(b.cards, c)
			}
		}
		if len(position) == 3 {
			b.prof = position[2]
		}
	default:
		return nil, fmt.Errorf("the position %v", position)
	}
	return b, nil
}

// find is the first press that chooses key.
func (b *anBoard) find(key string) (anPress, bool) {
	i := slices.IndexFunc(b.presses, func(p anPress) bool { return p.key == key })
	if i < 0 {
		return anPress{}, false
	}
	return b.presses[i], true
}

// describe says where the board stands and what it offers, for errors.
func (b *anBoard) describe() string {
	keys := make([]string, len(b.presses))
	for i, p := range b.presses {
		keys[i] = p.key
	}
	where := "the start"
	if b.play {
		where = fmt.Sprintf("a combination of %v", b.cards)
		if b.prof != "" {
			where += " for " + b.prof
		}
	}
	return fmt.Sprintf("at %s, offering %s", where, strings.Join(keys, " "))
}

// errNoPress is wrapped by pressFor when nothing offered leads to the move.
var errNoPress = errors.New("no offered component leads there")

// pressFor is the press that leads towards m from the board's position.
func (b *anBoard) pressFor(m an.Move) (anPress, error) {
	want := func(key string) (anPress, error) {
		if p, ok := b.find(key); ok {
			return p, nil
		}
		return anPress{}, fmt.Errorf("%w (wanted %q)", errNoPress, key)
	}
	if m.Kind != an.Play {
		if b.play {
			return want("^")
		}
		return want(startKey(m))
	}
	if !b.play {
		return want("p")
	}
	var cards []int
	for _, u := range m.Cards {
		cards = append(cards, u.Card)
	}
	slices.Sort(cards)
	if slices.ContainsFunc(b.cards, func(c int) bool { return !slices.Contains(cards, c) }) ||
		(b.prof != "" && b.prof != m.Prof.Code()) {
		return want("^")
	}
	if b.prof != "" {
		return b.readingFor(m)
	}
	missing := false
	for _, c := range cards {
		if slices.Contains(b.cards, c) {
			continue
		}
		missing = true
		if p, ok := b.find(strconv.Itoa(c)); ok {
			return p, nil
		}
	}
	if missing {
		return anPress{}, fmt.Errorf("%w (no card of %v still to add is offered)", errNoPress, cards)
	}
	return want(m.Prof.Code())
}

// readingFor chooses the reading of m's cards: m's own when a menu lists
// it, else the strongest (the first option of the first page).
func (b *anBoard) readingFor(m an.Move) (anPress, error) {
	want := func(key string) (anPress, error) {
		if p, ok := b.find(key); ok {
			return p, nil
		}
		return anPress{}, fmt.Errorf("%w (wanted %q)", errNoPress, key)
	}
	var wanted []string
	for _, u := range m.Cards {
		if u.Side >= 0 {
			wanted = append(wanted, strconv.Itoa(u.Card)+string("ab"[u.Side]))
		}
	}
	slices.Sort(wanted)
	var first *anPress
	for i, p := range b.presses {
		if !p.menu {
			continue
		}
		if first == nil {
			first = &b.presses[i]
		}
		got := strings.Split(p.key, ".")
		slices.Sort(got)
		if len(wanted) == len(m.Cards) && slices.Equal(got, wanted) {
			return p, nil
		}
	}
	switch {
	case b.page > 0:
		return want("@" + strconv.Itoa(b.page-1)) // back towards the strongest
	case first != nil:
		return *first, nil
	}
	return anPress{}, fmt.Errorf("%w (no reading is offered)", errNoPress)
}

// startKey is a move's key at the start of a move, as the rules' Next
// offers it: its notation after the seat, words joined by a colon ("x:T3",
// "k:12", "u0").
func startKey(m an.Move) string {
	_, rest, _ := strings.Cut(m.String(), " ")
	return strings.ReplaceAll(rest, " ", ":")
}

// AnludimResults are a finished game's standings as its rules give them,
// by rank.
func AnludimResults(rec *store.Game) []engine.Result {
	res := slices.Clone(rec.State.Results())
	slices.SortStableFunc(res, func(a, b engine.Result) int { return a.Rank - b.Rank })
	return res
}

// WriteTranscriptWithEdits writes what people saw, as WriteTranscript
// does, but every message as each version its readers saw, oldest first:
// a prompt that is edited press after press (Anludim's, whose last version
// only says the turn is over) shows each step of the move, with its
// buttons, menus (options with their descriptions) and embeds. Each
// picture is written once, named after the place and order where it first
// appeared; a later version that keeps it says so.
func WriteTranscriptWithEdits(srv *discordtest.Server, channelID string, users []discordtest.User, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if oldPicture.MatchString(e.Name()) {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	var pairs []string
	nameOf := map[string]string{}
	for _, u := range users {
		pairs = append(pairs, "<@"+u.ID+">", "@"+u.Username)
		nameOf[u.ID] = u.Username
	}
	pairs = append(pairs, "<#"+channelID+">", "#game")
	names := strings.NewReplacer(pairs...)
	var sb strings.Builder
	written := map[string]string{} // attachment id -> file name
	dump := func(title, where string, ms []discordtest.Message) error {
		fmt.Fprintf(&sb, "===== %s =====\n", title)
		for _, m := range ms {
			vis, place := "", where
			if m.Ephemeral {
				vis = " (only " + nameOf[m.VisibleTo] + " sees it)"
				place = nameOf[m.VisibleTo]
			}
			versions := append(slices.Clone(m.Revisions), m)
			for i, v := range versions {
				edit, at := "", v.CreatedAt
				if i > 0 {
					edit, at = fmt.Sprintf(" [edit %d]", i), v.EditedAt
				}
				if srv.Clocked() {
					edit += " " + at.Format(transcriptTime)
				}
				read := func(text string) string { return readableStamps(names.Replace(text), at, srv.Clocked()) }
				fmt.Fprintf(&sb, "--- %s%s%s\n%s\n", m.Author.Username, vis, edit, read(v.Content))
				for _, e := range v.Embeds {
					fmt.Fprintf(&sb, "    <%s>\n", strings.TrimSpace(read(e.Title+" "+e.Description)))
				}
				for _, row := range v.Components {
					for _, c := range row.Components {
						fmt.Fprintf(&sb, "    [%s]", c.Placeholder+c.Label)
						for _, o := range c.Options {
							if o.Description != "" {
								fmt.Fprintf(&sb, " {%s — %s}", o.Label, o.Description)
							} else {
								fmt.Fprintf(&sb, " {%s}", o.Label)
							}
						}
						sb.WriteString("\n")
					}
				}
				for _, a := range v.Attachments {
					if name, ok := written[a.ID]; ok {
						fmt.Fprintf(&sb, "    (picture %s, still shown)\n", name)
						continue
					}
					name := PictureName(len(written)+1, place, a.Filename)
					written[a.ID] = name
					if err := os.WriteFile(filepath.Join(dir, name), a.Data, 0o644); err != nil {
						return err
					}
					fmt.Fprintf(&sb, "    (picture %s, %d bytes: %s)\n", name, len(a.Data), a.Description)
				}
			}
		}
		return nil
	}
	if err := dump("channel", "channel", srv.Messages(channelID)); err != nil {
		return err
	}
	for _, u := range users {
		if err := dump("direct messages of "+u.Username, u.Username, srv.DMMessages(u.ID)); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "transcript.txt"), []byte(sb.String()), 0o644)
}
