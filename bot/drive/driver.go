// Package drive plays the bot from its users' side, through the fake
// Discord (bot/discordtest): it opens games, presses the buttons and menus
// the bot sent, and writes transcripts. The end-to-end tests and the demo
// (which `atheneum demo` runs) use it; the bot itself never does.
package drive

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"

	atheneumface "atheneum/bot/atheneum"
	"atheneum/bot/discordtest"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/store"
)

// Bot is what the driver needs of the bot: to wait until it is idle, and
// its game service (*bot.Bot is one).
type Bot interface {
	Wait()
	Service() *game.Service
}

// Driver plays the bot from the users' side of the fake Discord: it sends
// slash commands, presses the buttons the bot sent and waits for the
// answers. The end-to-end tests and `atheneum demo` both use it.
type Driver struct {
	Ctx context.Context
	Srv *discordtest.Server
	Bot Bot
	// Store is the bot's store, read to follow the game.
	Store *store.DB
	// Channel is where games are opened.
	Channel string
	// Concurrent is set when several games are played at once.
	Concurrent bool
	// Game, when set with Concurrent, is the one game whose table Settle
	// waits for, so that a driver never waits behind another game (a
	// computer player searching with its game locked, say).
	Game string
}

// settle waits until the bot has finished everything it was doing. With
// games played at once, it waits for every game's lock instead, as the bot
// is never idle then.
func (d *Driver) Settle() {
	if !d.Concurrent {
		d.Bot.Wait()
		return
	}
	for _, t := range d.Bot.Service().Tables() {
		if d.Game == "" || t.ID() == d.Game {
			t.Wait()
		}
	}
}

// slashIn runs /atheneum SUB in a channel and returns what the user sees.
func (d *Driver) SlashIn(channelID string, user discordtest.User, sub string, opts ...discordtest.Option) (discordtest.Message, error) {
	for tries := 1; ; tries++ {
		in, err := d.Srv.SlashCommand(d.Ctx, user, channelID, "atheneum", discordtest.Sub(sub, opts...))
		if err != nil {
			return discordtest.Message{}, err
		}
		msg, err := in.WaitResponse(d.Ctx)
		if errors.Is(err, discordtest.ErrInteractionFailed) && tries < maxTries {
			d.Settle()
			continue // the person types the command again
		}
		if err != nil {
			return msg, fmt.Errorf("/atheneum %s: %w", sub, err)
		}
		d.Settle()
		return msg, nil
	}
}

// click presses a button (no values) or chooses menu values on a message
// and returns what the user sees afterwards.
func (d *Driver) Click(user discordtest.User, msg discordtest.Message, customID string, values ...string) (discordtest.Message, *discordtest.Interaction, error) {
	for tries := 1; ; tries++ {
		var in *discordtest.Interaction
		var err error
		if len(values) == 0 {
			in, err = d.Srv.ClickButton(d.Ctx, user, msg.ID, customID)
		} else {
			in, err = d.Srv.SelectMenu(d.Ctx, user, msg.ID, customID, values...)
		}
		if err != nil {
			return discordtest.Message{}, nil, fmt.Errorf("%s on %q: %w", customID, msg.Content, err)
		}
		seen, err := in.WaitResponse(d.Ctx)
		if errors.Is(err, discordtest.ErrInteractionFailed) && tries < maxTries {
			// Discord told the person the interaction failed (the bot
			// acknowledged it too late, and so did nothing): they press
			// again.
			d.Settle()
			continue
		}
		if err != nil {
			return seen, in, fmt.Errorf("response to %s: %w", customID, err)
		}
		d.Settle()
		return seen, in, nil
	}
}

// maxTries bounds how often a person presses again or types a command
// again after Discord told them it failed.
const maxTries = 5

// lastDM is the newest prompt the bot sent to user by direct message
// (reminders, which carry neither menus nor pictures, are not prompts).
func (d *Driver) LastDM(user discordtest.User) (discordtest.Message, bool) {
	ms := d.Srv.DMMessages(user.ID)
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
func (d *Driver) OpenGame(players ...discordtest.User) (discordtest.Message, error) {
	lobby, err := d.SlashIn(d.Channel, players[0], "new")
	if err != nil {
		return lobby, err
	}
	for _, p := range players[1:] {
		join, _ := Component(lobby, "join")
		if lobby, _, err = d.Click(p, lobby, join.CustomID); err != nil {
			return lobby, err
		}
	}
	start, _ := Component(lobby, "start")
	started, _, err := d.Click(players[0], lobby, start.CustomID)
	if err != nil {
		return started, err
	}
	if rec, err := d.Store.GameInChannel(d.Ctx, ChannelOf(started, d.Channel)); err != nil || rec.Status != store.StatusPlaying {
		return started, fmt.Errorf("after Start the game is not playing (%v): the lobby says %q", err, started.Content)
	}
	return started, nil
}

// channelOf is the channel a message is in, or def when unknown.
func ChannelOf(m discordtest.Message, def string) string {
	if m.ChannelID != "" {
		return m.ChannelID
	}
	return def
}

// player is a scripted player who chooses at random among the components
// the bot sent.
type Player struct {
	User discordtest.User
	// ViaSlash plays through /atheneum play (closed DMs) instead of DMs.
	ViaSlash bool
	Rng      *rand.Rand
	// actionsThisTurn bounds how long the player dawdles before Done.
	actionsThisTurn int
}

// prompt returns the player's current private message, and whether the
// bot is waiting for them.
func (d *Driver) Prompt(p *Player) (discordtest.Message, bool, error) {
	var msg discordtest.Message
	if p.ViaSlash {
		var err error
		if msg, err = d.SlashIn(d.Channel, p.User, "play"); err != nil {
			return msg, false, err
		}
	} else {
		var ok bool
		if msg, ok = d.LastDM(p.User); !ok {
			return msg, false, nil
		}
	}
	return msg, len(Choices(msg)) > 0 || HasButton(msg, "done") || HasButton(msg, "dok"), nil
}

// Choice is one press a person can make on a message: a button (no
// values) or one option of a menu.
type Choice struct {
	CustomID string
	Values   []string
	Label    string
	// Chosen is set on the button or option the prompt shows as chosen
	// so far (a blue button, a menu's default option).
	Chosen bool
}

// controlVerbs are the buttons that are not choices of a move: Undo, Done
// and Done's confirmation.
var controlVerbs = map[string]bool{"undo": true, "done": true, "dok": true, "dback": true}

// Choices lists the presses msg offers towards a move, in the order shown
// (Undo, Done and its confirmation aside): each button, and each option
// of each menu.
func Choices(msg discordtest.Message) []Choice {
	var out []Choice
	var walk func([]discordtest.Component)
	walk = func(cs []discordtest.Component) {
		for _, c := range cs {
			id, err := face.ParseID(c.CustomID)
			switch {
			case err != nil || c.Disabled || controlVerbs[id.Verb]:
			case c.Type == discordgo.ButtonComponent:
				out = append(out, Choice{CustomID: c.CustomID, Label: c.Label, Chosen: c.Style == int(discordgo.PrimaryButton)})
			case c.Type == discordgo.SelectMenuComponent:
				for _, o := range c.Options {
					out = append(out, Choice{CustomID: c.CustomID, Values: []string{o.Value}, Label: o.Label, Chosen: o.Default})
				}
			}
			walk(c.Components)
		}
	}
	walk(msg.Components)
	return out
}

// Offers lists the choices msg offers of the menu with verb, as its
// options or as the buttons standing for them ("btn" followed by the
// menu's verb and the option's value), in the order shown.
func Offers(msg discordtest.Message, verb string) []Choice {
	var out []Choice
	for _, c := range Choices(msg) {
		id, _ := face.ParseID(c.CustomID)
		if id.Verb == verb || id.Verb == "btn" && id.Arg(0) == verb {
			out = append(out, c)
		}
	}
	return out
}

// Cards lists the cards a pick prompt offers, in the hand's order: its
// buttons, or the options of its menu.
func Cards(msg discordtest.Message) []Choice { return Offers(msg, "pick") }

// game loads the Atheneum game whose components msg carries.
func (d *Driver) game(msg discordtest.Message) (*atheneum.Game, error) {
	rec, err := d.Store.LoadGame(d.Ctx, gameOf(msg))
	if err != nil {
		return nil, err
	}
	st, ok := rec.State.(*atheneum.State)
	if !ok {
		return nil, fmt.Errorf("game %s is not a game of Atheneum", rec.ID)
	}
	return st.Game, nil
}

// plays is the action choice c plays on its own in g, or nil when it
// shows more choices.
func plays(g *atheneum.Game, c Choice) *atheneum.Action {
	id, err := face.ParseID(c.CustomID)
	if err != nil {
		return nil
	}
	press, err := atheneumface.ReadPress(g, id.Seat, id, c.Values)
	if err != nil {
		return nil
	}
	return press.Action
}

// step makes one move on the player's prompt: a pick, one action reached
// through the buttons and menus, or Done. It returns false when the bot
// is not waiting for this player.
func (d *Driver) Step(p *Player) (bool, error) {
	msg, ok, err := d.Prompt(p)
	if !ok || err != nil {
		return false, err
	}
	if cards := Cards(msg); len(cards) > 0 {
		c := cards[p.Rng.IntN(len(cards))]
		_, _, err := d.Click(p.User, msg, c.CustomID, c.Values...)
		return true, err
	}
	if confirm, ok := Component(msg, "dok"); ok && !confirm.Disabled {
		// Done asked to confirm (an objective could still be scored).
		p.actionsThisTurn = 0
		_, _, err := d.Click(p.User, msg, confirm.CustomID)
		return true, err
	}
	if len(Choices(msg)) == 0 || p.actionsThisTurn > 6 || p.Rng.IntN(8) == 0 {
		if done, ok := Component(msg, "done"); ok && !done.Disabled {
			p.actionsThisTurn = 0
			seen, _, err := d.Click(p.User, msg, done.CustomID)
			if confirm, ok := Component(seen, "dok"); ok && err == nil {
				_, _, err = d.Click(p.User, seen, confirm.CustomID)
			}
			return true, err
		}
		return false, nil
	}
	g, err := d.game(msg)
	if err != nil {
		return true, err
	}
	// Choose at random among the buttons and options shown until one
	// plays an action.
	for i := 0; i < 6; i++ {
		choices := Choices(msg)
		if len(choices) == 0 {
			break
		}
		c := choices[p.Rng.IntN(len(choices))]
		played := plays(g, c) != nil
		if msg, _, err = d.Click(p.User, msg, c.CustomID, c.Values...); err != nil {
			return true, err
		}
		if played || msg.Flags&discordgo.MessageFlagsEphemeral != 0 && len(msg.Components) == 0 {
			break // played, or refused (a refusal carries no components): start again from a fresh prompt
		}
	}
	p.actionsThisTurn++
	return true, nil
}

// component finds a component by the verb of its custom id.
func Component(msg discordtest.Message, verb string) (discordtest.Component, bool) {
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
func Selects(msg discordtest.Message) []discordtest.Component {
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

func HasButton(msg discordtest.Message, verb string) bool {
	c, ok := Component(msg, verb)
	return ok && !c.Disabled
}

// perform makes action a for player p through the components the bot
// shows a person: a card's button (or the pick menu), the workbench's
// buttons and menus one after the other (item, colour or orientation,
// compartment, space...), or Undo and Done. It never reads the bot's
// sentences: it follows the custom ids, read as the face reads them
// (atheneumface.ReadPress), pressing at once whatever plays a (the
// suggested space, say) and else what leads towards it.
func (d *Driver) Perform(p *Player, a atheneum.Action) error {
	msg, ok, err := d.Prompt(p)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s has no prompt to play %s on", p.User.Username, a)
	}
	presses, taps := 0, 0
	click := func(msg discordtest.Message, customID string, values ...string) (discordtest.Message, *discordtest.Interaction, error) {
		presses++
		taps += TapsOf(values)
		return d.Click(p.User, msg, customID, values...)
	}
	if hear := tapHook.Load(); hear != nil {
		tap := d.tapOf(msg, a)
		defer func() {
			tap.Presses, tap.Taps = presses, taps
			(*hear)(tap)
		}()
	}
	if back, ok := Component(msg, "dback"); ok {
		// The prompt asks to confirm Done.
		if confirm, ok := Component(msg, "dok"); ok && a.Type == atheneum.ActDone {
			_, _, err := click(msg, confirm.CustomID)
			return err
		}
		if msg, _, err = click(msg, back.CustomID); err != nil {
			return err
		}
	}
	if a.Type == atheneum.ActDone || a.Type == atheneum.ActUndo {
		btn, ok := Component(msg, string(a.Type))
		if !ok || btn.Disabled {
			return fmt.Errorf("%s's prompt has no %s button", p.User.Username, a.Type)
		}
		seen, _, err := click(msg, btn.CustomID)
		if err != nil {
			return err
		}
		// Done asks to confirm while an objective could still be scored.
		if confirm, ok := Component(seen, "dok"); ok && a.Type == atheneum.ActDone {
			_, _, err = click(seen, confirm.CustomID)
		}
		return err
	}
	g, err := d.game(msg)
	if err != nil {
		return err
	}
	for clicks := 0; clicks < 8; clicks++ {
		c, final, ok := towards(g, msg, a)
		if !ok {
			return fmt.Errorf("nothing on %s's prompt leads to %s", p.User.Username, a)
		}
		if msg, _, err = click(msg, c.CustomID, c.Values...); err != nil {
			return err
		}
		if final {
			return nil
		}
	}
	return fmt.Errorf("%s took more than 8 choices", a)
}

// towards is the press on msg that plays a at once (final), else the
// first one shown that leads towards it: an option of the kind
// MenuValues names, not chosen yet.
func towards(g *atheneum.Game, msg discordtest.Message, a atheneum.Action) (Choice, bool, bool) {
	var next Choice
	found := false
	for _, c := range Choices(msg) {
		if act := plays(g, c); act != nil {
			if *act == a {
				return c, true, true
			}
			continue
		}
		if found || c.Chosen {
			continue
		}
		id, _ := face.ParseID(c.CustomID)
		verb, value := id.Verb, ""
		if len(c.Values) > 0 {
			value = c.Values[0]
		}
		if verb == "btn" {
			verb, value = id.Arg(0), id.Arg(1)
		}
		if slices.Contains(MenuValues(a, verb), value) {
			next, found = c, true
		}
	}
	return next, false, found
}

// Tap is what Perform did for one action: how many interactions it took
// (Presses) and how many times a person touches the screen for them
// (Taps): a button is one touch, a choice in a menu two (open the menu,
// choose).
type Tap struct {
	Action atheneum.Action
	// Kind names the action for a report: its type, or for a shelved
	// book the kind of book ("book", "book of any colour", "pair of two
	// colours"...).
	Kind string
	// Spaces counts, for a shelved book or a removal, the spaces the
	// action could have used (with the colour or orientation chosen),
	// which decides whether they fit one menu.
	Spaces int
	// Items counts the item choices the prompt showed (the workbench's
	// first buttons or menu: items held, a book of any colour once per
	// colour...), 0 when it showed none.
	Items int
	// Presses counts the interactions: buttons pressed and menu choices.
	Presses int
	// Taps counts the touches: one per button, two per menu choice.
	Taps int
}

// TapsOf is how many times a person touches the screen to send an
// interaction with values: a button (no values) takes one touch, a menu
// choice two (opening the menu, then the choice).
func TapsOf(values []string) int {
	if len(values) == 0 {
		return 1
	}
	return 2
}

// tapHook hears every Perform of every driver while set.
var tapHook atomic.Pointer[func(Tap)]

// CountTaps is a debug counter: until stop is called, hear learns how many
// presses and taps each action Perform makes took (the demo run under a test measures
// the workbench's flows this way). Drivers playing at the same time all
// report to it.
func CountTaps(hear func(Tap)) (stop func()) {
	tapHook.Store(&hear)
	return func() { tapHook.Store(nil) }
}

// tapOf describes action a, about to be made on prompt msg, for CountTaps.
func (d *Driver) tapOf(msg discordtest.Message, a atheneum.Action) Tap {
	tap := Tap{Action: a, Kind: string(a.Type)}
	for _, c := range Choices(msg) {
		if id, _ := face.ParseID(c.CustomID); id.Verb == "it" || id.Verb == "btn" && id.Arg(0) == "it" {
			tap.Items++
		}
	}
	gameID := gameOf(msg)
	rec, err := d.Store.LoadGame(d.Ctx, gameID)
	if err != nil {
		return tap
	}
	st, ok := rec.State.(*atheneum.State)
	if !ok {
		return tap
	}
	g := st.Game
	spaces := map[atheneum.Pos]bool{}
	for _, l := range g.LegalActions(a.Seat) {
		if l.Type == a.Type && l.Item == a.Item && l.Color == a.Color && l.Flip == a.Flip && (l.Type == atheneum.ActShelve || l.Type == atheneum.ActRemove) {
			spaces[l.At] = true
		}
	}
	tap.Spaces = len(spaces)
	if a.Type != atheneum.ActShelve {
		return tap
	}
	for _, it := range g.Seats[a.Seat].Held {
		if it.ID != a.Item {
			continue
		}
		switch {
		case it.Kind == atheneum.ItemPair && it.Color != it.Color2:
			tap.Kind = "pair of two colours"
		case it.Kind == atheneum.ItemPair:
			tap.Kind = "pair of one colour"
		case it.Reshelved:
			tap.Kind = "book to shelve again"
		case it.Color == atheneum.AnyColor:
			tap.Kind = "book of any colour"
		case it.Bound:
			tap.Kind = "book for a compartment"
		default:
			tap.Kind = "book"
		}
	}
	return tap
}

// gameOf is the game whose components msg carries ("" when none).
func gameOf(msg discordtest.Message) string {
	var game string
	var walk func([]discordtest.Component)
	walk = func(cs []discordtest.Component) {
		for _, c := range cs {
			if id, err := face.ParseID(c.CustomID); err == nil && game == "" {
				game = id.Game
			}
			walk(c.Components)
		}
	}
	walk(msg.Components)
	return game
}

// MenuValues are the options of the menu with verb that lead to action a,
// the one to choose first (nil when that menu plays no part in it). The
// first menu offers a book of any colour once per colour and a paired set
// of two colours once per way round, unless it lacks room: then the item
// alone, and a colour or orientation menu follows.
func MenuValues(a atheneum.Action, verb string) []string {
	item := "i" + strconv.Itoa(a.Item)
	switch {
	case verb == "pick" && a.Type == atheneum.ActPick:
		return []string{a.Card}
	case verb == "it":
		switch a.Type {
		case atheneum.ActShelve:
			if a.Color != atheneum.NoColor {
				return []string{item + "." + string(a.Color.Letter()), item}
			}
			if a.Flip {
				return []string{item + ".1", item}
			}
			return []string{item, item + ".0"}
		case atheneum.ActToken, atheneum.ActReward, atheneum.ActSideShelf:
			return []string{item}
		case atheneum.ActRemove:
			return []string{"rm"}
		case atheneum.ActScore:
			return []string{"s" + a.Objective}
		}
	case verb == "col" && a.Type == atheneum.ActShelve && a.Color != atheneum.NoColor:
		return []string{string(a.Color.Letter())}
	case verb == "flip" && a.Type == atheneum.ActShelve:
		if a.Flip {
			return []string{"1"}
		}
		return []string{"0"}
	case verb == "at" && (a.Type == atheneum.ActShelve || a.Type == atheneum.ActRemove):
		return []string{a.At.String()}
	case verb == "cmp" && (a.Type == atheneum.ActShelve || a.Type == atheneum.ActRemove):
		return []string{a.At.Comp.String()}
	case verb == "spc" && (a.Type == atheneum.ActShelve || a.Type == atheneum.ActRemove):
		return []string{atheneumface.SpaceValue(a.At)}
	case verb == "tok" && a.Type == atheneum.ActToken:
		if a.Use == atheneum.UseBenefit {
			return []string{"b"}
		}
		return []string{"c" + strconv.Itoa(a.Candle)}
	case verb == "rew" && a.Type == atheneum.ActReward:
		return []string{string(a.Reward)}
	case verb == "ss" && a.Type == atheneum.ActSideShelf:
		return []string{strconv.Itoa(a.Shelf) + string(a.Side[0])}
	}
	return nil
}

func OptionWithValue(c discordtest.Component, value string) (discordtest.SelectOption, bool) {
	for _, o := range c.Options {
		if o.Value == value {
			return o, true
		}
	}
	return discordtest.SelectOption{}, false
}

// pictureName names the n-th picture of a transcript by order, place and
// kind: "007-channel-reveal.png".
func PictureName(n int, where, file string) string {
	return fmt.Sprintf("%03d-%s-%s", n, where, file)
}

var oldPicture = regexp.MustCompile(`^\d{3}-.+\.png$`)

// WriteTranscript writes what people saw into dir: transcript.txt and
// every picture. It is WriteTranscriptWithEdits: every version of each
// message, with its components and embeds, since the waiting line and
// prompts live in edits.
func WriteTranscript(srv *discordtest.Server, channelID string, users []discordtest.User, dir string) error {
	return WriteTranscriptWithEdits(srv, channelID, users, dir)
}
