package discordtest

import (
	"encoding/json"
	"maps"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestDeniedPermissionsRefuseWritesButNotInteractionResponses(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{})
	world := srv.Seed("alice")
	alice := world.Users[0]
	ch := world.Channel.ID
	other := srv.AddTextChannel(world.Guild.ID, "other").ID
	bot := startBot(t, srv, reply("answered", 0))
	dg := bot.dg
	earlier, err := dg.ChannelMessageSend(ch, "before the denial")
	if err != nil {
		t.Fatal(err)
	}
	thread, err := dg.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: "game", Type: discordgo.ChannelTypeGuildPublicThread})
	if err != nil {
		t.Fatal(err)
	}
	srv.DenyPermission(ch)

	refused := []struct {
		name string
		call func() error
	}{
		{"a send in the denied channel is refused", func() error { _, err := dg.ChannelMessageSend(ch, "hi"); return err }},
		{"an edit in the denied channel is refused", func() error { _, err := dg.ChannelMessageEdit(ch, earlier.ID, "edited"); return err }},
		{"a send in a thread of the denied channel is refused", func() error { _, err := dg.ChannelMessageSend(thread.ID, "hi"); return err }},
		{"starting a thread in the denied channel is refused", func() error {
			_, err := dg.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: "x", Type: discordgo.ChannelTypeGuildPublicThread})
			return err
		}},
		{"typing in the denied channel is refused", func() error { return dg.ChannelTyping(ch) }},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			if status, code := restErrCode(tc.call()); status != 403 || code != 50013 {
				t.Errorf("status %d code %d, want 403 50013", status, code)
			}
		})
	}
	t.Run("nothing changed in the denied channel", func(t *testing.T) {
		if ms := srv.Messages(ch); len(ms) != 1 || ms[0].Content != "before the denial" || len(srv.Messages(thread.ID)) != 0 {
			t.Errorf("messages = %+v, want only the earlier one, unedited", ms)
		}
	})
	t.Run("another channel and deleting the bot's own message still work", func(t *testing.T) {
		if _, err := dg.ChannelMessageSend(other, "hi"); err != nil {
			t.Error(err)
		}
		if err := dg.ChannelMessageDelete(ch, earlier.ID); err != nil {
			t.Error(err)
		}
	})
	t.Run("an interaction in the denied channel is still answered, without write permissions", func(t *testing.T) {
		in, err := srv.SlashCommand(ctx, alice, ch, "atheneum", Sub("hand"))
		if err != nil {
			t.Fatal(err)
		}
		got := bot.received(t, in.ID)
		if err := bot.result(t, in.ID); err != nil {
			t.Fatalf("the response was refused: %v", err)
		}
		if got.AppPermissions&discordgo.PermissionSendMessages != 0 || got.AppPermissions&discordgo.PermissionViewChannel == 0 {
			t.Errorf("app_permissions = %b, want view without send", got.AppPermissions)
		}
		if m, err := in.WaitResponse(ctx); err != nil || m.Content != "answered" {
			t.Errorf("response = %q, %v", m.Content, err)
		}
	})
	t.Run("a denial narrowed to edits leaves sends alone", func(t *testing.T) {
		srv.DenyPermission(other, "PATCH /channels/{channel}/messages/{message}")
		m, err := dg.ChannelMessageSend(other, "sent")
		if err != nil {
			t.Fatal(err)
		}
		_, err = dg.ChannelMessageEdit(other, m.ID, "edited")
		if _, code := restErrCode(err); code != 50013 {
			t.Errorf("edit error = %v, want 50013", err)
		}
		srv.AllowPermission(other)
	})
	t.Run("allowing the channel again lets the bot write", func(t *testing.T) {
		srv.AllowPermission(ch)
		if _, err := dg.ChannelMessageSend(ch, "back"); err != nil {
			t.Error(err)
		}
	})
}

func TestInjectedFaultsLookLikeDiscordsAndCallsAreCountedByRoute(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{RetryAfter: 30 * time.Millisecond})
	world := srv.Seed("alice")
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := world.Channel.ID
	const send = "POST /channels/{channel}/messages"

	t.Run("429s injected on any route are waited out and retried by discordgo", func(t *testing.T) {
		mark := srv.Mark()
		srv.FailNext("*", AnyPath, 2, srv.RateLimit())
		start := time.Now()
		if _, err := dg.ChannelMessageSend(ch, "one"); err != nil {
			t.Fatalf("discordgo should retry a 429: %v", err)
		}
		srv.FailNext("*", AnyPath, 1, srv.RateLimit())
		if _, err := dg.Channel(ch); err != nil {
			t.Fatal(err)
		}
		if elapsed := time.Since(start); elapsed < 90*time.Millisecond {
			t.Errorf("three retries took %v, less than three times retry_after", elapsed)
		}
		reqs := srv.RequestsSince(mark)
		if len(reqs) != 5 || reqs[0].Status != 429 || reqs[1].Status != 429 || reqs[2].Status != 200 ||
			reqs[3].Status != 429 || reqs[3].Route != "GET /channels/{channel}" || reqs[4].Status != 200 {
			t.Fatalf("requests = %v, want two 429s on the send and one on the read", reqs)
		}
		limited := reqs[0]
		var body struct {
			Message    string  `json:"message"`
			RetryAfter float64 `json:"retry_after"`
			Global     *bool   `json:"global"`
		}
		if err := json.Unmarshal(limited.Response, &body); err != nil || body.Message != "You are being rate limited." ||
			body.RetryAfter != 0.03 || body.Global == nil || *body.Global {
			t.Errorf("429 body = %s, want Discord's with retry_after 0.03 and global false", limited.Response)
		}
		if limited.Route != send || !limited.Injected {
			t.Errorf("429 request = %+v, want the route recorded and Injected", limited)
		}
	})

	t.Run("the 429 carries Discord's headers, the bucket being the route's", func(t *testing.T) {
		mark := srv.Mark()
		srv.FailNext("POST", "/channels/*/messages", 1, srv.RateLimit())
		if _, err := dg.ChannelMessageSend(ch, "two"); err != nil {
			t.Fatal(err)
		}
		reqs := srv.RequestsSince(mark)
		if len(reqs) != 2 {
			t.Fatalf("requests = %v", reqs)
		}
		// Recorded requests keep only the bot's headers, so ask the fake's
		// answer directly through a plain client.
		srv.FailNext("POST", "/channels/*/messages", 1, srv.RateLimit())
		resp, err := srv.HTTPClient().Post("https://discord.com/api/v9/channels/"+ch+"/messages", "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		if resp.StatusCode != 429 || h.Get("Retry-After") != "1" || h.Get("X-RateLimit-Remaining") != "0" || h.Get("X-RateLimit-Reset-After") != "0.030" ||
			h.Get("X-RateLimit-Limit") == "" || h.Get("X-RateLimit-Reset") == "" || h.Get("X-RateLimit-Scope") != "user" || h.Get("X-RateLimit-Bucket") == "" {
			t.Errorf("429 headers = %v", h)
		}
	})

	faults := []struct {
		name   string
		fault  Fault
		status int
		code   int
	}{
		{"injected 500s surface as errors", InternalError(), 500, 0},
		{"injected 50013s surface as missing permissions", MissingPermissions(), 403, 50013},
	}
	for _, tc := range faults {
		t.Run(tc.name, func(t *testing.T) {
			n := len(srv.Messages(ch))
			srv.FailNext("POST", "/channels/*/messages", 2, tc.fault)
			for range 2 {
				_, err := dg.ChannelMessageSend(ch, "x")
				if status, code := restErrCode(err); status != tc.status || code != tc.code {
					t.Errorf("error = %v, want %d %d", err, tc.status, tc.code)
				}
			}
			if _, err := dg.ChannelMessageSend(ch, "x"); err != nil {
				t.Errorf("the third send must go through: %v", err)
			}
			if got := len(srv.Messages(ch)); got != n+1 || srv.PendingFaults() != 0 {
				t.Errorf("%d new messages and %d faults left, want 1 and 0", got-n, srv.PendingFaults())
			}
		})
	}

	t.Run("calls are counted by route since a mark", func(t *testing.T) {
		mark := srv.Mark()
		m, err := dg.ChannelMessageSend(ch, "a")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = dg.ChannelMessageSend(ch, "b")
		_, _ = dg.ChannelMessageEdit(ch, m.ID, "c")
		_, _ = dg.GuildRoles(world.Guild.ID) // a route the fake does not know
		srv.TakeUnknownRequests()
		want := map[string]int{
			send: 2,
			"PATCH /channels/{channel}/messages/{message}":             1,
			"GET /guilds/" + world.Guild.ID + "/roles (unknown route)": 1,
		}
		if got := srv.CountByRouteSince(mark); !maps.Equal(got, want) {
			t.Errorf("counts = %v, want %v", got, want)
		}
		if all := srv.CountByRoute(); all[send] < 2 || all[send] != srv.CountRequests("POST", "/channels/*/messages") {
			t.Errorf("CountByRoute()[%s] = %d, want every send so far (%d)", send, all[send], srv.CountRequests("POST", "/channels/*/messages"))
		}
	})
}

func TestLatencyDelaysEveryRequestAndCountsTowardsTheDeadline(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	const latency = 400 * time.Millisecond
	srv := New(t, Options{Latency: latency, AckDeadline: 300 * time.Millisecond})
	world := srv.Seed("alice")
	bot := startBot(t, srv, reply("instant", 0))

	t.Run("a REST call takes at least the latency", func(t *testing.T) {
		start := time.Now()
		if _, err := bot.dg.ChannelMessageSend(world.Channel.ID, "slow"); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d < latency {
			t.Errorf("the call took %v, less than the latency", d)
		}
	})
	t.Run("an immediate answer that the latency delays past the deadline is refused", func(t *testing.T) {
		in, err := srv.SlashCommand(ctx, world.Users[0], world.Channel.ID, "atheneum", Sub("hand"))
		if err != nil {
			t.Fatal(err)
		}
		err = bot.result(t, in.ID)
		if status, code := restErrCode(err); status != 404 || code != 10062 {
			t.Errorf("error = %v, want 404 10062", err)
		}
		if d, _ := in.Latency(); !in.Late() || d < latency {
			t.Errorf("late = %v, latency = %v; want a late callback arriving after %v", in.Late(), d, latency)
		}
	})
	t.Run("without latency the same answer is in time", func(t *testing.T) {
		srv.SetLatency(0)
		in, err := srv.SlashCommand(ctx, world.Users[0], world.Channel.ID, "atheneum", Sub("hand"))
		if err != nil {
			t.Fatal(err)
		}
		if err := bot.result(t, in.ID); err != nil {
			t.Fatal(err)
		}
		if !in.AckedInTime() {
			t.Error("the answer was refused")
		}
	})
}

func TestMostAtOnceCountsRequestsHeldTogether(t *testing.T) {
	t.Parallel()
	t.Run("requests one after another are never held together", func(t *testing.T) {
		srv := New(t, Options{})
		world := srv.Seed("alice")
		bot := startBot(t, srv, reply("ok", 0))
		srv.SetLatency(20 * time.Millisecond)
		for range 3 {
			if _, err := bot.dg.ChannelMessageSend(world.Channel.ID, "hello"); err != nil {
				t.Fatal(err)
			}
		}
		if n := srv.MostAtOnce("POST /channels"); n != 1 {
			t.Errorf("MostAtOnce = %d, want 1", n)
		}
	})
	t.Run("requests sent at once are held together", func(t *testing.T) {
		srv := New(t, Options{})
		world := srv.Seed("alice")
		bot := startBot(t, srv, reply("ok", 0))
		// Three channels: discordgo sends to one channel one at a time.
		channels := []string{world.Channel.ID, srv.AddTextChannel(world.Guild.ID, "b").ID, srv.AddTextChannel(world.Guild.ID, "c").ID}
		// Held until all three have arrived, whatever the machine's pace;
		// closing the fake then cuts the hour short, and the sends fail.
		srv.SetLatency(time.Hour)
		var wg sync.WaitGroup
		for _, ch := range channels {
			wg.Go(func() { _, _ = bot.dg.ChannelMessageSend(ch, "hello") })
		}
		eventually(func() bool { return srv.MostAtOnce("POST /channels") == 3 })
		srv.Close()
		wg.Wait()
	})
}
