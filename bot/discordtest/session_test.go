package discordtest

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestABotSessionConnectsAndAnswersSlashCommands(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{})
	world := srv.Seed("alice", "bob")
	alice := world.Users[0]
	board := pngBytes(t, 3, 2)
	bot := startBot(t, srv, func(s *discordgo.Session, i *discordgo.Interaction) error {
		return s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "your board",
				Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
			},
		})
	})

	t.Run("the session is ready as the application's bot user", func(t *testing.T) {
		if got := bot.dg.State.User.ID; got != srv.AppID() {
			t.Errorf("State.User.ID = %q, want the application id %q", got, srv.AppID())
		}
		conns := srv.Connections()
		if len(conns) != 1 || !conns[0].Live() {
			t.Fatalf("connections = %+v, want one live connection", conns)
		}
		if !conns[0].Compress || !strings.Contains(conns[0].URL, "v=9") || !strings.Contains(conns[0].URL, "encoding=json") {
			t.Errorf("connection = %+v, want discordgo's compressed v9 JSON gateway", conns[0])
		}
	})

	t.Run("the guild and its channel reach the session state through GUILD_CREATE", func(t *testing.T) {
		eventually(func() bool {
			_, err := bot.dg.State.Channel(world.Channel.ID)
			return err == nil
		})
	})

	t.Run("a guild added while connected arrives through GUILD_CREATE", func(t *testing.T) {
		g := srv.AddGuild("Second Guild")
		eventually(func() bool {
			got, err := bot.dg.State.Guild(g.ID)
			return err == nil && got.Name == "Second Guild"
		})
	})

	cases := []struct {
		name    string
		channel string
		inGuild bool
	}{
		{"a command in a guild channel carries the member and gets an image reply", world.Channel.ID, true},
		{"a command in a DM carries the user and gets an image reply", srv.DMChannel(alice.ID).ID, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in, err := srv.SlashCommand(ctx, alice, tc.channel, "atheneum", Sub("new", StringOpt("title", "Dune")))
			if err != nil {
				t.Fatal(err)
			}
			got := bot.received(t, in.ID)
			data := got.ApplicationCommandData()
			if data.Name != "atheneum" || data.Options[0].Name != "new" || data.Options[0].Options[0].StringValue() != "Dune" {
				t.Errorf("discordgo decoded data %+v, want /atheneum new title:Dune", data)
			}
			if got.AppPermissions != DefaultBotPermissions || got.Version != 1 || got.Token != in.Token || got.AppID != srv.AppID() {
				t.Errorf("interaction = %+v, want app permissions, version 1, token and app id", got)
			}
			if tc.inGuild {
				if got.Member == nil || got.Member.User.ID != alice.ID || got.Member.Permissions != DefaultMemberPermissions || got.GuildID != world.Guild.ID {
					t.Errorf("guild interaction member = %+v, want alice with default permissions", got.Member)
				}
				if got.User != nil {
					t.Error("a guild interaction must not carry a top-level user")
				}
			} else if got.User == nil || got.User.ID != alice.ID || got.Member != nil || got.GuildID != "" {
				t.Errorf("DM interaction user = %+v member = %+v, want alice and no member", got.User, got.Member)
			}
			if err := bot.result(t, in.ID); err != nil {
				t.Fatalf("InteractionRespond: %v", err)
			}

			cb, err := in.WaitAck(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if cb.Type != discordgo.InteractionResponseChannelMessageWithSource || len(cb.Files) != 1 || !bytes.Equal(cb.Files[0].Data, board) {
				t.Errorf("callback = type %d with %d files, want type 4 with board.png", cb.Type, len(cb.Files))
			}
			if d, ok := in.Latency(); !ok || d <= 0 || d != cb.Latency || !in.AckedInTime() {
				t.Errorf("latency = %v, %v (callback %v), want a positive in-time latency", d, ok, cb.Latency)
			}
			msg, err := in.WaitResponse(ctx)
			if err != nil {
				t.Fatal(err)
			}
			a, ok := msg.Attachment("board.png")
			if msg.Content != "your board" || !ok || !bytes.Equal(a.Data, board) || a.Width != 3 || a.Height != 2 || a.ContentType != "image/png" {
				t.Errorf("response = %q with attachment %+v, want the board PNG (3×2)", msg.Content, a)
			}
			if msg.ChannelID != tc.channel || msg.InteractionID != in.ID || msg.Ephemeral {
				t.Errorf("response message = %+v, want a public message in the channel tied to the interaction", msg)
			}

			// The attachment URL Discord would hand out downloads the
			// same bytes through the session's client.
			fetched, err := bot.dg.ChannelMessage(tc.channel, msg.ID)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := bot.dg.Client.Get(fetched.Attachments[0].URL)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			if !bytes.Equal(body, board) || !strings.HasPrefix(fetched.Attachments[0].URL, "https://cdn.discordapp.com/attachments/") {
				t.Errorf("downloading %s gave %d bytes, want the board", fetched.Attachments[0].URL, len(body))
			}
		})
	}

	t.Run("callback latencies are exposed for percentiles", func(t *testing.T) {
		ds := srv.AckLatencies()
		if len(ds) != 2 {
			t.Fatalf("got %d latencies, want 2", len(ds))
		}
		if p := Percentile(ds, 99); p <= 0 || p > time.Second {
			t.Errorf("p99 = %v, want a small positive latency", p)
		}
	})
}

func TestResponsesFollowupsAndEdits(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{})
	world := srv.Seed("alice")
	alice := world.Users[0]
	bot := startBot(t, srv, nil)

	slash := func(t *testing.T, h handlerFunc) (*Interaction, error) {
		t.Helper()
		bot.setHandler(h)
		in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("status"))
		if err != nil {
			t.Fatal(err)
		}
		return in, bot.result(t, in.ID)
	}

	t.Run("a deferred response is completed by editing @original", func(t *testing.T) {
		in, err := slash(t, func(s *discordgo.Session, i *discordgo.Interaction) error {
			if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
				return err
			}
			done := "game status"
			_, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &done})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		msg, err := in.WaitResponse(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if msg.Content != "game status" || msg.Loading() || len(msg.Revisions) != 1 || !msg.Revisions[0].Loading() {
			t.Errorf("response = %+v, want the edited message with the thinking placeholder as its only revision", msg)
		}
	})

	t.Run("an empty answer is refused as Discord refuses it", func(t *testing.T) {
		empties := []struct {
			name string
			send handlerFunc
		}{
			{"a message response with no content", func(s *discordgo.Session, i *discordgo.Interaction) error {
				return s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: "", Flags: discordgo.MessageFlagsEphemeral}})
			}},
			{"a follow-up with no content", func(s *discordgo.Session, i *discordgo.Interaction) error {
				if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
					return err
				}
				_, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: ""})
				return err
			}},
		}
		for _, e := range empties {
			_, err := slash(t, e.send)
			if status, code := restErrCode(err); status != 400 || code != 50006 {
				t.Errorf("%s: error %v, want 400 with code 50006 (Cannot send an empty message)", e.name, err)
			}
			srv.TakeViolations()
		}
	})

	t.Run("the first follow-up after a deferral replaces the thinking message", func(t *testing.T) {
		var first *discordgo.Message
		in, err := slash(t, func(s *discordgo.Session, i *discordgo.Interaction) error {
			err := s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
			})
			if err != nil {
				return err
			}
			if first, err = s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "first"}); err != nil {
				return err
			}
			_, err = s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "second"})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		orig, _ := in.Original()
		fs := in.Followups()
		if orig.ID != first.ID || orig.Content != "first" || !orig.Ephemeral || orig.VisibleTo != alice.ID {
			t.Errorf("@original = %+v, want the ephemeral placeholder turned into %q", orig, "first")
		}
		if len(fs) != 1 || fs[0].Content != "second" {
			t.Errorf("follow-ups = %+v, want only %q", fs, "second")
		}
	})

	t.Run("a follow-up is a new message and @original can be fetched", func(t *testing.T) {
		var fetched, follow *discordgo.Message
		in, err := slash(t, func(s *discordgo.Session, i *discordgo.Interaction) error {
			if err := reply("hello", 0)(s, i); err != nil {
				return err
			}
			var err error
			if follow, err = s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "psst", Flags: discordgo.MessageFlagsEphemeral}); err != nil {
				return err
			}
			fetched, err = s.InteractionResponse(i)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		fs, err := in.WaitFollowups(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if fetched.Content != "hello" || follow.ID != fs[0].ID || !fs[0].Ephemeral || len(in.Responses()) != 2 {
			t.Errorf("fetched @original %q, follow-up %+v, want hello and an ephemeral follow-up", fetched.Content, fs[0])
		}
	})

	t.Run("a second callback is refused as already acknowledged", func(t *testing.T) {
		_, err := slash(t, func(s *discordgo.Session, i *discordgo.Interaction) error {
			if err := reply("once", 0)(s, i); err != nil {
				return err
			}
			return reply("twice", 0)(s, i)
		})
		if status, code := restErrCode(err); status != 400 || code != 40060 {
			t.Errorf("second callback error = %v, want 400 40060", err)
		}
	})

	t.Run("a follow-up before the acknowledgement is refused", func(t *testing.T) {
		var early error
		_, err := slash(t, func(s *discordgo.Session, i *discordgo.Interaction) error {
			_, early = s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "too soon"})
			return reply("ok", 0)(s, i)
		})
		if err != nil {
			t.Fatal(err)
		}
		if status, code := restErrCode(early); status != 404 || code != 10015 {
			t.Errorf("early follow-up error = %v, want 404 10015", early)
		}
	})

	t.Run("an invalid response is refused and the interaction can still be answered", func(t *testing.T) {
		var invalid error
		in, err := slash(t, func(s *discordgo.Session, i *discordgo.Interaction) error {
			invalid = reply(strings.Repeat("x", 2001), 0)(s, i)
			return reply("short", 0)(s, i)
		})
		if err != nil {
			t.Fatal(err)
		}
		if status, code := restErrCode(invalid); status != 400 || code != 50035 {
			t.Errorf("oversized response error = %v, want 400 50035", invalid)
		}
		if vs := srv.TakeViolations(); len(vs) != 1 || vs[0].Field != "data.content" {
			t.Errorf("violations = %v, want one on data.content", vs)
		}
		if cb, ok := in.Callback(); !ok || cb.Type != discordgo.InteractionResponseChannelMessageWithSource {
			t.Errorf("callback = %+v, %v; want the valid second attempt", cb, ok)
		}
	})
}

func TestALateAcknowledgementIsRefusedAsAnUnknownInteraction(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{AckDeadline: 50 * time.Millisecond})
	world := srv.Seed("carol")
	bot := startBot(t, srv, func(s *discordgo.Session, i *discordgo.Interaction) error {
		time.Sleep(120 * time.Millisecond)
		return reply("sorry", 0)(s, i)
	})
	in, err := srv.SlashCommand(ctx, world.Users[0], world.Channel.ID, "atheneum", Sub("hand"))
	if err != nil {
		t.Fatal(err)
	}
	err = bot.result(t, in.ID)
	if status, code := restErrCode(err); status != 404 || code != 10062 {
		t.Errorf("late callback error = %v, want 404 10062", err)
	}
	if d, ok := in.Latency(); !in.Late() || in.AckedInTime() || !ok || d < 100*time.Millisecond {
		t.Errorf("late=%v acked=%v latency=%v, want a late, unacknowledged interaction", in.Late(), in.AckedInTime(), d)
	}
	// The user is told it failed, as Discord does, rather than waiting for
	// an answer that will never come.
	if _, err := in.WaitResponse(ctx); !errors.Is(err, ErrInteractionFailed) {
		t.Errorf("waiting for the answer: %v, want ErrInteractionFailed", err)
	}
	if _, err := in.WaitAck(ctx); !errors.Is(err, ErrInteractionFailed) {
		t.Errorf("waiting for the acknowledgement: %v, want ErrInteractionFailed", err)
	}
}

func TestChannelMessagesDMsAndFaults(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{})
	world := srv.Seed("alice", "bob", "carol")
	alice, bob, carol := world.Users[0], world.Users[1], world.Users[2]
	// REST needs no gateway: an unopened session costs no second at Close.
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := world.Channel.ID
	msgs := "/channels/" + ch + "/messages"

	t.Run("a message with components is sent, then edited without losing them", func(t *testing.T) {
		sent, err := dg.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
			Content: "pick a card",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Draw", Style: discordgo.PrimaryButton, CustomID: "draw"},
				discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.org"},
			}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(sent.Components) != 1 || sent.Author.ID != srv.AppID() {
			t.Errorf("discordgo got %+v, want one row authored by the bot", sent)
		}
		edited, err := dg.ChannelMessageEdit(ch, sent.ID, "pick again")
		if err != nil {
			t.Fatal(err)
		}
		m, _ := srv.Message(sent.ID)
		if edited.EditedTimestamp == nil || m.Content != "pick again" || len(m.Buttons()) != 2 || len(m.Revisions) != 1 || m.Revisions[0].Content != "pick a card" {
			t.Errorf("stored message = %+v, want new content, both buttons kept, old content in revisions", m)
		}
	})

	t.Run("a DM channel is opened and a DM is delivered", func(t *testing.T) {
		dm, err := dg.UserChannelCreate(alice.ID)
		if err != nil {
			t.Fatal(err)
		}
		if dm.Type != discordgo.ChannelTypeDM || dm.ID != srv.DMChannel(alice.ID).ID || dm.Recipients[0].ID != alice.ID {
			t.Errorf("DM channel = %+v, want alice's DM channel", dm)
		}
		if _, err := dg.ChannelMessageSend(dm.ID, "your turn"); err != nil {
			t.Fatal(err)
		}
		if got := srv.DMMessages(alice.ID); len(got) != 1 || got[0].Content != "your turn" {
			t.Errorf("alice's DMs = %+v, want %q", got, "your turn")
		}
	})

	t.Run("a user with closed DMs yields RESTError 50007 although the channel opens", func(t *testing.T) {
		srv.SetDMsClosed(bob.ID, true)
		dm, err := dg.UserChannelCreate(bob.ID)
		if err != nil {
			t.Fatalf("opening the DM channel must succeed: %v", err)
		}
		_, err = dg.ChannelMessageSend(dm.ID, "your turn")
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodeCannotSendMessagesToThisUser || re.Response.StatusCode != 403 {
			t.Fatalf("error = %v, want a *discordgo.RESTError 403 with code 50007", err)
		}
		if n := len(srv.DMMessages(bob.ID)); n != 0 {
			t.Errorf("bob has %d DMs, want none", n)
		}
	})

	t.Run("an injected 50007 on DM creation hits only the chosen recipient", func(t *testing.T) {
		srv.FailNextWhen(1, func(r Request) bool {
			return r.Match("POST", "/users/@me/channels") && strings.Contains(string(r.JSON), carol.ID)
		}, CannotMessageUser())
		if _, err := dg.UserChannelCreate(alice.ID); err != nil {
			t.Fatalf("alice's DM: %v", err)
		}
		_, err := dg.UserChannelCreate(carol.ID)
		if _, code := restErrCode(err); code != 50007 {
			t.Errorf("carol's DM error = %v, want 50007", err)
		}
	})

	t.Run("a 429 is retried by discordgo and then succeeds", func(t *testing.T) {
		before := srv.CountRequests("POST", msgs)
		srv.FailNext("POST", msgs, 1, RateLimited(50*time.Millisecond))
		start := time.Now()
		if _, err := dg.ChannelMessageSend(ch, "after the limit"); err != nil {
			t.Fatalf("discordgo should retry a 429: %v", err)
		}
		reqs := srv.FindRequests("POST", msgs)[before:]
		if len(reqs) != 2 || reqs[0].Status != 429 || !reqs[0].Injected || reqs[1].Status != 200 {
			t.Errorf("requests = %v, want a 429 then a 200", reqs)
		}
		if elapsed := time.Since(start); elapsed < 50*time.Millisecond {
			t.Errorf("the retry came after %v, before retry_after", elapsed)
		}
	})

	t.Run("a 500 surfaces as an error and changes nothing", func(t *testing.T) {
		n := len(srv.Messages(ch))
		srv.FailNext("POST", msgs, 1, InternalError())
		_, err := dg.ChannelMessageSend(ch, "lost")
		if status, _ := restErrCode(err); status != 500 {
			t.Errorf("error = %v, want HTTP 500", err)
		}
		if srv.PendingFaults() != 0 || len(srv.Messages(ch)) != n {
			t.Error("the fault must be used up and no message stored")
		}
	})

	t.Run("a thread started from a message shares the message's id", func(t *testing.T) {
		m, err := dg.ChannelMessageSend(ch, "game #1")
		if err != nil {
			t.Fatal(err)
		}
		th, err := dg.MessageThreadStart(ch, m.ID, "Game 1", 1440)
		if err != nil {
			t.Fatal(err)
		}
		if th.ID != m.ID || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != ch {
			t.Errorf("thread = %+v, want a public thread with the message's id under %s", th, ch)
		}
		if _, err := dg.ChannelMessageSend(th.ID, "in the thread"); err != nil {
			t.Fatal(err)
		}
		if got := srv.Threads(ch); len(got) != 1 || len(srv.Messages(th.ID)) != 1 {
			t.Errorf("threads = %+v, want one thread with one message", got)
		}
		_, err = dg.MessageThreadStart(ch, m.ID, "again", 1440)
		if _, code := restErrCode(err); code != 160004 {
			t.Errorf("second thread error = %v, want 160004", err)
		}
	})

	t.Run("every request is recorded with its route and original host", func(t *testing.T) {
		reqs := srv.FindRequests("POST", "/channels/*/messages")
		if len(reqs) == 0 {
			t.Fatal("no message posts recorded")
		}
		r := reqs[0]
		if r.Host != "discord.com" || r.Route != "POST /channels/{channel}/messages" || r.Header.Get("Authorization") != "Bot test-token" {
			t.Errorf("request = %+v, want host, route and the bot token", r)
		}
		var body struct{ Content string }
		if err := r.Decode(&body); err != nil || body.Content == "" {
			t.Errorf("decoding the payload: %v %+v", err, body)
		}
	})

	t.Run("calls to routes the fake does not know are reported", func(t *testing.T) {
		_, err := dg.GuildRoles(world.Guild.ID)
		if status, _ := restErrCode(err); status != 404 {
			t.Errorf("error = %v, want 404", err)
		}
		got := srv.TakeUnknownRequests()
		if len(got) != 1 || got[0].Path != "/guilds/"+world.Guild.ID+"/roles" {
			t.Errorf("unknown requests = %v, want the roles call", got)
		}
		if len(srv.UnknownRequests()) != 0 {
			t.Error("taken unknown requests must not be reported again")
		}
	})

	t.Run("a request without the bot token is unauthorized", func(t *testing.T) {
		anon, _ := srv.NewSession("")
		if _, err := anon.User("@me"); err == nil {
			t.Error("want 401 without a token")
		}
	})
}

func TestApplicationCommandRegistration(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{})
	world := srv.Seed()
	dg, _ := srv.NewSession("test-token")

	t.Run("a bulk overwrite echoes the commands with ids that survive a second overwrite", func(t *testing.T) {
		first, err := dg.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{atheneumCommand})
		if err != nil {
			t.Fatal(err)
		}
		second, err := dg.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{atheneumCommand})
		if err != nil {
			t.Fatal(err)
		}
		if first[0].ID == "" || first[0].ID != second[0].ID || first[0].ApplicationID != srv.AppID() || len(first[0].Options) != 6 {
			t.Errorf("commands = %+v then %+v, want a stable id and all six subcommands", first[0], second[0])
		}
		cmds := srv.Commands("")
		if len(cmds) != 1 {
			t.Fatalf("registered = %+v", cmds)
		}
		place, _ := cmds[0].Option("place")
		card, _ := place.Option("card")
		if !card.Autocomplete || !card.Required {
			t.Errorf("place card = %+v, want a required autocompleted option", card)
		}
	})

	t.Run("guild commands are created, listed and deleted", func(t *testing.T) {
		c, err := dg.ApplicationCommandCreate(srv.AppID(), world.Guild.ID, &discordgo.ApplicationCommand{Name: "ping", Description: "Ping"})
		if err != nil {
			t.Fatal(err)
		}
		list, err := dg.ApplicationCommands(srv.AppID(), world.Guild.ID)
		if err != nil || len(list) != 1 || list[0].GuildID != world.Guild.ID {
			t.Fatalf("list = %+v, %v", list, err)
		}
		if err := dg.ApplicationCommandDelete(srv.AppID(), world.Guild.ID, c.ID); err != nil {
			t.Fatal(err)
		}
		if n := len(srv.Commands(world.Guild.ID)); n != 0 {
			t.Errorf("%d guild commands left", n)
		}
	})

	t.Run("an invalid command name is refused like Discord does", func(t *testing.T) {
		_, err := dg.ApplicationCommandCreate(srv.AppID(), "", &discordgo.ApplicationCommand{Name: "Atheneum Game", Description: "x"})
		if status, code := restErrCode(err); status != 400 || code != 50035 {
			t.Errorf("error = %v, want 400 50035", err)
		}
		if vs := srv.TakeViolations(); len(vs) != 1 || vs[0].Field != "name" {
			t.Errorf("violations = %v, want one on name", vs)
		}
	})
}

func TestPercentileUsesNearestRank(t *testing.T) {
	t.Parallel()
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	for _, tc := range []struct {
		p    float64
		want time.Duration
	}{{50, 50 * time.Millisecond}, {99, 99 * time.Millisecond}, {100, 100 * time.Millisecond}, {0.1, time.Millisecond}} {
		if got := Percentile(ds, tc.p); got != tc.want {
			t.Errorf("p%v = %v, want %v", tc.p, got, tc.want)
		}
	}
	if Percentile(nil, 99) != 0 {
		t.Error("the percentile of nothing must be 0")
	}
}
