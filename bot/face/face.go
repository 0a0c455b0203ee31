// Package face is the contract between the generic Discord adapter
// (package bot) and each game's Discord face (bot/atheneum, bot/anludim):
// what a face shows (a seat's private prompt, the channel's post when a
// step ends, its own subcommands, pictures) and how its buttons and menus
// become moves; and what the adapter offers a face in return (Env: the
// game service, a bounded picture drawer, the answer to the interaction
// being handled).
//
// The adapter does everything that is the same for every game: slash
// commands shared by all games (new, status, rules, help, admin, resign,
// away, back, notify, language, history, stats, leaderboard, games,
// replay), lobbies, step posts and their waiting line, reminders within
// the notification budget, direct messages and their fallback, host tools, records, and the checks every press must pass (the
// game, the server, the seat, the step). A face knows one game's rules
// and words; it never talks to Discord itself.
//
// A face and the adapter share the types here: a Message to send or edit,
// Pictures, the one codec of custom ids (ID), command shapes (Spec),
// refusals worded in the reader's language (Refuse, RefuseID), and small
// text helpers.
package face

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/render"
	"atheneum/store"
)

// Face is one game's Discord face. The kit (Kit, built from a Game) has a
// default for every method; a game's face is its Game, and overrides only
// what its play needs.
type Face interface {
	// Kind is the game, as the service runs it.
	Kind() game.Kind
	// Command is the game's top-level slash command ("atheneum"); it also
	// prefixes the catalogue keys of the game's own words.
	Command() string
	// Subcommands are the subcommands about the game's board, which the
	// adapter adds to the shared ones.
	Subcommands() []Spec
	// RulesTopics are the topics of the game's rules, for /<command>
	// rules, the overview first.
	RulesTopics() []string
	// RulesKey is the catalogue prefix of a topic, which holds its
	// ".title" and ".text".
	RulesKey(topic string) string
	// RulesText is one topic of the game's rules in l, or for an empty or
	// unknown topic the overview and the list of the others.
	RulesText(l i18n.Lang, topic string) string
	// HandleCommand answers one of Subcommands, whose answer the adapter
	// has deferred (only its author sees it): by r.Edit, or by a decision
	// the adapter carries out (a message to show, a move to play for the
	// asker's seat). For a ReadOnly subcommand in.Snap is set; otherwise
	// in.Table is, locked.
	HandleCommand(ctx context.Context, env Env, r Reply, name string, opts Options, in Target) (Decision, error)
	// Autocomplete suggests values for the focused option of one of
	// Subcommands, from the game's snapshot (nil when the channel has no
	// running game).
	Autocomplete(ctx context.Context, r Reply, name string, opts Options, focused string, snap *game.Snapshot) []*discordgo.ApplicationCommandOptionChoice
	// Prompt is seat's private message for the current step (its hand and
	// menus, or what it waits for), in l, with the step's deadline
	// (env.DeadlineLine); t is locked.
	Prompt(ctx context.Context, env Env, t *game.Table, seat int, l i18n.Lang) (Message, error)
	// Press reads a press on one of the face's components, which the
	// adapter has checked to be seat's, of this game and server and of
	// the current step; t is locked. Any custom id, value or argument it
	// reads is untrusted: it checks them against what it offered, and
	// decides what the press does: a move to play, or a message to show.
	Press(ctx context.Context, env Env, r Reply, t *game.Table, seat int, id ID, values []string) (Decision, error)
	// Moved is the message of the seat whose decision d was just played,
	// res being what the move (and any forced move after it) did; t is
	// locked.
	Moved(ctx context.Context, env Env, r Reply, t *game.Table, seat int, d Decision, res game.Result) Message
	// Forced is the move seat would only be asked to confirm after its
	// own (ending a turn with nothing left to do), played for it at once;
	// "" for none.
	Forced(rec *store.Game, seat int) engine.Move
	// StepEnded is the channel's post when a step ends (the game's end
	// included), in the game's language.
	StepEnded(env Env, rec *store.Game, n game.Notice) Message
	// Chapter names the part of the game the current step belongs to (a
	// round) in a game played one seat at a time, whose channel then has
	// one live post per chapter, edited as its steps end; "" posts every
	// step's end (a game whose steps await everyone).
	Chapter(rec *store.Game) string
	// Position says where the game stands ("turn 3 of 10, shelving"), in
	// l; "" once it is over.
	Position(l i18n.Lang, rec *store.Game) string
	// Scores are the game's scores so far (or final), in l.
	Scores(l i18n.Lang, rec *store.Game) string
	// StartText is the post that opens a game: who plays, with what.
	StartText(l i18n.Lang, rec *store.Game) string
	// OptionWords names a value of one of the game's options (or a seat's
	// option) in l, for the lobby.
	OptionWords(l i18n.Lang, option, value string) string
	// Refusal words a refusal of the game's rules in l; ok is false for a
	// code it does not know.
	Refusal(l i18n.Lang, r *engine.Refusal) (text string, ok bool)
	// Log words what happened over the game's last turns (at most turns of
	// them, as the game counts turns), from its replayed steps: what each
	// move caused that everyone may know, and which moves the autopilot or
	// a computer player made; in l, for a player back after a while.
	Log(l i18n.Lang, rec *store.Game, steps []game.Step, turns int) string
	// Replay answers /<command> records replay for one of the game's
	// finished games (rec, with no State); the answer is deferred.
	Replay(ctx context.Context, env Env, r Reply, rec *store.Game) error
}

// Decision is what a press or a typed command asks for: a move to play for
// the seat, or a message to show it (none: the face answered itself).
type Decision struct {
	// Move is the move to play.
	Move engine.Move
	// Show is the message to show, replacing the pressed one (or the
	// command's answer).
	Show *Message
	// Shown, if set, is called once Show is on the player's screen (a face
	// that remembers what each message shows).
	Shown func()
	// Note is the face's own, kept from Press to Moved (what the seat was
	// doing before its move, say).
	Note any
}

// Target is the game a subcommand is about: its snapshot for a read-only
// answer, or its locked table.
type Target struct {
	Snap  *game.Snapshot
	Table *game.Table
}

// Rec is the target's game record.
func (t Target) Rec() *store.Game {
	if t.Table != nil {
		return t.Table.Rec
	}
	return t.Snap.Rec
}

// KeyedDrawer is an Env that keeps pictures by what they show: a face
// names a picture with a key made from everything it is drawn from, and
// a picture drawn before under the same key, for the same game, seat,
// languages and seats' names, is reused whatever else moved in the game
// meanwhile (a hand asked for again after other seats picked).
type KeyedDrawer interface {
	DrawKeyed(name, key string, draw func() (render.Picture, error)) (Picture, error)
}

// DrawKeyed draws a picture through env's DrawKeyed when env keeps
// pictures by key (see KeyedDrawer), and through its Draw otherwise. key
// must name everything the picture is drawn from but the game, the seat,
// the languages and the seats' names.
func DrawKeyed(env Env, name, key string, draw func() (render.Picture, error)) (Picture, error) {
	if k, ok := env.(KeyedDrawer); ok {
		return k.DrawKeyed(name, key, draw)
	}
	return env.Draw(name, draw)
}

// Env is what the adapter offers a face.
type Env interface {
	// Service is the game service.
	Service() *game.Service
	// Draw renders one picture, waiting for a free slot: pictures are
	// drawn a few at a time so that answers never queue behind them.
	Draw(name string, draw func() (render.Picture, error)) (Picture, error)
	// DeadlineLine tells a player until when the step waits for them ("" when
	// no deadline runs).
	DeadlineLine(ctx context.Context, t *game.Table, l i18n.Lang) string
	// Prompt is seat's private message as the adapter shows it: the
	// face's Prompt, or, for a seat on autopilot, the button that takes it
	// back; t is locked.
	Prompt(ctx context.Context, t *game.Table, seat int, l i18n.Lang) (Message, error)
	// Hints reports whether seat's person is shown hints on what to do
	// and why: in a practice game, and in their first real games of the
	// kind until they turn hints off.
	Hints(ctx context.Context, rec *store.Game, seat int) bool
}

// Reply is the interaction being answered.
type Reply interface {
	// Lang is the language to answer in.
	Lang() i18n.Lang
	// Interaction is the interaction, as Discord sent it.
	Interaction() *discordgo.Interaction
	// Edit replaces the answer (or the pressed message) with m; an m
	// without pictures keeps the message's pictures as they are.
	Edit(m Message) error
}

// Message is a message to send or an answer to edit.
type Message struct {
	Content    string
	Components []discordgo.MessageComponent
	Pictures   []Picture
	// DropPictures removes the pictures of the message it replaces (which
	// a message without Pictures otherwise keeps).
	DropPictures bool
}

// Picture is a picture to attach, with its file name.
type Picture struct {
	Name string
	render.Picture
}

// Discord's limits that faces build against (see board.go for those of
// a message's rows and buttons).
const (
	// MaxOptions is the most options a select menu (or autocomplete) has.
	MaxOptions = 25
	// MaxLabel is the longest label of a select menu's option.
	MaxLabel = 100
)

// GameLang is the language of a game's channel posts and pictures.
func GameLang(rec *store.Game) i18n.Lang {
	l, _ := i18n.Parse(rec.Options.Language)
	return l
}

// PictureOptions draws a game's pictures in its language with its names.
func PictureOptions(rec *store.Game) render.Options {
	return render.Options{Lang: GameLang(rec), Names: Names(rec)}
}
