package bot

import (
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	anludimface "atheneum/bot/anludim"
	"atheneum/bot/apart"
	atheneumface "atheneum/bot/atheneum"
	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/atheneum/ai"
	"atheneum/engine/tictactoe"
	"atheneum/store"
)

// keepSearching plays `searching` games beside the others, each between a
// person who answers at once and a hard computer player at the real
// default effort (about a second per pick on an idle machine, a third of
// the play-outs per shelving choice), so that a hard search is under way in each of them nearly all
// the time; it returns a function that stops them, waits, and counts the
// moves their computer players and their people made.
func keepSearching(tb testing.TB, h *harness, searching int) (stop func() (aiMoves, clicks int)) {
	done := make(chan struct{})
	var clicks atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var ids []string
	for k := range searching {
		ch := h.Srv.AddTextChannel(h.world.Guild.ID, fmt.Sprintf("search-%d", k))
		u := h.Srv.AddUser(fmt.Sprintf("s%d", k))
		h.Srv.AddMember(h.world.Guild.ID, u)
		gh := h.in(tb, ch)
		p := &drive.Player{User: u, Rng: rand.New(rand.NewPCG(uint64(k), 99))}
		open := func() bool {
			id, err := gh.Driver.Open(drive.Lobby{Command: "atheneum", People: []discordtest.User{u}, AI: []string{"hard"}})
			if err != nil {
				tb.Error(err)
				return false
			}
			gh.Game = id
			mu.Lock()
			ids = append(ids, id)
			mu.Unlock()
			return true
		}
		if !open() {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			// picked is the step in which the person last picked.
			picked := ""
			for {
				select {
				case <-done:
					return
				default:
				}
				rec, err := gh.db.LoadGame(gh.Ctx, gh.Game)
				if err != nil {
					tb.Error(err)
					return
				}
				if rec.State == nil || rec.State.Over() {
					if !open() {
						return
					}
					continue
				}
				// The person answers whatever the game asks of them at
				// once, but picks once per turn: the bot lets a pick be
				// changed until the last seat has picked, which a person
				// does not do a hundred times a second.
				step := rec.State.StepKey()
				if slices.Contains(rec.State.Awaited(), 0) && step != picked {
					prompt, _, _ := gh.Driver.Prompt(p)
					picking := len(drive.Cards(prompt)) > 0
					acted, err := gh.Driver.Step(p)
					if err != nil {
						tb.Error(err)
						return
					}
					if acted {
						if picking {
							picked = step
						}
						clicks.Add(1)
						continue
					}
				}
				// Nothing to do: the computer player is thinking. Looking
				// again at once would load the game over and over, work
				// the people's games would pay for.
				time.Sleep(250 * time.Millisecond)
			}
		}()
	}
	return func() (int, int) {
		close(done)
		wg.Wait()
		n := 0
		for _, id := range ids {
			log, err := h.db.MoveLog(h.Ctx, id)
			if err != nil {
				tb.Fatal(err)
			}
			for _, m := range log {
				if m.By == "ai" {
					n++
				}
			}
		}
		return n, int(clicks.Load())
	}
}

// BenchmarkAcksWhileHardAIsThink plays two turns of twenty people's games
// at once per iteration, as BenchmarkTwentyGamesAtOnce, beside four games
// whose hard computer players search at the real default effort, and
// reports the people's acknowledgement latency (median and 99th
// percentile). Side by side in one run: no searches at all; the searches
// inline with their game locked and unbounded in number (as before the
// pool); in the bot's pool (game.DefaultThinkers) in the bot's process;
// and in the pool with a search process apart, as the bot runs. The
// target is an apart p99 within 1.2 times the p99 without searches.
func BenchmarkAcksWhileHardAIsThink(b *testing.B) {
	for _, tc := range []struct {
		name                string
		searching, thinkers int
		apart               string
	}{
		{"no-searches", 0, 0, ""},
		{"4-hard-inline", 4, 0, ""},
		{"4-hard-pool", 4, game.DefaultThinkers(), ""},
		{"4-hard-apart", 4, game.DefaultThinkers(), "default"},
	} {
		faces := []face.Face{atheneumface.New(ai.Players{}), anludimface.New()}
		b.Run(tc.name, func(b *testing.B) {
			var lat []time.Duration
			aiMoves, clicks := 0, 0
			selfCPU, childCPU := cpuTime(syscall.RUSAGE_SELF), cpuTime(syscall.RUSAGE_CHILDREN)
			for b.Loop() {
				// Inline searches can hold the people's games back for
				// minutes.
				h := newHarnessConf(b, harnessConf{faces: faces, thinkers: tc.thinkers, apart: tc.apart}, "host")
				stop := keepSearching(b, h, tc.searching)
				lat = append(lat, playManyGamesOn(b, h, 20, 2)...)
				ai, cl := stop()
				aiMoves += ai
				clicks += cl
				// The iteration's bot and search processes end with it: a
				// bot left running would search on beside the next one.
				h.stop()
				if s, ok := h.searcher.(*apart.Searcher); ok {
					s.Close()
				}
			}
			// The processor time the test process (bot, fake Discord and
			// players: the searches too in the pool) and the search
			// processes used.
			b.ReportMetric((cpuTime(syscall.RUSAGE_SELF)-selfCPU).Seconds()/float64(b.N), "process-cpu-s/op")
			b.ReportMetric((cpuTime(syscall.RUSAGE_CHILDREN)-childCPU).Seconds()/float64(b.N), "search-process-cpu-s/op")
			b.ReportMetric(float64(discordtest.Percentile(lat, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(discordtest.Percentile(lat, 99).Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(len(lat))/float64(b.N), "interactions/op")
			// The computer players' moves while the people played: searches
			// at idle priority still get to play.
			b.ReportMetric(float64(aiMoves)/float64(b.N), "ai-moves/op")
			b.ReportMetric(float64(clicks)/float64(b.N), "their-people-clicks/op")
		})
	}
}

// cpuTime is the user and system time of the process (RUSAGE_SELF) or
// of its children that ended (RUSAGE_CHILDREN).
func cpuTime(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestAGameWhoseComputerPlayersThinkInThePool plays a whole game of the
// fixture game, tic-tac-toe, between a person and a computer player whose
// decisions go to a pool in the bot's process: the pool is the same for
// every game (Atheneum's hard search in a process apart is played by
// TestAGameWhoseComputerPlayersThinkInAProcessApart).
func TestAGameWhoseComputerPlayersThinkInThePool(t *testing.T) {
	t.Parallel()
	h := newHarnessConf(t, harnessConf{thinkers: 1}, "ana")
	playTicTacToeAgainstTheComputer(t, h)
}

// playTicTacToeAgainstTheComputer plays a whole game of tic-tac-toe on h
// between its first member and a normal computer player, and checks that
// the computer player made its moves.
func playTicTacToeAgainstTheComputer(t *testing.T, h *harness) {
	t.Helper()
	ana := h.world.Users[0]
	id, err := h.Driver.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana}, AI: []string{"normal"}})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := h.PlayGame(id, tictactoe.ID, []*drive.Player{{User: ana}}, tictactoe.Players, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != store.StatusFinished {
		t.Fatalf("the game is %s", rec.Status)
	}
	log, err := h.db.MoveLog(h.Ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ai := 0
	for _, m := range log {
		if m.By == "ai" {
			ai++
		}
	}
	// Tic-tac-toe's five moves at least, the computer player's two or more.
	if ai < 2 {
		t.Errorf("the computer player made %d of the game's %d moves", ai, len(log))
	}
}

func TestAGameWhoseComputerPlayersThinkInAProcessApart(t *testing.T) {
	t.Parallel()
	// The bot as it runs live: the pool's searches run in a child process
	// at idle priority (with testFaces' fixed effort on both sides).
	h := playAGameWithComputerPlayers(t, harnessConf{thinkers: 1, apart: "quick"})
	if n := h.searcher.(*apart.Searcher).Children(); n != 1 {
		t.Errorf("%d search processes ran the game's searches, want 1", n)
	}
	if strings.Contains(h.logs.String(), "autopilot's move") {
		t.Errorf("a search failed, and its seat played the autopilot's move:\n%s", h.logs.String())
	}
}

func TestComputerPlayersStillPlayWhenTheirProcessCannotStart(t *testing.T) {
	t.Parallel()
	h := newHarnessConf(t, harnessConf{thinkers: 1}, "ana")
	var logs lockedBuffer
	// No second start is tried within the game (a game of the fixture
	// game, tic-tac-toe: what fails is the same for every game).
	h.searcher = apart.New(apart.Options{Command: []string{filepath.Join(t.TempDir(), "no-such-program")},
		Logger: slog.New(slog.NewTextHandler(&logs, nil)), RetryAfter: time.Hour})
	h.restart()
	playTicTacToeAgainstTheComputer(t, h)
	if n := strings.Count(logs.String(), "cannot start"); n != 1 {
		t.Errorf("the program that cannot start was logged %d times, want once:\n%s", n, logs.String())
	}
	if !strings.Contains(h.logs.String(), "search failed; it plays its autopilot's move") {
		t.Error("the computer players' autopilot moves were not logged")
	}
}

// playAGameWithComputerPlayers plays a whole game of two people, a normal
// and a hard computer player on a bot configured by conf, and checks that
// the computer players played their part.
func playAGameWithComputerPlayers(t *testing.T, conf harnessConf) *harness {
	h := newHarnessConf(t, conf, "ana", "bo")
	playAGameOn(t, h)
	return h
}

// playAGameOn is playAGameWithComputerPlayers on h.
func playAGameOn(t *testing.T, h *harness) {
	id, err := h.Driver.Open(drive.Lobby{Command: "atheneum", People: h.world.Users, AI: []string{"normal", "hard"}})
	if err != nil {
		t.Fatal(err)
	}
	players := newPlayers(h, 7, "bo")
	if raceEnabled {
		// Where the bot's goroutines meet the searches shows within a few
		// moves of each computer player; the whole game, at full speed, is
		// played without the race detector (see oneFlowAtATime).
		h.playUntil(players, func() bool {
			moves := computerMoves(t, h, id)
			return moves[2] >= racePrefixMoves && moves[3] >= racePrefixMoves
		})
		return
	}
	h.playUntil(players, h.gameOver)
	h.checkFinalScores()
	moves := computerMoves(t, h, id)
	for _, seat := range []int{2, 3} {
		if moves[seat] < 20 {
			t.Errorf("the computer player in seat %d made %d moves", seat, moves[seat])
		}
	}
}

// racePrefixMoves is how many moves each computer player makes before a
// game played under the race detector stops.
const racePrefixMoves = 6

// computerMoves counts the moves the game's computer players have made, by
// seat.
func computerMoves(t *testing.T, h *harness, id string) map[int]int {
	t.Helper()
	log, err := h.db.MoveLog(h.Ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	moves := map[int]int{}
	for _, m := range log {
		if s, ok := engine.MoveSeat(m.Move); ok && m.By == "ai" {
			moves[s]++
		}
	}
	return moves
}
