// Package discordtest is a fake Discord, good enough to run a real
// discordgo bot against in end-to-end tests and in offline demos.
//
// The fake serves the REST API (https://discord.com/api/v9/...), the gateway
// websocket and the attachment CDN from one HTTP server on 127.0.0.1. The bot
// under test talks to it through an unmodified *discordgo.Session: the only
// difference from production is the Session's http.Client, whose Transport
// sends every request to the fake whatever its host, because discordgo's
// endpoint URLs are package-level strings fixed at init.
//
//	srv := discordtest.New(t, discordtest.Options{})
//	world := srv.Seed("alice", "bob")
//	dg, _ := srv.NewSession("token")   // a real *discordgo.Session
//	dg.AddHandler(myInteractionHandler)
//	_ = dg.Open()                       // GET /gateway, HELLO, IDENTIFY, READY
//	t.Cleanup(func() { dg.Close() })
//
//	in, _ := srv.SlashCommand(ctx, world.Users[0], world.Channel.ID, "atheneum",
//		discordtest.Sub("new", discordtest.StringOpt("title", "Dune")))
//	msg, _ := in.WaitResponse(ctx)      // what the user ends up seeing
//
// # What the fake models
//
// One application whose bot user has the application's id; guilds, text
// channels, threads, DM channels and users; guild members with permissions;
// messages per channel with their embeds, components, attachments (bytes
// included), flags and edit history; interactions with their callback,
// @original and follow-ups; registered application commands. Ids are
// deterministic, increasing, valid snowflakes.
//
// It enforces the parts of Discord's contract that bots most often get wrong,
// answering with Discord's own error codes so the bot sees realistic
// *discordgo.RESTError values:
//
//   - an interaction must be acknowledged within Options.AckDeadline (3 s),
//     otherwise the callback gets 404 10062 "Unknown interaction";
//   - a second callback gets 400 40060 "Interaction has already been acknowledged.";
//   - follow-ups and @original edits need an acknowledged interaction
//     (404 10015 "Unknown Webhook");
//   - message, component, embed, modal, autocomplete and command payloads
//     are checked against Discord's limits (400 50035 "Invalid Form Body");
//     each rejected field is also recorded as a Violation;
//   - a user whose DMs are closed (SetDMsClosed) cannot be messaged
//     (403 50007), although opening the DM channel succeeds, as on Discord.
//
// Every REST request is recorded (Requests, FindRequests, CountRequests) and
// requests to routes the fake does not know get 404 and are listed by
// UnknownRequests, so a test notices calls it did not expect. Faults can be
// injected per route (FailNext, FailNextWhen: 429, 500, any API error).
//
// When the Server comes from New, the test fails at cleanup if violations or
// unknown requests are left over; a test that provokes them on purpose
// consumes them with TakeViolations / TakeUnknownRequests.
//
// # discordgo quirks worth knowing
//
// Session.Close sleeps one second after sending the websocket close frame
// (discordgo v0.29.0, wsapi.go), so every test that opens a session pays one
// second when closing it. Share one session between subtests, and mark tests
// that open their own session with t.Parallel so those seconds overlap.
//
// Close the sessions before the Server: if the fake goes away first, the
// session sees a dropped gateway and starts reconnecting forever. With New,
// registering the session's Close with t.Cleanup after creating the Server is
// enough, since cleanups run last-in first-out.
//
// discordgo retries a 429 without limit (it only counts retries of 502), so a
// fault that answers 429 forever makes the bot's call hang; inject a finite
// number of them.
//
// InteractionRespond always sends "content" (an empty string when unset) and
// "embeds": null. The fake applies Discord's edit rules to an update (type 7)
// as to any edit: content "" or null clears the content, embeds null clears
// the embeds, components null leaves them alone (discord-api-docs#5860). So
// an update must resend the content and embeds it wants to keep.
package discordtest
