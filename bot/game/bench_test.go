package game

import (
	"fmt"
	"testing"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

// benchGame plays a whole game of three people with random moves and
// returns its moves in order; a service with the fixture's seed deals the
// same game, so the moves replay there.
func benchGame(b *testing.B) []engine.Move {
	b.Helper()
	f := newFixture(b, "")
	id := f.startPeople("bench", 3)
	p := atheneum.NewRandomPlayer(3)
	for {
		t := f.table(id)
		a, ok := p.Next(ath(t.Rec.State))
		if !ok {
			t.Unlock()
			break
		}
		if _, err := f.svc.Act(f.ctx, t, mv(a), ByPlayer); err != nil {
			b.Fatal(err)
		}
		f.svc.Settle(f.ctx, t)
		t.Unlock()
	}
	moves, err := f.db.Actions(f.ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	return moves
}

// BenchmarkAct measures a person's move as an interaction makes it on
// SQLite: the game's table taken (which checks the process's copy against
// the store), the move applied and stored, its consequences settled, the
// table let go. Whole games of three people are replayed, each in a
// channel of its own, so every step's jobs and the final results are in.
func BenchmarkAct(b *testing.B) {
	moves := benchGame(b)
	f := newFixture(b, "")
	games := 0
	var id string
	i := len(moves)
	b.ReportAllocs()
	for b.Loop() {
		if i == len(moves) {
			b.StopTimer()
			games++
			id = f.startPeople(fmt.Sprint("bench", games), 3)
			i = 0
			b.StartTimer()
		}
		t, err := f.svc.Table(f.ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := f.svc.Act(f.ctx, t, moves[i], ByPlayer); err != nil {
			b.Fatal(err)
		}
		f.svc.Settle(f.ctx, t)
		t.Unlock()
		i++
	}
}
