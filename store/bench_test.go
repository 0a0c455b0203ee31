package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

// playout plays a whole random game in memory, returning its moves and
// the state after each (states[i] follows moves[i]).
func playout(tb testing.TB, n int, seed uint64) (engine.State, []engine.Move, []engine.State) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:n], Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	start := seam(g.Clone())
	var moves []engine.Move
	var states []engine.State
	p := atheneum.NewRandomPlayer(seed)
	for {
		a, ok := p.Next(g)
		if !ok {
			return start, moves, states
		}
		if _, err := g.Apply(a); err != nil {
			tb.Fatal(err)
		}
		moves = append(moves, notation(a))
		states = append(states, seam(g.Clone()))
	}
}

// reportPercentiles adds p50 and p99 of per-operation timings as metrics.
func reportPercentiles(b *testing.B, d []time.Duration) {
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(d[len(d)*99/100].Nanoseconds()), "p99-ns")
}

// BenchmarkAppendAction commits one action as the bot does (with its
// resulting state, so every 50th commit also writes a snapshot), on each
// backend.
func BenchmarkAppendAction(b *testing.B) { eachBackendB(b, benchmarkAppendAction) }

func benchmarkAppendAction(b *testing.B, be backend) {
	ctx := context.Background()
	db := be.openTest(b)
	_, acts, states := playout(b, 5, 1)
	var g *Game
	i := len(acts)
	var d []time.Duration
	for b.Loop() {
		if i == len(acts) {
			// The last game finished, which freed the channel.
			b.StopTimer()
			g = &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "bench", HostID: "u", Status: StatusPlaying, Seed: 1, Seats: benchSeats(5)}
			if err := db.CreateGame(ctx, g); err != nil {
				b.Fatal(err)
			}
			i = 0
			b.StartTimer()
		}
		t0 := time.Now()
		if err := db.Commit(ctx, g.ID, Commit{Seq: i, Move: acts[i], State: states[i], Results: resultsOf(states[i])}); err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(t0))
		i++
	}
	reportPercentiles(b, d)
}

func benchSeats(n int) []Seat {
	seats := make([]Seat, n)
	for i := range seats {
		seats[i] = Seat{UserID: fmt.Sprint("u", i), Name: fmt.Sprint("P", i), Options: subject(atheneum.Colors[i])}
	}
	return seats
}

// BenchmarkLoadFinishedGame loads a finished five-seat game (its final
// snapshot, no replay), on each backend.
func BenchmarkLoadFinishedGame(b *testing.B) { eachBackendB(b, benchmarkLoadFinishedGame) }

func benchmarkLoadFinishedGame(b *testing.B, be backend) {
	ctx := context.Background()
	db := be.openTest(b)
	start, acts, states := playout(b, 5, 2)
	id := importGames(b, db, []imported{{start: start, acts: acts, states: states}})[0]
	var d []time.Duration
	for b.Loop() {
		t0 := time.Now()
		g, err := db.LoadGame(ctx, id)
		if err != nil || g.Status != StatusFinished {
			b.Fatal(g, err)
		}
		d = append(d, time.Since(t0))
	}
	reportPercentiles(b, d)
}

// BenchmarkLoadActive1000 loads 1,000 games stopped at random points, as
// the bot does at start-up, on each backend.
func BenchmarkLoadActive1000(b *testing.B) { eachBackendB(b, benchmarkLoadActive1000) }

func benchmarkLoadActive1000(b *testing.B, be backend) {
	ctx := context.Background()
	db := be.openTest(b)
	r := rand.New(rand.NewPCG(3, 3))
	var gs []imported
	for k := range 1000 {
		start, acts, states := playout(b, 2+r.IntN(4), uint64(k))
		n := r.IntN(len(acts) - 1) // stop before the end: the game stays active
		gs = append(gs, imported{start: start, acts: acts[:n], states: states[:n]})
	}
	importGames(b, db, gs)
	for b.Loop() {
		games, broken, err := db.LoadActive(ctx)
		if err != nil || len(broken) > 0 || len(games) != 1000 {
			b.Fatal(len(games), broken, err)
		}
	}
}

type imported struct {
	start  engine.State
	acts   []engine.Move
	states []engine.State
}

// importGames writes whole games in one transaction, laid out as Commit
// would have left them, because committing 150,000 actions one by one would
// make the set-up dwarf the benchmark.
func importGames(b *testing.B, db *DB, gs []imported) []string {
	ctx := context.Background()
	ids := make([]string, len(gs))
	err := db.write(ctx, "", func(tx *sqlTx) error {
		for k, im := range gs {
			status, ended := StatusPlaying, int64(0)
			last := im.start
			if len(im.states) > 0 {
				last = im.states[len(im.states)-1]
			}
			if last.Over() {
				status, ended = StatusFinished, 1
			}
			ids[k] = newID()
			seed, setup := last.(engine.Origin).Origin()
			opts, _ := json.Marshal(setup.Options)
			if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, setup,
				seq, created_at, started_at, ended_at, game) VALUES (?, 'g', ?, 'u', ?, ?, ?, ?, 1, 1, ?, ?)`,
				ids[k], fmt.Sprint("c", k), string(status), int64(seed), string(opts),
				len(im.acts), ended, last.Rules().ID()); err != nil {
				return err
			}
			for i, so := range setup.SeatOptions {
				opts, _ := json.Marshal(so)
				if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, display_name, options) VALUES (?, ?, ?, 'P', ?)`,
					ids[k], i, fmt.Sprint("u", i), string(opts)); err != nil {
					return err
				}
			}
			for i, m := range im.acts {
				seat, _ := engine.MoveSeat(m)
				if _, err := tx.ExecContext(ctx, `INSERT INTO actions (game_id, seq, seat, type, payload, notation, at) VALUES (?, ?, ?, ?, '', ?, 1)`,
					ids[k], i+1, seat, moveKind(m), string(m)); err != nil {
					return err
				}
				st := im.states[i].(engine.Snapshotter)
				if st.Played()%SnapshotInterval == 0 || im.states[i].Over() {
					v, data, _ := st.Snapshot()
					if _, err := tx.ExecContext(ctx, `INSERT INTO snapshots (game_id, seq, state_version, state, at) VALUES (?, ?, ?, ?, 1)`,
						ids[k], st.Played(), v, db.d.blob(data)); err != nil {
						return err
					}
				}
			}
			if status == StatusFinished {
				if err := putResults(ctx, tx, ids[k], last.Results()); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return ids
}

// BenchmarkProgress is the check a process makes of its copy of a game
// before it changes it (one query), on each backend; on SQLite its
// statement is prepared once.
func BenchmarkProgress(b *testing.B) { eachBackendB(b, benchmarkProgress) }

func benchmarkProgress(b *testing.B, be backend) {
	ctx := context.Background()
	db := be.openTest(b)
	g := newPlaying(b, db, 3, 1)
	b.ReportAllocs()
	for b.Loop() {
		if st, n, err := db.Progress(ctx, g.ID); err != nil || st != StatusPlaying || n != 0 {
			b.Fatal(st, n, err)
		}
	}
}

// BenchmarkClaimJobs claims the due jobs when none is due (what each round
// of the scheduler does most of the time), on each backend, among the
// jobs of 100 games.
func BenchmarkClaimJobs(b *testing.B) { eachBackendB(b, benchmarkClaimJobs) }

func benchmarkClaimJobs(b *testing.B, be backend) {
	ctx := context.Background()
	db := be.openTest(b)
	now := time.UnixMilli(1_900_000_000_000)
	for k := range 100 {
		g := newPlaying(b, db, 2, uint64(k))
		for _, kind := range []string{"reminder", "reminder_soon", "deadline"} {
			if err := db.PutJob(ctx, Job{GameID: g.ID, Kind: kind, Seat: NoSeat, Due: now.Add(time.Hour)}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if jobs, err := db.ClaimJobs(ctx, now, now.Add(time.Minute)); err != nil || len(jobs) != 0 {
			b.Fatal(jobs, err)
		}
	}
}
