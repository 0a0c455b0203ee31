package bot

import (
	"atheneum/bot/face"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/engine/atheneum"
	"atheneum/store"
)

// driver plays the bot from the users' side of the fake Discord: it sends
// slash commands, presses the buttons the bot sent and waits for the
// answers. The end-to-end tests and `atheneum demo` both use it.
type driver struct {
	ctx     context.Context
	srv     *discordtest.Server
	bot     *Bot
	channel string
	// concurrent is set when several games are played at once.
	concurrent bool
}

// settle waits until the bot has finished everything it was doing. With
// games played at once, it waits for every game's lock instead, as the bot
// is never idle then.
func (d *driver) settle() {
	if !d.concurrent {
		d.bot.wait()
		return
	}
	for _, t := range d.bot.svc.Tables() {
		t.Wait()
	}
}

// slashIn runs /atheneum SUB in a channel and returns what the user sees.
func (d *driver) slashIn(channelID string, user discordtest.User, sub string, opts ...discordtest.Option) (discordtest.Message, error) {
	in, err := d.srv.SlashCommand(d.ctx, user, channelID, "atheneum", discordtest.Sub(sub, opts...))
	if err != nil {
		return discordtest.Message{}, err
	}
	msg, err := in.WaitResponse(d.ctx)
	if err != nil {
		return msg, fmt.Errorf("/atheneum %s: %w", sub, err)
	}
	d.settle()
	return msg, nil
}

// click presses a button (no values) or chooses menu values on a message
// and returns what the user sees afterwards.
func (d *driver) click(user discordtest.User, msg discordtest.Message, customID string, values ...string) (discordtest.Message, *discordtest.Interaction, error) {
	var in *discordtest.Interaction
	var err error
	if len(values) == 0 {
		in, err = d.srv.ClickButton(d.ctx, user, msg.ID, customID)
	} else {
		in, err = d.srv.SelectMenu(d.ctx, user, msg.ID, customID, values...)
	}
	if err != nil {
		return discordtest.Message{}, nil, fmt.Errorf("%s on %q: %w", customID, msg.Content, err)
	}
	seen, err := in.WaitResponse(d.ctx)
	if err != nil {
		return seen, in, fmt.Errorf("response to %s: %w", customID, err)
	}
	d.settle()
	return seen, in, nil
}

// lastDM is the newest prompt the bot sent to user by direct message
// (reminders, which carry neither menus nor pictures, are not prompts).
func (d *driver) lastDM(user discordtest.User) (discordtest.Message, bool) {
	ms := d.srv.DMMessages(user.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		first := ms[i]
		if len(first.Revisions) > 0 {
			first = first.Revisions[0]
		}
		prompt := len(first.Components) > 0 || len(first.Attachments) > 0
		if !ms[i].Ephemeral && ms[i].InteractionID == "" && prompt {
			return ms[i], true
		}
	}
	return discordtest.Message{}, false
}

// openGame opens a lobby in the driver's channel as the first user, has
// the others join, and starts the game.
func (d *driver) openGame(players ...discordtest.User) (discordtest.Message, error) {
	lobby, err := d.slashIn(d.channel, players[0], "new")
	if err != nil {
		return lobby, err
	}
	for _, p := range players[1:] {
		join, _ := component(lobby, "join")
		if lobby, _, err = d.click(p, lobby, join.CustomID); err != nil {
			return lobby, err
		}
	}
	start, _ := component(lobby, "start")
	started, _, err := d.click(players[0], lobby, start.CustomID)
	if err != nil {
		return started, err
	}
	if rec, err := d.bot.db.GameInChannel(d.ctx, channelOf(started, d.channel)); err != nil || rec.Status != store.StatusPlaying {
		return started, fmt.Errorf("after Start the game is not playing (%v): the lobby says %q", err, started.Content)
	}
	return started, nil
}

// channelOf is the channel a message is in, or def when unknown.
func channelOf(m discordtest.Message, def string) string {
	if m.ChannelID != "" {
		return m.ChannelID
	}
	return def
}

// player is a scripted player who chooses at random among the components
// the bot sent.
type player struct {
	user discordtest.User
	// viaSlash plays through /atheneum play (closed DMs) instead of DMs.
	viaSlash bool
	rng      *rand.Rand
	// actionsThisTurn bounds how long the player dawdles before Done.
	actionsThisTurn int
}

// prompt returns the player's current private message, and whether the
// bot is waiting for them.
func (d *driver) prompt(p *player) (discordtest.Message, bool, error) {
	var msg discordtest.Message
	if p.viaSlash {
		var err error
		if msg, err = d.slashIn(d.channel, p.user, "play"); err != nil {
			return msg, false, err
		}
	} else {
		var ok bool
		if msg, ok = d.lastDM(p.user); !ok {
			return msg, false, nil
		}
	}
	return msg, len(selects(msg)) > 0 || hasButton(msg, "done"), nil
}

// step makes one move on the player's prompt: a pick, one action reached
// through the menus, or Done. It returns false when the bot is not waiting
// for this player.
func (d *driver) step(p *player) (bool, error) {
	msg, ok, err := d.prompt(p)
	if !ok || err != nil {
		return false, err
	}
	if pick, ok := component(msg, "pick"); ok {
		opt := pick.Options[p.rng.IntN(len(pick.Options))]
		_, _, err := d.click(p.user, msg, pick.CustomID, opt.Value)
		return true, err
	}
	if len(selects(msg)) == 0 || p.actionsThisTurn > 6 || p.rng.IntN(8) == 0 {
		if done, ok := component(msg, "done"); ok && !done.Disabled {
			p.actionsThisTurn = 0
			_, _, err := d.click(p.user, msg, done.CustomID)
			return true, err
		}
		return false, nil
	}
	// Follow the menus down, always answering the last menu shown, until an
	// action is applied and the workbench starts afresh.
	for i := 0; i < 6; i++ {
		sels := selects(msg)
		if len(sels) == 0 {
			break
		}
		last := sels[len(sels)-1]
		if id, _ := face.ParseID(last.CustomID); id.Verb == "it" && i > 0 {
			break
		}
		opt := last.Options[p.rng.IntN(len(last.Options))]
		if msg, _, err = d.click(p.user, msg, last.CustomID, opt.Value); err != nil {
			return true, err
		}
		if msg.Flags&discordgo.MessageFlagsEphemeral != 0 && len(msg.Components) == 0 {
			break // a refusal (it carries no menus): start again from a fresh prompt
		}
	}
	p.actionsThisTurn++
	return true, nil
}

// component finds a component by the verb of its custom id.
func component(msg discordtest.Message, verb string) (discordtest.Component, bool) {
	var found discordtest.Component
	ok := false
	var walk func([]discordtest.Component)
	walk = func(cs []discordtest.Component) {
		for _, c := range cs {
			if id, err := face.ParseID(c.CustomID); err == nil && id.Verb == verb && !ok {
				found, ok = c, true
			}
			walk(c.Components)
		}
	}
	walk(msg.Components)
	return found, ok
}

// selects lists a message's select menus in order.
func selects(msg discordtest.Message) []discordtest.Component {
	var out []discordtest.Component
	for _, row := range msg.Components {
		for _, c := range row.Components {
			if c.Type == discordgo.SelectMenuComponent {
				out = append(out, c)
			}
		}
	}
	return out
}

func hasButton(msg discordtest.Message, verb string) bool {
	c, ok := component(msg, verb)
	return ok && !c.Disabled
}

// perform makes action a for player p through the components the bot
// shows a person: the pick menu, the workbench's menus one after the
// other (item, colour or orientation, compartment, space...), or its
// buttons. It never reads the bot's sentences: it follows the custom ids.
func (d *driver) perform(p *player, a atheneum.Action) error {
	msg, ok, err := d.prompt(p)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s has no prompt to play %s on", p.user.Username, a)
	}
	if a.Type == atheneum.ActDone || a.Type == atheneum.ActUndo {
		btn, ok := component(msg, string(a.Type))
		if !ok || btn.Disabled {
			return fmt.Errorf("%s's prompt has no %s button", p.user.Username, a.Type)
		}
		_, _, err := d.click(p.user, msg, btn.CustomID)
		return err
	}
	for clicks := 0; clicks < 8; clicks++ {
		var menu discordtest.Component
		value, verb := "", ""
		for _, sel := range selects(msg) {
			id, err := face.ParseID(sel.CustomID)
			if err != nil {
				continue
			}
			want := menuValue(a, id.Verb)
			if want == "" {
				continue
			}
			opt, found := optionWithValue(sel, want)
			if !found {
				return fmt.Errorf("the %s menu does not offer %q, needed for %s", id.Verb, want, a)
			}
			if opt.Default && !finalChoice(id.Verb, want) {
				continue // chosen already
			}
			menu, value, verb = sel, want, id.Verb
			break
		}
		if value == "" {
			return fmt.Errorf("no menu of %s's prompt leads to %s", p.user.Username, a)
		}
		if msg, _, err = d.click(p.user, msg, menu.CustomID, value); err != nil {
			return err
		}
		if finalChoice(verb, value) {
			return nil
		}
	}
	return fmt.Errorf("%s took more than 8 choices", a)
}

// menuValue is the option of the menu with verb that leads to action a,
// or "" when that menu plays no part in it.
func menuValue(a atheneum.Action, verb string) string {
	item := "i" + strconv.Itoa(a.Item)
	switch {
	case verb == "pick" && a.Type == atheneum.ActPick:
		return a.Card
	case verb == "it":
		switch a.Type {
		case atheneum.ActShelve, atheneum.ActToken, atheneum.ActReward, atheneum.ActSideShelf:
			return item
		case atheneum.ActRemove:
			return "rm"
		case atheneum.ActScore:
			return "s" + a.Objective
		}
	case verb == "col" && a.Type == atheneum.ActShelve && a.Color != atheneum.NoColor:
		return string(a.Color.Letter())
	case verb == "flip" && a.Type == atheneum.ActShelve:
		if a.Flip {
			return "1"
		}
		return "0"
	case verb == "cmp" && (a.Type == atheneum.ActShelve || a.Type == atheneum.ActRemove):
		return a.At.Comp.String()
	case verb == "spc" && (a.Type == atheneum.ActShelve || a.Type == atheneum.ActRemove):
		return spaceValue(a.At)
	case verb == "tok" && a.Type == atheneum.ActToken:
		if a.Use == atheneum.UseBenefit {
			return "b"
		}
		return "c" + strconv.Itoa(a.Candle)
	case verb == "rew" && a.Type == atheneum.ActReward:
		return string(a.Reward)
	case verb == "ss" && a.Type == atheneum.ActSideShelf:
		return strconv.Itoa(a.Shelf) + string(a.Side[0])
	}
	return ""
}

// finalChoice reports whether choosing value in the menu with verb plays
// an action (rather than opening the next menu).
func finalChoice(verb, value string) bool {
	switch verb {
	case "pick", "spc", "tok", "rew", "ss":
		return true
	case "it":
		return strings.HasPrefix(value, "s")
	}
	return false
}

func optionWithValue(c discordtest.Component, value string) (discordtest.SelectOption, bool) {
	for _, o := range c.Options {
		if o.Value == value {
			return o, true
		}
	}
	return discordtest.SelectOption{}, false
}

// pictureName names the n-th picture of a transcript by order, place and
// kind: "007-channel-reveal.png".
func pictureName(n int, where, file string) string {
	return fmt.Sprintf("%03d-%s-%s", n, where, file)
}

var oldPicture = regexp.MustCompile(`^\d{3}-.+\.png$`)

// writeTranscript writes what people saw in the channel and in each
// user's direct messages into dir/transcript.txt, with every picture beside
// it, named by order and kind. Pictures of an earlier run are removed
// first, so a re-run replaces them. Mentions are written as @name.
func writeTranscript(srv *discordtest.Server, channelID string, users []discordtest.User, dir string) error {
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
	pictures := 0
	dump := func(title, where string, ms []discordtest.Message) error {
		fmt.Fprintf(&sb, "===== %s =====\n", title)
		for _, m := range ms {
			vis, place := "", where
			if m.Ephemeral {
				vis = " (only " + nameOf[m.VisibleTo] + " sees it)"
				place = nameOf[m.VisibleTo]
			}
			fmt.Fprintf(&sb, "--- %s%s\n%s\n", m.Author.Username, vis, names.Replace(m.Content))
			for _, row := range m.Components {
				for _, c := range row.Components {
					fmt.Fprintf(&sb, "    [%s]", c.Placeholder+c.Label)
					for _, o := range c.Options {
						fmt.Fprintf(&sb, " {%s}", o.Label)
					}
					sb.WriteString("\n")
				}
			}
			for _, a := range m.Attachments {
				pictures++
				name := pictureName(pictures, place, a.Filename)
				if err := os.WriteFile(filepath.Join(dir, name), a.Data, 0o644); err != nil {
					return err
				}
				fmt.Fprintf(&sb, "    (picture %s, %d bytes)\n", name, len(a.Data))
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
