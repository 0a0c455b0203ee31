// Package discordtest is a fake Discord, good enough to run a real
// discordgo bot against in end-to-end tests and in offline demos.
//
// The fake serves the REST API (https://discord.com/api/v9/...), the gateway
// websocket and the attachment CDN from one HTTP server on 127.0.0.1. The bot
// under test talks to it through an unmodified *discordgo.Session: the only
// difference from production is the Session's http.Client, whose Transport
// sends every request to the fake whatever its host, because discordgo's
// endpoint URLs are package-level strings fixed at init. Under that
// rewrite the requests go out on net/http's transport, or on the one
// Options.Transport names (the bot's tests give theirs, so that they
// measure and exercise the transport the process uses).
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
// One application whose bot user has the application's id; guilds (with a
// preferred locale), text channels, threads (with their archive duration),
// DM channels and users (with a client locale); guild members with
// permissions; messages per channel with their embeds, components,
// attachments (bytes and alt text included), allowed mentions, flags and
// edit history; interactions with their callback, @original and
// follow-ups, carrying the user's locale, the guild's locale, the member's
// permissions and the bot's app_permissions; registered application
// commands with their localizations and bounds. Ids are deterministic,
// increasing, valid snowflakes.
//
// Interactions reach the bot one of Discord's two ways. By default they
// are dispatched on the gateway; with several shards (discordgo's ShardID
// and ShardCount, sent in IDENTIFY) a server's events go to the newest
// live session of shard (guild_id >> 22) % n (ShardOf) and direct
// messages to shard 0, each session hears only its shard's servers in
// READY and GUILD_CREATE, and an IDENTIFY naming a shard that cannot exist
// is closed with 4010. Once SetInteractionsEndpoint has given the
// application an Interactions Endpoint URL (after checking it as the
// developer portal does: a signed PING must get a PONG and a forged one
// 401), every interaction is POSTed there instead, with X-Signature-Ed25519
// and X-Signature-Timestamp made with a private key the test supplies, and
// the bot's first response is read from the body of its answer: it must
// be a 200 within the acknowledgement deadline and a response Discord
// accepts, or the interaction fails for its user (Late, or a violation
// for an invalid answer). Such an answer is logged as a Request of Method
// "ANSWER" and Route EndpointAnswerRoute. A REST call to an interaction's
// webhook that arrives while the fake still reads the answer it follows
// waits for it (the bot sends its edits once its answer is complete); one
// sent before the bot answered at all thus waits until Discord stops
// waiting, and finds no webhook.
// SetInteractionsEndpoints gives several endpoint URLs, as identical
// processes behind a load balancer: the fake plays the load balancer,
// POSTing each interaction to the next URL in turn and passing over one
// that refuses the connection (a process that is down); Interaction.Endpoint
// tells which one took an interaction.
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
//   - payloads are checked against Discord's limits (400 50035 "Invalid Form
//     Body"), each rejected field also recorded as a Violation: content
//     (2000 characters, counted in code points like every length here),
//     embeds, action rows and buttons, select menus (min_values 0-25,
//     max_values 1-25, min <= max, max <= options, 1-25 options with unique
//     values, no more defaults than max_values), modals and text inputs,
//     autocomplete choices, allowed_mentions (parse values, "users"/"roles"
//     in parse exclusive with a users/roles list, at most 100 ids,
//     replied_user a boolean), attachments (at most 10, each "attachments"
//     entry naming a files[n] upload or a kept attachment, alt text up to
//     1024 characters), threads (name 1-100 characters, auto_archive_duration
//     60, 1440, 4320 or 10080) and application commands (names per Discord's
//     regex and lowercase rule, localized ones too; descriptions 1-100;
//     localization keys among Discord's locales; 25 options and 25 choices;
//     choice names and string values up to 100; min/max value and length
//     ranges; 8000 characters per command counting the longest localization
//     of each field);
//   - uploads beyond Options.UploadLimit (25 MiB), per file or per request,
//     get 413 40005 "Request entity too large";
//   - a user whose DMs are closed (SetDMsClosed) cannot be messaged
//     (403 50007), although opening the DM channel succeeds, as on Discord;
//   - a channel where the bot may not write (DenyPermission) refuses sends,
//     edits, threads and typing with 403 50013 "Missing Permissions", while
//     interaction responses there still work.
//
// Users act only as a Discord client lets them: SlashCommand refuses
// options outside their registered choices, min/max value or min/max
// length; SelectMenu refuses values not offered, repeated, or outside
// min/max values; SubmitModal refuses inputs outside their length bounds.
// Message.Pings tells whether a message really notifies a user, following
// its allowed_mentions.
//
// Every REST request is recorded (Requests, FindRequests, CountRequests,
// CountByRoute and, from a Mark, RequestsSince and CountByRouteSince) and
// requests to routes the fake does not know get 404 and are listed by
// UnknownRequests, so a test notices calls it did not expect. Faults can be
// injected per route or on any route (FailNext with AnyPath, FailNextWhen):
// 429s as Discord sends them (RateLimit, RateLimited: body with
// retry_after, Retry-After and X-RateLimit-* headers, so discordgo waits
// and retries), 500s (InternalError), 50013 (MissingPermissions), any API
// error. Options.Latency (or SetLatency) delays every REST request, which
// counts towards the acknowledgement deadline.
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
// number of them. Each injected fault is used by one HTTP call, retries
// included: FailNext(..., 3, s.RateLimit()) makes one send wait three times.
//
// discordgo v0.29's MessageAttachment has no description field, so a bot
// giving its images alt text builds its own payload: an "attachments" list
// of {"id": n, "description": ...} for each files[n], sent with
// discordgo.MultipartBodyWithJSON and Session.RequestRaw. The fake accepts
// it on message sends and edits, interaction responses, follow-ups and
// @original edits.
//
// InteractionRespond always sends "content" (an empty string when unset) and
// "embeds": null. The fake applies Discord's edit rules to an update (type 7)
// as to any edit: content "" or null clears the content, embeds null clears
// the embeds, components null leaves them alone (discord-api-docs#5860). So
// an update must resend the content and embeds it wants to keep.
package discordtest
