package discordtest

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// testCtx is the context of a test's waits. It has no deadline: a loaded
// machine may take long, and a correct fake must not fail for it; a fake
// that hangs is caught by go test's -timeout, which prints every
// goroutine.
func testCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return ctx
}

// eventually waits until cond holds, as long as it takes (see testCtx).
func eventually(cond func() bool) {
	for !cond() {
		time.Sleep(10 * time.Millisecond)
	}
}

// atheneumCommand is the shape of the command the real bot registers: one
// command with subcommands, a user option and an autocompleted option.
var atheneumCommand = &discordgo.ApplicationCommand{
	Name:        "atheneum",
	Description: "Play Atheneum",
	Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "title", Description: "Game title"},
		}},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "hand", Description: "Show your hand"},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "play", Description: "Play a card"},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "status", Description: "Show the game"},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "shelf", Description: "Show a shelf", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "Whose shelf", Required: true},
		}},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "place", Description: "Place a card", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "card", Description: "Card to place", Required: true, Autocomplete: true},
			{Type: discordgo.ApplicationCommandOptionString, Name: "slot", Description: "Where", Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "Top", Value: "top"}, {Name: "Bottom", Value: "bottom"},
			}},
		}},
	},
}

// handlerFunc is a test bot's reaction to one interaction; its error is
// reported through testBot.result.
type handlerFunc func(s *discordgo.Session, i *discordgo.Interaction) error

// testBot is a real discordgo Session connected to the fake, whose
// interaction handler is swappable per subtest.
type testBot struct {
	dg      *discordgo.Session
	mu      sync.Mutex
	handle  handlerFunc
	results chan botResult
	seen    chan *discordgo.Interaction
}

type botResult struct {
	id  string
	err error
}

// startBot opens a session against srv, registers the atheneum command and
// closes the session when the test ends (before the server, since cleanups
// run last-in first-out). Closing costs one second: callers run in parallel.
func startBot(t *testing.T, srv *Server, handle handlerFunc, options ...func(*discordgo.Session)) *testBot {
	t.Helper()
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range options {
		o(dg)
	}
	b := &testBot{dg: dg, handle: handle, results: make(chan botResult, 256), seen: make(chan *discordgo.Interaction, 256)}
	dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		b.seen <- ic.Interaction
		b.mu.Lock()
		h := b.handle
		b.mu.Unlock()
		var err error
		if h != nil {
			err = h(s, ic.Interaction)
		}
		b.results <- botResult{ic.ID, err}
	})
	if _, err := dg.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{atheneumCommand}); err != nil {
		t.Fatalf("registering commands: %v", err)
	}
	if err := dg.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = dg.Close() })
	return b
}

// neverReconnect makes a session stay closed once closed: discordgo's
// heartbeat goroutine, when a beat falls due while Close is under way,
// fails to send it and reconnects the closed session (resuming it),
// which a loaded machine makes happen now and then.
func neverReconnect(dg *discordgo.Session) { dg.ShouldReconnectOnError = false }

func (b *testBot) setHandler(h handlerFunc) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.handle = h
}

// result waits for the handler's outcome for the interaction id.
func (b *testBot) result(t *testing.T, id string) error {
	t.Helper()
	var other []botResult
	defer func() {
		for _, r := range other {
			b.results <- r
		}
	}()
	for {
		r := <-b.results
		if r.id == id {
			return r.err
		}
		other = append(other, r)
	}
}

// received waits for the interaction as discordgo decoded it.
func (b *testBot) received(t *testing.T, id string) *discordgo.Interaction {
	t.Helper()
	for i := range b.seen {
		if i.ID == id {
			return i
		}
	}
	t.Fatalf("the bot never received interaction %s", id)
	return nil
}

// pngBytes is a tiny w×h PNG, so attachment tests carry real image data.
func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// restErrCode extracts Discord's JSON error code from a discordgo error.
func restErrCode(err error) (status, code int) {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		status = re.Response.StatusCode
		if re.Message != nil {
			code = re.Message.Code
		}
	}
	return
}

// reply answers with a plain channel message.
func reply(content string, flags discordgo.MessageFlags) handlerFunc {
	return func(s *discordgo.Session, i *discordgo.Interaction) error {
		return s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: content, Flags: flags},
		})
	}
}

func intPtr(n int) *int { return &n }
