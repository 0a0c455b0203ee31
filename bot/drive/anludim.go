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
	"os"
	"path/filepath"
	"slices"
	"strings"

	"atheneum/bot/discordtest"
	"atheneum/bot/face"
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
	for tries := 1; ; tries++ {
		in, err := d.Srv.SlashCommand(d.Ctx, user, channelID, command, sub)
		if err != nil {
			return nil, fmt.Errorf("/%s %s: %w", command, sub.Name, err)
		}
		_, err = in.WaitResponse(d.Ctx)
		if errors.Is(err, discordtest.ErrInteractionFailed) && tries < maxTries {
			d.Settle()
			continue // the person types the command again
		}
		if err != nil {
			return nil, fmt.Errorf("/%s %s: %w", command, sub.Name, err)
		}
		d.Settle()
		return in.Responses(), nil
	}
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

// AnludimPrompt is p's current prompt in an Anludim game (see PromptIn).
func (d *Driver) AnludimPrompt(p *Player) (discordtest.Message, bool, error) {
	return d.PromptIn(p, anludimCommand)
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

// PerformAnludim makes move m for player p by pressing the keys that build
// it on p's prompt (see PressMove): one button or menu choice for a
// recruit, a discard, a take-back, a card kept or the end of the turn; for
// a combination, Play, its cards one by one from the menus (a long hand
// is split over several), the professor's button and, when the face asks,
// the reading, turning its pages (the strongest reading when m's own is
// not listed, as the rules play when the reading is not asked).
func (d *Driver) PerformAnludim(p *Player, m an.Move) error {
	msg, ok, err := d.AnludimPrompt(p)
	if err != nil {
		return err
	}
	var gameID string
	walkLive(msg.Components, func(_ discordtest.Component, id face.ID) { gameID = id.Game })
	if !ok || gameID == "" {
		return fmt.Errorf("%s has no prompt to play %s on: %q", p.User.Username, m, msg.Content)
	}
	_, view, err := d.AnludimView(gameID, m.Seat)
	if err != nil {
		return err
	}
	return d.PressMove(p, anludimCommand, &an.State{Game: view}, m.Seat, engine.Move(m.String()))
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
// is over, each move chosen by the autopilot from what the seat sees and
// pressed by PressMove; the computer seats play themselves. before, when
// set, is called with the game as stored before each person's move. It
// returns the finished game.
func (d *Driver) PlayAnludimGame(gameID string, people []*Player, before func(rec *store.Game)) (*store.Game, error) {
	return d.PlayGame(gameID, anludimCommand, people, ai.Players{}, before)
}

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
	// values are the keys a menu of several choices chooses at once.
	values []string
	// key is the key of the rules' Next the press chooses, or a way back
	// or a page (face.NavStart, face.NavBack, face.NavPage+N).
	key string
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
