package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine"
	"atheneum/store"
)

// BenchmarkStoreCalls counts the store's calls and the requests to Discord
// per interaction in the ceiling benchmark's play at 20 games (see
// BenchmarkCeiling), by a wrapper around each (the bot's own code counts
// nothing): store-reads, store-writes (transactions) and
// discord-requests per interaction; -test.v logs each method's count.
// Repeated reads and several small transactions per interaction are what
// it finds (issue 32.3: 5.3 store calls per interaction at first, 3.9
// after the settings were read once per interaction).
func BenchmarkStoreCalls(b *testing.B) {
	var n, reads, writes, requests int
	var last *callCounter
	for b.Loop() {
		c := &callCounter{n: map[string]int{}}
		h := newCountingHarness(b, c)
		c.reset() // the setup's calls
		n += len(playCeiling(b, h, 20))
		r, w, q := c.totals()
		reads, writes, requests = reads+r, writes+w, requests+q
		h.stop()
		last = c
	}
	b.ReportMetric(float64(reads)/float64(n), "store-reads/interaction")
	b.ReportMetric(float64(writes)/float64(n), "store-writes/interaction")
	b.ReportMetric(float64(requests)/float64(n), "discord-requests/interaction")
	b.Log(last.table())
}

// newCountingHarness is newCeilingHarness with the bot's store and
// Discord client counted by c.
func newCountingHarness(tb testing.TB, c *callCounter) *harness {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	srv := discordtest.New(tb, withREST(discordtest.Options{Lean: true}))
	world := srv.Seed("host")
	h := &harness{Driver: drive.Driver{Ctx: ctx, Srv: srv, Channel: world.Channel.ID}, t: tb, world: world,
		dbPath: filepath.Join(tb.TempDir(), "atheneum.db"), clock: &fakeClock{now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)},
		logs: &lockedBuffer{}, wrap: func(s Store) Store { return countingStore{ownSeeds{s}, c} }}
	h.start()
	tb.Cleanup(h.stop)
	h.bot.dg = countingDiscord{h.bot.dg, c}
	return h
}

// storeWrites are the store's methods that write (a transaction each).
var storeWrites = []string{"Abandon", "ChangeMessages", "ClaimJobs", "Commit", "CreateGame", "DeleteJob", "DeleteMessage", "HoldJob",
	"PutMessage", "SetDMClosed", "SetMemberSetting", "StartGame", "UpdateLobby"}

// callCounter counts calls by name: a store method's, or "discord " and
// a request's.
type callCounter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *callCounter) add(name string) {
	c.mu.Lock()
	c.n[name]++
	c.mu.Unlock()
}

func (c *callCounter) reset() {
	c.mu.Lock()
	clear(c.n)
	c.mu.Unlock()
}

// totals are the store's reads and writes and the requests to Discord.
func (c *callCounter) totals() (reads, writes, requests int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, v := range c.n {
		switch {
		case strings.HasPrefix(k, "discord "):
			requests += v
		case slices.Contains(storeWrites, k):
			writes += v
		default:
			reads += v
		}
	}
	return reads, writes, requests
}

// table lists the counts, most first.
func (c *callCounter) table() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	names := make([]string, 0, len(c.n))
	for k := range c.n {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return c.n[names[i]] > c.n[names[j]] })
	var sb strings.Builder
	for _, k := range names {
		fmt.Fprintf(&sb, "\n%-40s %6d", k, c.n[k])
	}
	return sb.String()
}

// countingStore counts the calls of every method of the bot's Store.
type countingStore struct {
	Store
	c *callCounter
}

func (s countingStore) Abandon(ctx context.Context, p1 string) error {
	s.c.add("Abandon")
	return s.Store.Abandon(ctx, p1)
}
func (s countingStore) Actions(ctx context.Context, p1 string) ([]engine.Move, error) {
	s.c.add("Actions")
	return s.Store.Actions(ctx, p1)
}
func (s countingStore) ChangeMessages(ctx context.Context, p1 string, p2 store.MessageChanges) error {
	s.c.add("ChangeMessages")
	return s.Store.ChangeMessages(ctx, p1, p2)
}
func (s countingStore) ClaimJobs(ctx context.Context, p1 time.Time, p2 time.Time) ([]store.Job, error) {
	s.c.add("ClaimJobs")
	return s.Store.ClaimJobs(ctx, p1, p2)
}
func (s countingStore) Commit(ctx context.Context, p1 string, p2 store.Commit) error {
	s.c.add("Commit")
	return s.Store.Commit(ctx, p1, p2)
}
func (s countingStore) CreateGame(ctx context.Context, p1 *store.Game) error {
	s.c.add("CreateGame")
	return s.Store.CreateGame(ctx, p1)
}
func (s countingStore) DeleteJob(ctx context.Context, p1 string, p2 store.JobKey) error {
	s.c.add("DeleteJob")
	return s.Store.DeleteJob(ctx, p1, p2)
}
func (s countingStore) DeleteMessage(ctx context.Context, p1 string, p2 string, p3 int) error {
	s.c.add("DeleteMessage")
	return s.Store.DeleteMessage(ctx, p1, p2, p3)
}
func (s countingStore) FinishedGames(ctx context.Context, p1 store.Scope, p2 int) ([]store.FinishedGame, error) {
	s.c.add("FinishedGames")
	return s.Store.FinishedGames(ctx, p1, p2)
}
func (s countingStore) GameInChannel(ctx context.Context, p1 string) (*store.Game, error) {
	s.c.add("GameInChannel")
	return s.Store.GameInChannel(ctx, p1)
}
func (s countingStore) GameJobs(ctx context.Context, p1 string) ([]store.Job, error) {
	s.c.add("GameJobs")
	return s.Store.GameJobs(ctx, p1)
}
func (s countingStore) GetGame(ctx context.Context, p1 string) (*store.Game, error) {
	s.c.add("GetGame")
	return s.Store.GetGame(ctx, p1)
}
func (s countingStore) GetJob(ctx context.Context, p1 string, p2 store.JobKey) (store.Job, error) {
	s.c.add("GetJob")
	return s.Store.GetJob(ctx, p1, p2)
}
func (s countingStore) GetMessage(ctx context.Context, p1 string, p2 string, p3 int) (store.Message, error) {
	s.c.add("GetMessage")
	return s.Store.GetMessage(ctx, p1, p2, p3)
}
func (s countingStore) HoldJob(ctx context.Context, p1 string, p2 store.JobKey, p3 time.Time, p4 time.Time) (store.Job, error) {
	s.c.add("HoldJob")
	return s.Store.HoldJob(ctx, p1, p2, p3, p4)
}
func (s countingStore) Jobs(ctx context.Context) ([]store.Job, error) {
	s.c.add("Jobs")
	return s.Store.Jobs(ctx)
}
func (s countingStore) Leaderboard(ctx context.Context, p1 store.Scope, p2 int, p3 int) ([]store.Standing, error) {
	s.c.add("Leaderboard")
	return s.Store.Leaderboard(ctx, p1, p2, p3)
}
func (s countingStore) ListActive(ctx context.Context) ([]*store.Game, error) {
	s.c.add("ListActive")
	return s.Store.ListActive(ctx)
}
func (s countingStore) LoadGame(ctx context.Context, p1 string) (*store.Game, error) {
	s.c.add("LoadGame")
	return s.Store.LoadGame(ctx, p1)
}
func (s countingStore) MemberGames(ctx context.Context, p1 string, p2 string) ([]*store.Game, error) {
	s.c.add("MemberGames")
	return s.Store.MemberGames(ctx, p1, p2)
}
func (s countingStore) MemberSetting(ctx context.Context, p1 string, p2 string) (string, error) {
	s.c.add("MemberSetting")
	return s.Store.MemberSetting(ctx, p1, p2)
}
func (s countingStore) MemberSettings(ctx context.Context, p1 string) (map[string]string, error) {
	s.c.add("MemberSettings")
	return s.Store.MemberSettings(ctx, p1)
}
func (s countingStore) MemberStats(ctx context.Context, p1 store.Scope, p2 string) (store.MemberStats, error) {
	s.c.add("MemberStats")
	return s.Store.MemberStats(ctx, p1, p2)
}
func (s countingStore) Messages(ctx context.Context, p1 string) ([]store.Message, error) {
	s.c.add("Messages")
	return s.Store.Messages(ctx, p1)
}
func (s countingStore) MoveLog(ctx context.Context, p1 string) ([]store.LoggedMove, error) {
	s.c.add("MoveLog")
	return s.Store.MoveLog(ctx, p1)
}
func (s countingStore) Progress(ctx context.Context, p1 string) (store.Status, int, error) {
	s.c.add("Progress")
	return s.Store.Progress(ctx, p1)
}
func (s countingStore) PutMessage(ctx context.Context, p1 store.Message) error {
	s.c.add("PutMessage")
	return s.Store.PutMessage(ctx, p1)
}
func (s countingStore) Results(ctx context.Context, p1 string) ([]store.SeatResult, error) {
	s.c.add("Results")
	return s.Store.Results(ctx, p1)
}
func (s countingStore) SetDMClosed(ctx context.Context, p1 string, p2 int, p3 bool) error {
	s.c.add("SetDMClosed")
	return s.Store.SetDMClosed(ctx, p1, p2, p3)
}
func (s countingStore) SetMemberSetting(ctx context.Context, p1 string, p2 string, p3 string) error {
	s.c.add("SetMemberSetting")
	return s.Store.SetMemberSetting(ctx, p1, p2, p3)
}
func (s countingStore) StartGame(ctx context.Context, p1 string, p2 uint64, p3 []store.Seat) (*store.Game, error) {
	s.c.add("StartGame")
	return s.Store.StartGame(ctx, p1, p2, p3)
}
func (s countingStore) UpdateLobby(ctx context.Context, p1 string, p2 []store.Seat, p3 store.Options, p4 map[string]string) error {
	s.c.add("UpdateLobby")
	return s.Store.UpdateLobby(ctx, p1, p2, p3, p4)
}

// countingDiscord counts the bot's requests to Discord.
type countingDiscord struct {
	Discord
	c *callCounter
}

func (d countingDiscord) InteractionRespond(i *discordgo.Interaction, r *discordgo.InteractionResponse, options ...discordgo.RequestOption) error {
	d.c.add("discord InteractionRespond")
	return d.Discord.InteractionRespond(i, r, options...)
}

func (d countingDiscord) FollowupMessageCreate(i *discordgo.Interaction, wait bool, p *discordgo.WebhookParams, options ...discordgo.RequestOption) (*discordgo.Message, error) {
	d.c.add("discord FollowupMessageCreate")
	return d.Discord.FollowupMessageCreate(i, wait, p, options...)
}

func (d countingDiscord) ChannelMessageSendComplex(channelID string, m *discordgo.MessageSend, options ...discordgo.RequestOption) (*discordgo.Message, error) {
	d.c.add("discord ChannelMessageSendComplex")
	return d.Discord.ChannelMessageSendComplex(channelID, m, options...)
}

func (d countingDiscord) ChannelMessageEditComplex(m *discordgo.MessageEdit, options ...discordgo.RequestOption) (*discordgo.Message, error) {
	d.c.add("discord ChannelMessageEditComplex")
	return d.Discord.ChannelMessageEditComplex(m, options...)
}

func (d countingDiscord) UserChannelCreate(recipientID string, options ...discordgo.RequestOption) (*discordgo.Channel, error) {
	d.c.add("discord UserChannelCreate")
	return d.Discord.UserChannelCreate(recipientID, options...)
}

func (d countingDiscord) ThreadStartComplex(channelID string, data *discordgo.ThreadStart, options ...discordgo.RequestOption) (*discordgo.Channel, error) {
	d.c.add("discord ThreadStartComplex")
	return d.Discord.ThreadStartComplex(channelID, data, options...)
}

func (d countingDiscord) RequestRaw(method, urlStr, contentType string, b []byte, bucketID string, sequence int, options ...discordgo.RequestOption) ([]byte, error) {
	d.c.add("discord RequestRaw " + method)
	return d.Discord.RequestRaw(method, urlStr, contentType, b, bucketID, sequence, options...)
}

func (d countingDiscord) RequestWithLockedBucket(method, urlStr, contentType string, b []byte, bucket *discordgo.Bucket, sequence int, options ...discordgo.RequestOption) ([]byte, error) {
	d.c.add("discord RequestWithLockedBucket " + method)
	return d.Discord.RequestWithLockedBucket(method, urlStr, contentType, b, bucket, sequence, options...)
}
