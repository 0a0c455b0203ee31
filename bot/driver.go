package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
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

// lastDM is the newest prompt the bot sent to user by direct message.
func (d *driver) lastDM(user discordtest.User) (discordtest.Message, bool) {
	ms := d.srv.DMMessages(user.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		if !ms[i].Ephemeral && ms[i].InteractionID == "" {
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
	if err == nil && !strings.Contains(started.Content, "the game has started") {
		err = fmt.Errorf("after Start the lobby says %q", started.Content)
	}
	return started, err
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
		if id, _ := parseCustomID(last.CustomID); id.Verb == "it" && i > 0 {
			break
		}
		opt := last.Options[p.rng.IntN(len(last.Options))]
		if msg, _, err = d.click(p.user, msg, last.CustomID, opt.Value); err != nil {
			return true, err
		}
		if msg.Flags&discordgo.MessageFlagsEphemeral != 0 && !strings.Contains(msg.Content, "Turn") {
			break // a refusal: start again from a fresh prompt
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
			if id, err := parseCustomID(c.CustomID); err == nil && id.Verb == verb && !ok {
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

// writeTranscript writes what people saw in the channel and in each
// user's direct messages into dir/transcript.txt, with every image beside
// it.
func writeTranscript(srv *discordtest.Server, channelID string, users []discordtest.User, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var sb strings.Builder
	dump := func(title string, ms []discordtest.Message) error {
		fmt.Fprintf(&sb, "===== %s =====\n", title)
		for _, m := range ms {
			vis := ""
			if m.Ephemeral {
				vis = " (only " + m.VisibleTo + " sees it)"
			}
			fmt.Fprintf(&sb, "--- [%s] %s%s\n%s\n", m.ID, m.Author.Username, vis, m.Content)
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
				name := m.ID + "-" + a.Filename
				if err := os.WriteFile(filepath.Join(dir, name), a.Data, 0o644); err != nil {
					return err
				}
				fmt.Fprintf(&sb, "    (image %s, %d bytes)\n", name, len(a.Data))
			}
		}
		return nil
	}
	if err := dump("channel", srv.Messages(channelID)); err != nil {
		return err
	}
	for _, u := range users {
		if err := dump("direct messages of "+u.Username, srv.DMMessages(u.ID)); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "transcript.txt"), []byte(sb.String()), 0o644)
}
