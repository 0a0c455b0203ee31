package drive

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"atheneum/bot/discordtest"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/store"

	"github.com/bwmarrin/discordgo"
)

// The people of a game whose face is the kit's (bot/face) play it the same
// way whatever the game: the move a computer player would choose for their
// seat is found as keys of the rules' Next (engine.PathOf), and each key
// is pressed on the prompt, a button whose choice it is or a menu's option
// whose value it is.

// PromptIn is p's current prompt in a game of command, and whether it offers
// anything to press: for a seat playing by command, the answer of
// /COMMAND play (or the answer of the last one, while no move was made
// since); otherwise the newest of p's direct messages that still has
// buttons or menus of a game. A prompt too long for one message comes in
// parts: the part returned is the one with the components.
func (d *Driver) PromptIn(p *Player, command string) (discordtest.Message, bool, error) {
	if p.ViaSlash {
		if m, ok := d.currentAnswer(p.User); ok {
			return m, true, nil
		}
		answers, err := d.Slash(command, d.Channel, p.User, face.SubPlay)
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

// maxPresses bounds the presses of one move, pages included (a
// combination of every card of an Anludim hand is about seventy).
const maxPresses = 200

// PressMove makes move m for p, whose seat sees view, by pressing the keys
// that build it (engine.PathOf) on p's prompt in a game of command,
// reading the prompt again after each press, and turning the pages of a
// long list when a key is on another page. It returns an error when the
// bot stored no move, refused a press, or offered no way to a key.
func (d *Driver) PressMove(p *Player, command string, view engine.State, seat int, m engine.Move) error {
	path := engine.PathOf(view, seat, m)
	if path == nil {
		return fmt.Errorf("no keys of Next build %s", m)
	}
	msg, ok, err := d.PromptIn(p, command)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s has no prompt to play %s on: %q", p.User.Username, m, msg.Content)
	}
	taps := 0
	for k, n := 0, 0; n < maxPresses; n++ {
		pr, found := pressAhead(msg, k, path)
		if found {
			k++ // the menu was laid out one key further on: that key is taken as chosen
		} else {
			pr, found = pressOf(msg, path[k], path[k+1:]...)
		}
		if !found {
			if pr, found = nextPage(msg); !found {
				return fmt.Errorf("%s's prompt for %s offers no way to %q: %s", p.User.Username, m, path[k], describe(msg))
			}
		} else {
			k += max(1, len(pr.values))
		}
		taps++ // a button
		if pr.menu {
			taps++ // a menu is opened, then chosen from
		}
		played, next, err := d.press(p, msg, pr)
		if err != nil {
			return fmt.Errorf("%s pressed %q on the way to %s: %w", p.User.Username, pr.key, m, err)
		}
		if played {
			if hear := kitTapHook.Load(); hear != nil {
				(*hear)(KitTap{Game: command, Move: m, Path: path, Taps: taps})
			}
			return nil
		}
		if k == len(path) {
			return fmt.Errorf("%s pressed every key of %s (%v) and no move was stored", p.User.Username, m, path)
		}
		msg = next
	}
	return fmt.Errorf("%d presses did not make %s", maxPresses, m)
}

// press presses pr on msg and says whether a move was stored; if not, it
// returns the message to press next.
func (d *Driver) press(p *Player, msg discordtest.Message, pr anPress) (bool, discordtest.Message, error) {
	id, err := face.ParseID(pr.customID)
	if err != nil {
		return false, discordtest.Message{}, err
	}
	before, err := d.Store.GetGame(d.Ctx, id.Game)
	if err != nil {
		return false, discordtest.Message{}, err
	}
	var values []string
	if pr.menu {
		values = pr.values
		if len(values) == 0 {
			values = []string{pr.key}
		}
	}
	seen, in, err := d.Click(p.User, msg, pr.customID, values...)
	if err != nil {
		return false, discordtest.Message{}, err
	}
	after, err := d.Store.GetGame(d.Ctx, id.Game)
	if err != nil {
		return false, discordtest.Message{}, err
	}
	if after.Seq != before.Seq {
		return true, discordtest.Message{}, nil
	}
	next, ok := d.pressedNow(msg, in)
	if !ok {
		return false, discordtest.Message{}, fmt.Errorf("the bot answered %q and stored nothing", seen.Content)
	}
	return false, next, nil
}

// pressOf is msg's press that chooses key: a button whose choice it is,
// or a menu option whose value it is; for a menu of several choices, the
// keys that follow key in more and are options of the same menu are
// chosen with it (taken, in order, from the start of more).
func pressOf(msg discordtest.Message, key string, more ...string) (anPress, bool) {
	var out anPress
	found := false
	walkLive(msg.Components, func(c discordtest.Component, id face.ID) {
		has := func(v string) bool {
			return slices.ContainsFunc(c.Options, func(o discordtest.SelectOption) bool { return o.Value == v })
		}
		switch {
		case found:
		case id.Verb == face.VerbButton && len(id.Args) > 0 && face.UnescapeKey(id.Args[len(id.Args)-1]) == key:
			out, found = anPress{customID: c.CustomID, key: key}, true
		case strings.HasPrefix(id.Verb, face.VerbMenu) && has(key):
			out, found = anPress{customID: c.CustomID, menu: true, key: key, values: []string{key}}, true
			for _, k := range more {
				if c.MaxValues == nil || len(out.values) >= *c.MaxValues || !has(k) {
					break
				}
				out.values = append(out.values, k)
			}
		}
	})
	return out, found
}

// pressAhead is a menu of msg laid out one key further along path than k
// keys (a face may show the first step of a longer way beside the others:
// Anludim's cards beside its Play button) that offers path[k+1], with the
// keys after it that it also offers.
func pressAhead(msg discordtest.Message, k int, path []string) (anPress, bool) {
	if k+1 >= len(path) {
		return anPress{}, false
	}
	var out anPress
	found := false
	walkLive(msg.Components, func(c discordtest.Component, id face.ID) {
		if found || id.Moves != k+1 || !strings.HasPrefix(id.Verb, face.VerbMenu) {
			return
		}
		one := discordtest.Message{Components: []discordtest.Component{{Type: discordgo.ActionsRowComponent, Components: []discordtest.Component{c}}}}
		out, found = pressOf(one, path[k+1], path[k+2:]...)
	})
	return out, found
}

// nextPage is msg's button that shows the next page of a long list.
func nextPage(msg discordtest.Message) (anPress, bool) {
	var out anPress
	found := false
	page := -1
	walkLive(msg.Components, func(c discordtest.Component, id face.ID) {
		if id.Verb != face.VerbButton || len(id.Args) == 0 {
			return
		}
		if n, ok := face.ParsePage(id.Args[len(id.Args)-1]); ok && n > page {
			out, found, page = anPress{customID: c.CustomID, key: id.Args[len(id.Args)-1]}, true, n
		}
	})
	return out, found
}

// describe lists what a prompt offers, for errors.
func describe(msg discordtest.Message) string {
	var keys []string
	walkLive(msg.Components, func(c discordtest.Component, id face.ID) {
		if id.Verb == face.VerbButton && len(id.Args) > 0 {
			keys = append(keys, id.Args[len(id.Args)-1])
		}
		for _, o := range c.Options {
			keys = append(keys, o.Value)
		}
	})
	return strings.Join(keys, " ")
}

// PlayGame plays the people's seats of game gameID, of command, until the
// game is over, each move chosen by players' autopilot (the normal
// computer player) from what the seat sees, and pressed by PressMove; the
// computer seats play themselves. before, when set, is called with the
// game as stored before each person's move. It returns the finished game.
func (d *Driver) PlayGame(gameID, command string, people []*Player, players engine.Players, before func(rec *store.Game)) (*store.Game, error) {
	return d.PlayGameUntil(gameID, command, people, players, before, nil)
}

// PlayGameUntil is PlayGame that stops, the game as it is, once done
// (when set) says so of the game before a person's move.
func (d *Driver) PlayGameUntil(gameID, command string, people []*Player, players engine.Players, before func(rec *store.Game), done func(rec *store.Game) bool) (*store.Game, error) {
	for moves := 0; moves < maxMoves; moves++ {
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
		if done != nil && done(rec) {
			return rec, nil
		}
		if before != nil {
			before(rec)
		}
		awaited := rec.State.Awaited()
		if len(awaited) == 0 {
			return rec, fmt.Errorf("the game waits for nobody at %s", game.StepKey(rec.State))
		}
		seat := -1
		for _, s := range awaited {
			if game.IsPerson(rec, s) {
				seat = s
				break
			}
		}
		if seat < 0 {
			return rec, fmt.Errorf("the game waits for the computer seats %v at %s", awaited, game.StepKey(rec.State))
		}
		i := slices.IndexFunc(people, func(p *Player) bool { return p.User.ID == rec.Seats[seat].UserID })
		if i < 0 {
			return rec, fmt.Errorf("nobody given plays seat %d (%s)", seat, rec.Seats[seat].Name)
		}
		view := rec.State.View(seat)
		m, err := players.Autopilot(view, seat, rec.Seed+uint64(rec.Seq))
		if err != nil {
			return rec, err
		}
		if err := d.PressMove(people[i], command, view, seat, m); err != nil {
			return rec, fmt.Errorf("%s at %s: %w", game.StepKey(rec.State), rec.Seats[seat].Name, err)
		}
	}
	return nil, fmt.Errorf("the game did not end in %d moves of its people", maxMoves)
}

// KitTap is how many taps a move of a kit game took a person: a button
// is one tap, a menu two (opened, then chosen from), a menu of several
// choices two however many are chosen.
type KitTap struct {
	// Game is the game's command.
	Game string
	Move engine.Move
	// Path are the keys of Next that built the move.
	Path []string
	Taps int
}

// kitTapHook hears every move PressMove makes while set.
var kitTapHook atomic.Pointer[func(KitTap)]

// CountKitTaps is a debug counter: until stop is called, hear learns the
// taps of every move PressMove makes, by every driver.
func CountKitTaps(hear func(KitTap)) (stop func()) {
	kitTapHook.Store(&hear)
	return func() { kitTapHook.Store(nil) }
}

// maxMoves bounds the people's moves of one game.
const maxMoves = 5000
