package render_test

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"atheneum/engine/anludim"
	"atheneum/engine/anludim/ai"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
	anrender "atheneum/render/anludim"
	atrender "atheneum/render/atheneum"
)

// The bot keeps every active game in memory and draws its pictures on
// demand; the render caches that make a picture fast must not grow with
// the number of games or pictures, or a small host (512 MB, shared) runs
// out of memory. These draw what the bot draws over many games, in both
// languages, and read the heap once the garbage is collected.

// heapCeiling is the heap the bot's pictures may keep in use with 100
// active games, once garbage is collected: caches, games and all.
const heapCeiling = 64 << 20

// botGames is how many active games the heap is measured with.
const botGames = 100

func TestTheHeapStaysUnder64MBWith100ActiveGamesInBothLanguages(t *testing.T) {
	games := botGames
	if raceEnabled {
		// The race detector makes drawing some twenty times slower. Two
		// games, an Atheneum one and an Anludim one, still draw every
		// kind of picture through the shared caches from two goroutines,
		// which is what the detector is here for; CI runs this package
		// again without it, where the heap is measured with all 100.
		games = 2
	}
	check := render.CheckTiles
	render.CheckTiles = false // the bot does not check tiles either
	defer func() { render.CheckTiles = check }()
	kept, n, err := drawBotGames(games)
	if err != nil {
		t.Fatal(err)
	}
	m := heapAfterGC()
	runtime.KeepAlive(kept)
	u := render.Caches()
	t.Logf("%d games, %d pictures: heap in use %.1f MB, allocated %.1f MB after GC; the caches hold %d sprites in %d tiles, %.1f MB of %.1f MB",
		games, n, mb(m.HeapInuse), mb(m.HeapAlloc), u.Sprites, u.Tiles, mb(uint64(u.Bytes)), mb(uint64(u.Budget)))
	if m.HeapInuse > heapCeiling {
		t.Errorf("%.1f MB of heap in use with %d active games, over the %d MB ceiling", mb(m.HeapInuse), games, heapCeiling>>20)
	}
}

// BenchmarkHeapWith100Games draws what the bot draws over 100 active games
// in both languages and reports the heap in use and allocated after GC
// (heap-MB, alloc-MB), for comparing commits: run it with -benchtime=1x.
func BenchmarkHeapWith100Games(b *testing.B) {
	check := render.CheckTiles
	render.CheckTiles = false
	defer func() { render.CheckTiles = check }()
	var m runtime.MemStats
	pictures := 0
	for b.Loop() {
		kept, n, err := drawBotGames(botGames)
		if err != nil {
			b.Fatal(err)
		}
		pictures = n
		m = heapAfterGC()
		runtime.KeepAlive(kept)
	}
	b.ReportMetric(mb(m.HeapInuse), "heap-MB")
	b.ReportMetric(mb(m.HeapAlloc), "alloc-MB")
	b.ReportMetric(float64(pictures), "pictures")
}

// checkPicture checks each picture the games draw, given how to draw it
// again; by default it checks nothing.
var checkPicture = func(draw func() (render.Picture, error), p render.Picture) error { return nil }

// A picture drawn without render.CheckTiles brings in only the frame's
// tiles that a drawing does not paint over whole (see Canvas.Mark): the
// same picture drawn again under the check, which brings in the whole
// frame first and checks every tile drawn on was marked, must be the same
// bytes. Games are played one after the other, as CheckTiles is changed
// between the two.
func TestPicturesDrawnWithoutTheTileCheckAreTheSame(t *testing.T) {
	if raceEnabled {
		// The comparison runs on one goroutine, where the detector finds
		// nothing, at twenty times the cost (15 of the package's 30
		// processor seconds under -race); CI's plain pass runs it whole.
		t.Skip("one goroutine: the plain pass compares the pictures")
	}
	check, was := render.CheckTiles, checkPicture
	defer func() { render.CheckTiles, checkPicture = check, was }()
	render.CheckTiles = false
	checkPicture = func(draw func() (render.Picture, error), p render.Picture) error {
		render.CheckTiles = true
		defer func() { render.CheckTiles = false }()
		q, err := draw()
		if err != nil {
			return err
		}
		if !bytes.Equal(p.PNG, q.PNG) {
			return errors.New("the picture differs when drawn again under render.CheckTiles")
		}
		return nil
	}
	games := 8
	if testing.Short() {
		games = 2
	}
	for k := range games {
		var err error
		if k%2 == 0 {
			_, _, err = drawAtheneumGame(k)
		} else {
			_, _, err = drawAnludimGame(k)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func mb(n uint64) float64 { return float64(n) / (1 << 20) }

// heapAfterGC collects the garbage and reads the heap. It collects twice:
// a sync.Pool keeps what it held until the second collection, and the
// pools of recycled pictures are not what is measured.
func heapAfterGC() runtime.MemStats {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m
}

// drawBotGames plays games games, half Atheneum and half Anludim, of 2 to
// 5 seats, in English and French in turn, each from its own seed, and
// draws the pictures the bot draws over each game's life, on as many
// goroutines as there are processors (the bot draws on a pool of
// drawers). It returns the games, which the bot would keep while they are
// active, and the number of pictures drawn.
func drawBotGames(games int) (kept []any, pictures int, err error) {
	kept = make([]any, games)
	counts := make([]int, games)
	errs := make([]error, games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for k := range next {
				if k%2 == 0 {
					kept[k], counts[k], errs[k] = drawAtheneumGame(k)
				} else {
					kept[k], counts[k], errs[k] = drawAnludimGame(k)
				}
			}
		})
	}
	for k := range games {
		next <- k
	}
	close(next)
	wg.Wait()
	for _, n := range counts {
		pictures += n
	}
	return kept, pictures, errors.Join(errs...)
}

// gameOptions draws game k in English or French, with names that differ
// from game to game.
func gameOptions(k, seats int) render.Options {
	pool := []string{"Ada", "Bartholomew the Long-Named", "Céline", "Dmitri", "Éloïse", "🐉 Wyrm", "Zoë", "", "Grégoire", "Hú Lì"}
	names := make([]string, seats)
	for i := range names {
		names[i] = pool[(k+3*i)%len(pool)]
	}
	return render.Options{Lang: i18n.Langs[k/2%len(i18n.Langs)], Names: names}
}

// drawAtheneumGame plays Atheneum game k with random players and draws
// what the bot draws: at the start of a turn every seat's hand, the table
// and the objectives; at the reveal the revealed cards and every seat's
// shelves; while the seats shelve, their workbench with the item being
// placed and the last move marked; at the end the results, the table, the
// replay and the final shelves. The bot draws them at every turn; this
// draws every other turn, which reaches the same pictures' parts.
func drawAtheneumGame(k int) (*atheneum.Game, int, error) {
	seats := 2 + k/2%4
	subjects := make([]atheneum.Color, seats)
	for i := range subjects {
		subjects[i] = atheneum.Colors[(k/8+i)%len(atheneum.Colors)]
	}
	g, err := atheneum.NewGame(atheneum.Config{Subjects: subjects, Seed: uint64(5000 + k)})
	if err != nil {
		return nil, 0, err
	}
	o := gameOptions(k, seats)
	n := 0
	draw := func(what string, f func() (render.Picture, error)) error {
		p, err := f()
		if errors.Is(err, atrender.ErrNotRevealed) {
			return nil
		}
		if err != nil || len(p.PNG) == 0 {
			return fmt.Errorf("atheneum game %d, %s at %v: %v", k, what, g, err)
		}
		if err := checkPicture(f, p); err != nil {
			return fmt.Errorf("atheneum game %d, %s at %v: %v", k, what, g, err)
		}
		n++
		return nil
	}
	spectator := func() *atheneum.Game { return g.View(atheneum.Spectator) }
	var scores [][]int
	row := func() []int {
		r := make([]int, seats)
		for i := range r {
			r[i] = g.Seats[i].Score()
		}
		return r
	}
	p := atheneum.NewRandomPlayer(uint64(k))
	p.UndoPercent = 5
	step, turn := atheneum.Step(""), -1
	shelved := make([]int, seats) // workbench pictures drawn this turn, by seat
	for {
		drawn := (g.TurnNumber()+k)%2 == 0
		if g.Step != step || g.TurnNumber() != turn {
			step, turn = g.Step, g.TurnNumber()
			clear(shelved)
			switch {
			case step == atheneum.StepPick:
				scores = append(scores, row())
				if !drawn {
					break
				}
				for s := range seats {
					if err := draw("hand", func() (render.Picture, error) { return atrender.DrawHand(g.View(s), s, o) }); err != nil {
						return nil, n, err
					}
				}
				for _, f := range []func(*atheneum.Game, render.Options) (render.Picture, error){atrender.DrawTable, atrender.DrawObjectives} {
					if err := draw("table", func() (render.Picture, error) { return f(spectator(), o) }); err != nil {
						return nil, n, err
					}
				}
			case step == atheneum.StepResolve && drawn:
				if err := draw("reveal", func() (render.Picture, error) { return atrender.DrawReveal(spectator(), o) }); err != nil {
					return nil, n, err
				}
				for s := range seats {
					if err := draw("shelves", func() (render.Picture, error) {
						return atrender.DrawShelves(spectator(), s, atrender.Marks{}, o)
					}); err != nil {
						return nil, n, err
					}
				}
			}
		}
		a, ok := p.Next(g)
		if !ok {
			break
		}
		if _, err := g.Apply(a); err != nil {
			return nil, n, fmt.Errorf("atheneum game %d: %v: %v", k, a, err)
		}
		s := a.Seat
		if !drawn || g.Step != atheneum.StepResolve || s < 0 || s >= seats || shelved[s] >= 3 || a.Type == atheneum.ActPick {
			continue
		}
		// The workbench after a move: the move outlined, and where the
		// next held item may go.
		shelved[s]++
		m := atrender.Marks{Last: &a}
		if a.Type == atheneum.ActUndo || a.Type == atheneum.ActDone {
			m.Last = nil
		}
		if held := g.Seats[s].Held; len(held) > 0 {
			m.Item = held[0].ID
		}
		if err := draw("workbench", func() (render.Picture, error) { return atrender.DrawWorkbench(g.View(s), s, m, o) }); err != nil {
			return nil, n, err
		}
	}
	if g.Step != atheneum.StepOver {
		return nil, n, fmt.Errorf("atheneum game %d did not end: %v", k, g)
	}
	scores = append(scores, row())
	for _, f := range []func(*atheneum.Game, render.Options) (render.Picture, error){atrender.DrawResults, atrender.DrawTable} {
		if err := draw("end", func() (render.Picture, error) { return f(spectator(), o) }); err != nil {
			return nil, n, err
		}
	}
	if err := draw("replay", func() (render.Picture, error) { return atrender.DrawReplay(scores, g, o) }); err != nil {
		return nil, n, err
	}
	shelves, err := atrender.DrawFinalShelves(spectator(), o)
	if err != nil || len(shelves) == 0 {
		return nil, n, fmt.Errorf("atheneum game %d, final shelves: %v", k, err)
	}
	return g, n + len(shelves), nil
}

// drawAnludimGame plays Anludim game k with random computer players and
// draws what the bot draws: the awaited seat's hand and the table after
// every twelfth move and the items after every 36th (the bot draws them
// more often; these reach the same pictures' parts), the round's end and
// every seat's hand when a round ends, and the results and the table at
// the end.
func drawAnludimGame(k int) (*anludim.Game, int, error) {
	seats := 2 + k/2%4
	g, err := anludim.New(uint64(7000+k), seats, anludim.Options{Expert: k%3 == 0})
	if err != nil {
		return nil, 0, err
	}
	ps := make([]ai.Player, seats)
	for i := range ps {
		if ps[i], err = ai.New("random", uint64(31*k+i)); err != nil {
			return nil, 0, err
		}
	}
	o := gameOptions(k, seats)
	n := 0
	draw := func(what string, f func() (render.Picture, error)) error {
		p, err := f()
		if err != nil || len(p.PNG) == 0 {
			return fmt.Errorf("anludim game %d, %s at %s: %v", k, what, g.StepKey(), err)
		}
		if err := checkPicture(f, p); err != nil {
			return fmt.Errorf("anludim game %d, %s at %s: %v", k, what, g.StepKey(), err)
		}
		n++
		return nil
	}
	keeping := false
	for step := 0; !g.Over(); step++ {
		if g.Keeping() && !keeping {
			if err := draw("round end", func() (render.Picture, error) { return anrender.DrawRoundEnd(g.View(-1), o) }); err != nil {
				return nil, n, err
			}
			for s := range seats {
				if err := draw("hand", func() (render.Picture, error) { return anrender.DrawHand(g.View(s), s, o) }); err != nil {
					return nil, n, err
				}
			}
		}
		keeping = g.Keeping()
		s := g.Awaited()[0]
		if step%12 == k%12 {
			if err := draw("hand", func() (render.Picture, error) { return anrender.DrawHand(g.View(s), s, o) }); err != nil {
				return nil, n, err
			}
			if err := draw("table", func() (render.Picture, error) { return anrender.DrawTable(g.View(-1), o) }); err != nil {
				return nil, n, err
			}
		}
		if step%36 == k%36 {
			if err := draw("items", func() (render.Picture, error) { return anrender.DrawItems(g.View(-1), o) }); err != nil {
				return nil, n, err
			}
		}
		if _, err := g.Apply(ps[s].Propose(g.View(s), s)); err != nil {
			return nil, n, fmt.Errorf("anludim game %d: %v", k, err)
		}
	}
	for _, f := range []func(*anludim.Game, render.Options) (render.Picture, error){anrender.DrawResults, anrender.DrawTable} {
		if err := draw("end", func() (render.Picture, error) { return f(g.View(-1), o) }); err != nil {
			return nil, n, err
		}
	}
	return g, n, nil
}
