package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"atheneum/bot"
	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/anludim"
	anai "atheneum/engine/anludim/ai"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
	"atheneum/store/storetest"
)

// The proof that several processes share the games (issue 30.5): three
// processes of the program (this test binary running main, as TestMain
// does under runEnv), on one PostgreSQL database, receive an
// Atheneum and an Anludim game's interactions from the fake Discord over
// HTTP, in turn as a load balancer spreads them; one is killed in the
// middle of a step and started again, and a reminder and a deadline fall
// due while two run. Both games must end as the same seeds end in one
// process that plays the same script, with every move, reminder and
// autopilot move once.

// The script's marks, in moves of each game: the process is killed once
// each game has killAt moves and a step under way (between two moves of
// it, while no interaction is being answered), and the deadline falls
// due once each has deadlineAt moves and awaits one person.
const (
	killAt     = 6
	deadlineAt = 14
)

func TestThreeProcessesPlayTwoGamesAsOneProcessWould(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the program three times and plays two games twice")
	}
	// Before the build: without a server the test is skipped at once.
	storetest.Require(t)
	// A safety net only: the script is bounded by the games' moves.
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	// The program is this test binary, which runs main when started with
	// runEnv (TestMain), as the think command's test starts it: the same
	// main and packages, without linking a second binary of some 30 MB
	// (a go build cost some 2 s of processor time and 4 s of the test's 17).
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}

	three := playScript(t, ctx, func(t *testing.T, c *cluster) { c.startProcesses(t, ctx, bin, 3) })
	one := playScript(t, ctx, func(t *testing.T, c *cluster) { c.startInProcess(t, ctx, three.seeds) })

	for _, g := range []string{atheneum.GameID, anludim.ID} {
		t.Run(g+": the three processes' game ends as the one process's", func(t *testing.T) {
			a, b := three.games[g], one.games[g]
			if a.status != store.StatusFinished || b.status != store.StatusFinished {
				t.Fatalf("three processes: %s, one process: %s", a.status, b.status)
			}
			if !reflect.DeepEqual(a.results, b.results) {
				t.Fatalf("results with three processes %v, with one %v", a.results, b.results)
			}
			if !slices.Equal(a.log, b.log) {
				t.Errorf("the moves differ:\nthree %v\none   %v", a.log, b.log)
			}
			t.Logf("%d moves (%d by people, %d of them played at once as nothing else was left, %d by the autopilot; %d interactions failed for their people, %d moves refused as the game had moved on), results %v",
				len(a.log), a.byActor["player"], a.forced, a.byActor["autopilot"], a.failed, a.refused, a.results)
		})
		t.Run(g+": every acknowledged move is in the log once", func(t *testing.T) {
			// A press whose answer came too late for Discord failed for its
			// person, who pressed again: its move, if stored, was never
			// acknowledged, and may stand beside the one made again.
			a := three.games[g]
			if n, acked := a.byActor["player"], len(a.acked)+a.forced; n < acked || n > acked+a.failed {
				t.Errorf("the people's %d acknowledged moves and %d played for them at once (%d presses failed for them) are %d moves of theirs in the log",
					len(a.acked), a.forced, a.failed, n)
			}
			if len(slices.Compact(slices.Clone(a.acked))) != len(a.acked) {
				t.Errorf("two acknowledged moves are one move of the log: %v", a.acked)
			}
			for seq := 1; seq <= len(a.log); seq++ {
				if n := a.logged[seq]; n != 1 {
					t.Errorf("move %d was logged as played %d times by the processes", seq, n)
				}
			}
		})
		t.Run(g+": the reminder, the deadline and the autopilot's moves happened once", func(t *testing.T) {
			a, b := three.games[g], one.games[g]
			if a.reminders != 1 || a.deadlines != 1 {
				t.Errorf("%d reminders and %d deadlines reached, want one each", a.reminders, a.deadlines)
			}
			if a.byActor["autopilot"] == 0 || a.byActor["autopilot"] != b.byActor["autopilot"] {
				t.Errorf("the autopilot made %d moves with three processes, %d with one", a.byActor["autopilot"], b.byActor["autopilot"])
			}
		})
	}
	t.Run("the interactions were spread over the three processes, and each played moves of both games", func(t *testing.T) {
		if len(three.spread) != 3 {
			t.Errorf("the interactions went to %d endpoints: %v", len(three.spread), three.spread)
		}
		for _, g := range three.games {
			for _, p := range []string{"p0", "p1", "p2"} {
				if g.movesBy[p] == 0 {
					t.Errorf("process %s played none of a game's moves: %v", p, g.movesBy)
				}
			}
		}
		t.Logf("interactions per endpoint %v; moves per process %v and %v", three.spread,
			three.games[atheneum.GameID].movesBy, three.games[anludim.ID].movesBy)
	})
	t.Run("every process answers /atheneum status and /anludim status", func(t *testing.T) {
		for cmd, by := range three.status {
			if len(by) != 3 {
				t.Errorf("/%s status was answered by %d processes, want 3: %v", cmd, len(by), by)
			}
		}
	})
}

// scriptRun is what a run of the script leaves to compare.
type scriptRun struct {
	// seeds are the games' seeds, in the order the games were opened.
	seeds []uint64
	games map[string]*gameRun
	// status lists, per command, the endpoints that answered its status.
	status map[string]map[string]bool
	// spread counts the interactions each endpoint took.
	spread map[string]int
}

// gameRun is one game of a run.
type gameRun struct {
	status  store.Status
	results []engine.Result
	log     []engine.Move
	// byActor counts the log's moves by who made them.
	byActor map[string]int
	// acked are the people's moves the bot acknowledged, by number, and
	// refused counts those it refused; logged counts, per move number,
	// the processes' log lines that played it.
	acked     []int
	refused   int
	forced    int
	logged    map[int]int
	reminders int
	deadlines int
	// movesBy counts the moves each process logged.
	movesBy map[string]int
	// failed counts the game's interactions that failed for their people.
	failed int
}

// cluster is the bot's processes the script plays against: the fake
// Discord, the database they share, and their logs.
type cluster struct {
	srv  *discordtest.Server
	dsn  string
	db   *store.DB
	sql  *sql.DB
	key  ed25519.PrivateKey
	pub  ed25519.PublicKey
	logs *lockedLog
	// procs are the program's processes (none when the bot runs in the
	// test's process).
	procs []*botProc
}

// lockedLog gathers the processes' logs.
type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// count is how many lines hold every one of parts.
func (l *lockedLog) count(parts ...string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for line := range strings.SplitSeq(l.b.String(), "\n") {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			n++
		}
	}
	return n
}

// botProc is one process of the program, serving the HTTP endpoint on a
// port of its own, which it keeps when started again.
type botProc struct {
	name string
	addr string
	cmd  *exec.Cmd
	done chan struct{}
}

// playScript runs the script against the processes start starts: two
// people open each game, play it by command (their direct messages are
// closed), and the script kills the second process, lets a reminder and
// a deadline fall due and starts the process again, at fixed moves of
// the games (with one process, nothing is killed).
func playScript(t *testing.T, ctx context.Context, start func(*testing.T, *cluster)) *scriptRun {
	t.Helper()
	c := &cluster{logs: &lockedLog{}}
	c.srv = discordtest.New(t, discordtest.Options{})
	c.dsn = storetest.Postgres(t)
	var err error
	if c.pub, c.key, err = ed25519.GenerateKey(rand.Reader); err != nil {
		t.Fatal(err)
	}
	start(t, c)
	if c.db, err = store.Open(ctx, c.dsn); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.db.Close() })
	if c.sql, err = sql.Open("pgx", c.dsn); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.sql.Close() })

	world := c.srv.Seed("ana", "bo", "cy", "di")
	for _, u := range world.Users {
		c.srv.SetDMsClosed(u.ID, true)
	}
	second := c.srv.AddTextChannel(world.Guild.ID, "anludim")
	tables := []*table{
		{command: atheneum.GameID, channel: world.Channel.ID, users: world.Users[:2]},
		{command: anludim.ID, channel: second.ID, users: world.Users[2:]},
	}
	run := &scriptRun{games: map[string]*gameRun{}, status: map[string]map[string]bool{}, spread: map[string]int{}}
	for _, tb := range tables {
		tb.d, tb.sql = &drive.Driver{Ctx: ctx, Srv: c.srv, Bot: farBot{}, Store: c.db, Channel: tb.channel}, c.sql
		for _, u := range tb.users {
			tb.people = append(tb.people, &drive.Player{User: u, ViaSlash: true})
		}
		// Opened one after the other, so that the games draw their seeds
		// in the same order in every run.
		if tb.id, err = tb.d.Open(drive.Lobby{Command: tb.command, People: tb.users}); err != nil {
			t.Fatalf("opening %s: %v", tb.command, err)
		}
		rec, err := c.db.GetGame(ctx, tb.id)
		if err != nil {
			t.Fatal(err)
		}
		run.seeds = append(run.seeds, rec.Seed)
	}

	// Both games at once, until each has a step under way; then the
	// second process is killed, between two moves of a step (not while
	// it answers an interaction: a person would wait in vain for an edit
	// it had promised, then press again, which the driver does not).
	both(t, tables, func(tb *table) error {
		return tb.play(ctx, func(rec *store.Game, prev string) bool {
			return rec.Seq >= killAt && game.StepKey(rec.State) == prev
		})
	})
	if len(c.procs) > 1 {
		c.kill(t, 1)
	}
	// On with the two processes left, up to the deadline, each game
	// awaiting one person.
	both(t, tables, func(tb *table) error {
		return tb.play(ctx, func(rec *store.Game, _ string) bool {
			return rec.Seq >= deadlineAt && len(tb.awaitedPeople(rec)) == 1
		})
	})
	// The reminder, then the deadline, of each game's step fall due; the
	// processes that run claim them.
	for _, tb := range tables {
		c.fallDue(t, ctx, tb.id, game.JobReminder, func() bool { return c.logs.count("msg=reminder ", "game="+tb.id) > 0 })
		autopilot := func() bool { return c.byActor(t, ctx, tb.id)["autopilot"] > 0 }
		c.fallDue(t, ctx, tb.id, game.JobDeadline, autopilot)
		if err := tb.comeBack(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if len(c.procs) > 1 {
		c.restart(t, ctx, 1)
	}
	both(t, tables, func(tb *table) error { return tb.play(ctx, func(*store.Game, string) bool { return false }) })

	// Each process answers the status of each game: three commands in a
	// row go to the three endpoints in turn.
	for _, tb := range tables {
		by := map[string]bool{}
		for range max(1, len(c.procs)) {
			in, err := c.srv.SlashCommand(ctx, tb.users[0], tb.channel, tb.command, discordtest.Sub("status"))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := in.WaitResponse(ctx); err != nil {
				t.Fatalf("/%s status: %v", tb.command, err)
			}
			by[in.Endpoint()] = true
		}
		run.status[tb.command] = by
	}

	for _, in := range c.srv.Interactions() {
		run.spread[in.Endpoint()]++
	}
	for _, tb := range tables {
		rec, err := c.db.LoadGame(ctx, tb.id)
		if err != nil {
			t.Fatal(err)
		}
		g := &gameRun{status: rec.Status, byActor: c.byActor(t, ctx, tb.id), acked: tb.acked, refused: tb.refused, forced: tb.forced, logged: map[int]int{},
			reminders: c.logs.count("msg=reminder ", "game="+tb.id), deadlines: c.logs.count(`msg="deadline reached"`, "game="+tb.id)}
		if rec.Status == store.StatusFinished {
			g.results = drive.AnludimResults(rec)
		}
		if g.log, err = c.db.Actions(ctx, tb.id); err != nil {
			t.Fatal(err)
		}
		for seq := 1; seq <= len(g.log); seq++ {
			g.logged[seq] = c.logs.count("msg=move ", "game="+tb.id, fmt.Sprintf("seq=%d ", seq))
		}
		for _, in := range c.srv.Interactions() {
			if in.ChannelID == tb.channel && in.Late() {
				g.failed++
			}
		}
		g.movesBy = map[string]int{}
		for _, p := range c.procs {
			g.movesBy[p.name] = c.logs.count(p.name+" ", "msg=move ", "game="+tb.id)
		}
		run.games[tb.command] = g
	}
	return run
}

// table is one game of the script and its people.
type table struct {
	command string
	channel string
	users   []discordtest.User
	people  []*drive.Player
	d       *drive.Driver
	id      string
	sql     *sql.DB
	// acked are the moves (by number) the people made and the bot
	// acknowledged; refused counts the moves it refused, as another
	// process had moved the game on first.
	acked   []int
	refused int
	// forced counts the moves the bot played for the people at once
	// after theirs, as nothing else was left to do.
	forced int
}

// comeBack takes the person the deadline put on autopilot back, by the
// button their prompt offers, once the autopilot has played every move of
// theirs the game awaits (the deadline falls due when one person is
// awaited: the autopilot plays out their part of the step, and their
// part of the next steps while the other person still plays). So the
// autopilot plays the same moves in every run, however fast the
// processes are.
func (tb *table) comeBack(ctx context.Context) error {
	var rec *store.Game
	for {
		var err error
		if rec, err = tb.d.Store.LoadGame(ctx, tb.id); err != nil {
			return err
		}
		if !slices.ContainsFunc(rec.State.Awaited(), func(s int) bool { return game.Automatic(rec, s) }) {
			break
		}
		if err := waitForMove(ctx, tb.d.Store, tb.id, rec.Seq); err != nil {
			return err
		}
	}
	for seat, st := range rec.Seats {
		if !st.Autopilot {
			continue
		}
		user := tb.users[slices.IndexFunc(tb.users, func(u discordtest.User) bool { return u.ID == st.UserID })]
		answer, err := tb.d.Slash(tb.command, tb.channel, user, "play")
		if err != nil {
			return err
		}
		for _, m := range answer {
			for _, row := range m.Components {
				for _, c := range row.Components {
					if id, err := face.ParseID(c.CustomID); err == nil && id.Verb == "back" && id.Seat == seat {
						if _, _, err := tb.d.Click(user, m, c.CustomID); err != nil {
							return err
						}
						after, err := tb.d.Store.LoadGame(ctx, tb.id)
						if err != nil {
							return err
						}
						if after.Seats[seat].Autopilot {
							return fmt.Errorf("%s pressed Back and is still on autopilot", user.Username)
						}
					}
				}
			}
		}
	}
	return nil
}

// playerMoves are the numbers of the moves seat's person made among the
// game's moves from+1 to to.
func (tb *table) playerMoves(ctx context.Context, seat, from, to int) ([]int, error) {
	rows, err := tb.sql.QueryContext(ctx, `SELECT seq FROM actions WHERE game_id = $1 AND seat = $2 AND actor = 'player' AND seq > $3 AND seq <= $4 ORDER BY seq`,
		tb.id, seat, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var seq int
		if err := rows.Scan(&seq); err != nil {
			return nil, err
		}
		out = append(out, seq)
	}
	return out, rows.Err()
}

// farBot stands for processes the driver cannot watch: it never waits
// for them to be idle. The script's people need not, as they read the
// game from the database and their prompt by /COMMAND play, which any
// process answers from the stored game.
type farBot struct{}

func (farBot) Wait()                  {}
func (farBot) Service() *game.Service { return nil }

// both runs f for each table at once, and fails t with their errors.
func both(t *testing.T, tables []*table, f func(*table) error) {
	t.Helper()
	errs := make([]error, len(tables))
	var wg sync.WaitGroup
	for i, tb := range tables {
		wg.Go(func() { errs[i] = f(tb) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

// awaitedPeople are the seats whose people the game awaits and plays
// itself no seat of (not on autopilot).
func (tb *table) awaitedPeople(rec *store.Game) []int {
	var out []int
	for _, s := range rec.State.Awaited() {
		if game.IsPerson(rec, s) && !game.Automatic(rec, s) {
			out = append(out, s)
		}
	}
	return out
}

// play makes the people's moves until the game is over or stop, asked
// before each move with the step of the previous one, says to stop. Each
// move is the normal computer player's for the seat, from what it sees
// (the same in every run), made by pressing the bot's buttons; while the
// game awaits only seats it plays itself, the people wait for its move.
func (tb *table) play(ctx context.Context, stop func(rec *store.Game, prev string) bool) error {
	prev := ""
	for moves := 0; moves < 5000; moves++ {
		rec, err := tb.d.Store.LoadGame(ctx, tb.id)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusPlaying || stop(rec, prev) {
			return nil
		}
		seats := tb.awaitedPeople(rec)
		if len(seats) == 0 {
			if err := waitForMove(ctx, tb.d.Store, tb.id, rec.Seq); err != nil {
				return err
			}
			continue
		}
		seat := seats[0]
		p := tb.people[slices.IndexFunc(tb.people, func(p *drive.Player) bool { return p.User.ID == rec.Seats[seat].UserID })]
		view := rec.State.View(seat)
		switch tb.command {
		case atheneum.GameID:
			chooser, _ := ai.New("normal", ai.Options{Seed: rec.Seed ^ uint64(seat+1)<<32})
			a, err := chooser.Propose(ath(rec).View(seat), seat)
			if err != nil {
				return err
			}
			err = tb.d.Perform(p, a)
		default:
			m, err := anai.Players{}.Autopilot(view, seat, rec.Seed+uint64(rec.Seq))
			if err != nil {
				return err
			}
			err = tb.d.PressMove(p, tb.command, view, seat, m)
		}
		if err != nil {
			return fmt.Errorf("%s, move %d: %w", tb.command, rec.Seq+1, err)
		}
		after, err := tb.d.Store.GetGame(ctx, tb.id)
		if err != nil {
			return err
		}
		if after.Seq == rec.Seq {
			return fmt.Errorf("%s, move %d: %s's move was not stored", tb.command, rec.Seq+1, p.User.Username)
		}
		// The move is among those stored since the game was read, the
		// processes' automatic moves perhaps beside it.
		mine, err := tb.playerMoves(ctx, seat, rec.Seq, after.Seq)
		if err != nil {
			return err
		}
		if len(mine) == 0 {
			// Refused: another process moved the game on first (an
			// automatic seat's move), and the person was told so. They
			// play again from the game as it is now.
			tb.refused++
			continue
		}
		// A move may end the turn it leaves nothing else to do in (an
		// Anludim recruit with nothing to discard): the bot plays that end
		// for the person at once (the face's Forced), logged as theirs.
		tb.acked = append(tb.acked, mine[0])
		tb.forced += len(mine) - 1
		prev = game.StepKey(rec.State)
	}
	return fmt.Errorf("%s did not end in 5000 moves", tb.command)
}

// waitForMove waits until the game has more than seq moves or is over:
// the processes play its automatic seats.
func waitForMove(ctx context.Context, db *store.DB, id string, seq int) error {
	for {
		rec, err := db.GetGame(ctx, id)
		if err != nil {
			return err
		}
		if rec.Seq > seq || rec.Status != store.StatusPlaying {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for the bot's move after move %d: %w", seq, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// byActor counts the game's logged moves by who made them.
func (c *cluster) byActor(t *testing.T, ctx context.Context, id string) map[string]int {
	t.Helper()
	rows, err := c.sql.QueryContext(ctx, `SELECT actor, count(*) FROM actions WHERE game_id = $1 GROUP BY actor`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var actor string
		var n int
		if err := rows.Scan(&actor, &n); err != nil {
			t.Fatal(err)
		}
		out[actor] = n
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// fallDue makes the game's jobs of kind due now, as time passing would,
// and waits until done says they ran.
func (c *cluster) fallDue(t *testing.T, ctx context.Context, id, kind string, done func() bool) {
	t.Helper()
	res, err := c.sql.ExecContext(ctx, `UPDATE jobs SET due = $1 WHERE game_id = $2 AND kind = $3`, time.Now().UnixMilli(), id, kind)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		t.Fatalf("game %s has no %s job to fall due", id, kind)
	}
	for !done() {
		select {
		case <-ctx.Done():
			t.Fatalf("the %s job of game %s did not run: %v", kind, id, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// startProcesses starts n processes of the program at bin, each on a port
// of its own, and gives the fake Discord their endpoints, which it
// POSTs the interactions to in turn.
func (c *cluster) startProcesses(t *testing.T, ctx context.Context, bin string, n int) {
	t.Helper()
	dir := t.TempDir()
	var urls []string
	for i := range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		p := &botProc{name: fmt.Sprintf("p%d", i), addr: addr}
		c.procs = append(c.procs, p)
		c.startProc(t, ctx, bin, dir, p)
		urls = append(urls, "http://"+addr+interactionsPath)
	}
	t.Cleanup(func() {
		for _, p := range c.procs {
			if p.cmd.Process != nil {
				p.cmd.Process.Signal(syscall.SIGTERM)
				<-p.done
			}
		}
	})
	if err := c.srv.SetInteractionsEndpoints(ctx, urls, c.key); err != nil {
		t.Fatal(err)
	}
}

// startProc starts p and waits until it serves its endpoint.
func (c *cluster) startProc(t *testing.T, ctx context.Context, bin, dir string, p *botProc) {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ATHENEUM_") && !strings.HasPrefix(kv, "DISCORD_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, runEnv+"=1", "DISCORD_TOKEN=test-token", "ATHENEUM_DB="+c.dsn, "ATHENEUM_HTTP="+p.addr,
		"DISCORD_PUBLIC_KEY="+hex.EncodeToString(c.pub), "DISCORD_API_URL="+c.srv.URL(),
		"ATHENEUM_STEP_HOURS=1", "ATHENEUM_SCHEDULER_SECONDS=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.cmd, p.done = cmd, make(chan struct{})
	ready := make(chan struct{})
	go func() {
		defer close(p.done)
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		once := sync.Once{}
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintf(c.logs, "%s %s\n", p.name, line)
			if strings.Contains(line, `msg="bot ready"`) {
				once.Do(func() { close(ready) })
			}
		}
		io.Copy(io.Discard, stderr)
		cmd.Wait()
	}()
	select {
	case <-ready:
	case <-p.done:
		t.Fatalf("process %s stopped at start:\n%s", p.name, c.logs.String())
	case <-ctx.Done():
		t.Fatal(ctx.Err())
	}
}

// kill kills the i-th process at once (SIGKILL): what it was doing stops
// where it was.
func (c *cluster) kill(t *testing.T, i int) {
	p := c.procs[i]
	if err := p.cmd.Process.Kill(); err != nil {
		t.Error(err)
	}
	<-p.done
	p.cmd.Process = nil
}

// restart starts the i-th process again, on its port.
func (c *cluster) restart(t *testing.T, ctx context.Context, i int) {
	p := c.procs[i]
	c.startProc(t, ctx, p.cmd.Path, p.cmd.Dir, p)
}

// startInProcess runs the bot once, in the test's process, as the
// program's run command does (botProcess), with the games' seeds given.
func (c *cluster) startInProcess(t *testing.T, ctx context.Context, seeds []uint64) {
	t.Helper()
	dg, err := c.srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, c.dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg := bot.Config{Token: "test-token", DBPath: c.dsn, StepHours: 1, SchedulerEvery: time.Second, HTTPAddr: "127.0.0.1:0", PublicKey: c.pub}
	var mu sync.Mutex
	addr := make(chan string, 1)
	p := botProcess{cfg: cfg, dg: dg, db: db, log: slog.New(slog.NewTextHandler(c.logs, nil)), faces: faces(1),
		listening: func(a string) { addr <- a },
		newSeed: func() uint64 {
			mu.Lock()
			defer mu.Unlock()
			if len(seeds) == 0 {
				t.Error("the bot drew more seeds than the games of the other run")
				return 0
			}
			s := seeds[0]
			seeds = seeds[1:]
			return s
		}}
	running, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- p.run(running) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Error(err)
		}
		db.Close()
	})
	select {
	case a := <-addr:
		if err := c.srv.SetInteractionsEndpoint(ctx, "http://"+a+interactionsPath, c.key); err != nil {
			t.Fatal(err)
		}
	case err := <-done:
		t.Fatalf("the bot stopped at once: %v", err)
	}
}
