package atheneum

import (
	"bytes"
	"errors"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
	"atheneum/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

func TestMain(m *testing.M) {
	// Every picture drawn by the tests also checks that each drawing call
	// marked the tiles it drew on (not under the race detector, where it
	// would double the time of the slowest tests; the plain run checks).
	render.CheckTiles = !raceEnabled
	os.Exit(m.Run())
}

// golden is one picture compared with a file in testdata.
type golden struct {
	what string // a sentence for t.Run
	file string
	draw func(t *testing.T) (render.Picture, error)
}

var (
	en = render.Options{Lang: i18n.English, Names: testNames}
	fr = render.Options{Lang: i18n.French, Names: testNames}
)

func goldens() []golden {
	return []golden{
		{"a new game's shelves show every empty space with its coordinate and no side shelf", "start-shelves.png",
			func(t *testing.T) (render.Picture, error) { return DrawShelves(startState(t).View(0), 0, Marks{}, en) }},
		{"a new game's objective row marks the card that leaves, two cards to a line", "start-objectives.png",
			func(t *testing.T) (render.Picture, error) { return DrawObjectives(startState(t).View(0), en) }},
		{"a new game's first hand shows six cards with their sections and the objective row", "start-hand.png",
			func(t *testing.T) (render.Picture, error) { return DrawHand(startState(t).View(0), 0, en) }},
		{"a new game's table sums up every seat and the row for a spectator", "start-table.png",
			func(t *testing.T) (render.Picture, error) {
				return DrawTable(startState(t).View(atheneum.Spectator), en)
			}},
		{"mid-game shelves show side shelves below, paired sets, lit candles and spiders", "mid-shelves.png",
			func(t *testing.T) (render.Picture, error) { return DrawShelves(midState(t).View(0), 0, Marks{}, en) }},
		{"mid-game shelves of another seat read the same from a view", "mid-shelves-other.png",
			func(t *testing.T) (render.Picture, error) { return DrawShelves(midState(t).View(0), 1, Marks{}, en) }},
		{"the workbench lights where the held book may go and outlines the last move", "mid-workbench.png",
			func(t *testing.T) (render.Picture, error) {
				g, item, last := workbenchState(t)
				return DrawShelves(g.View(0), 0, Marks{Item: item, Last: &last}, en)
			}},
		{"mid-game objectives carry the wands of the seats that scored them", "mid-objectives.png",
			func(t *testing.T) (render.Picture, error) { return DrawObjectives(midState(t).View(0), en) }},
		{"a new hand lies face down until the next pick (ruling 29)", "mid-hand.png",
			func(t *testing.T) (render.Picture, error) { return DrawHand(midState(t).View(0), 0, en) }},
		{"the hand a seat passed stays in its sight until the next pick", "mid-hand-passed.png",
			func(t *testing.T) (render.Picture, error) {
				g := midState(t)
				return DrawHand(g.View(0), g.PassesTo(0), en)
			}},
		{"a hand marks the card its seat has picked", "start-hand-picked.png",
			func(t *testing.T) (render.Picture, error) { return DrawHand(pickedState(t).View(0), 0, en) }},
		{"with two seats the opponent gives both outer sections", "two-seat-reveal.png",
			func(t *testing.T) (render.Picture, error) {
				return DrawReveal(twoSeatReveal(t).View(1), render.Options{Lang: i18n.English, Names: testNames[1:]})
			}},
		{"another seat's hand is drawn as card backs", "mid-hand-hidden.png",
			func(t *testing.T) (render.Picture, error) { return DrawHand(midState(t).View(0), 1, en) }},
		{"the reveal shows who receives what from whose card: blue from the left, yellow their own, green from the right", "mid-reveal.png",
			func(t *testing.T) (render.Picture, error) {
				return DrawReveal(midState(t).View(atheneum.Spectator), en)
			}},
		{"mid-game table sums up books, compartments, candles, side shelves and statuses", "mid-table.png",
			func(t *testing.T) (render.Picture, error) { return DrawTable(midState(t).View(atheneum.Spectator), en) }},
		{"final shelves show the final score", "end-shelves.png",
			func(t *testing.T) (render.Picture, error) { return DrawShelves(endState(t).View(2), 2, Marks{}, en) }},
		{"the final table says the game is over", "end-table.png",
			func(t *testing.T) (render.Picture, error) { return DrawTable(endState(t).View(atheneum.Spectator), en) }},
		{"the results rank the seats with each category and a bar chart", "end-results.png",
			func(t *testing.T) (render.Picture, error) {
				return DrawResults(endState(t).View(atheneum.Spectator), en)
			}},
		{"the final shelves come small, two to a line, on a picture of their own", "end-final-shelves.png",
			func(t *testing.T) (render.Picture, error) {
				pages, err := DrawFinalShelves(endState(t).View(atheneum.Spectator), en)
				if err != nil || len(pages) == 0 {
					return render.Picture{}, err
				}
				return pages[0], nil
			}},
		{"a tie on points says how it was broken", "end-results-tie.png",
			func(t *testing.T) (render.Picture, error) {
				return DrawResults(tiedState(t).View(atheneum.Spectator), en)
			}},
		{"the replay charts each seat's score by turn", "end-replay.png",
			func(t *testing.T) (render.Picture, error) {
				g, scores := replayState(t)
				return DrawReplay(scores, g.View(atheneum.Spectator), en)
			}},
		{"French shelves say compartiment, niveau and emplacement, and letter the books in French", "fr-mid-shelves.png",
			func(t *testing.T) (render.Picture, error) { return DrawShelves(midState(t).View(0), 0, Marks{}, fr) }},
		{"the French workbench names the book to place", "fr-mid-workbench.png",
			func(t *testing.T) (render.Picture, error) {
				g, item, last := workbenchState(t)
				return DrawShelves(g.View(0), 0, Marks{Item: item, Last: &last}, fr)
			}},
		{"French objectives", "fr-mid-objectives.png",
			func(t *testing.T) (render.Picture, error) { return DrawObjectives(midState(t).View(0), fr) }},
		{"a French hand", "fr-mid-hand.png",
			func(t *testing.T) (render.Picture, error) { return DrawHand(midState(t).View(0), 0, fr) }},
		{"a French reveal", "fr-mid-reveal.png",
			func(t *testing.T) (render.Picture, error) {
				return DrawReveal(midState(t).View(atheneum.Spectator), fr)
			}},
		{"a French table", "fr-mid-table.png",
			func(t *testing.T) (render.Picture, error) { return DrawTable(midState(t).View(atheneum.Spectator), fr) }},
		{"French results", "fr-end-results.png",
			func(t *testing.T) (render.Picture, error) {
				return DrawResults(endState(t).View(atheneum.Spectator), fr)
			}},
		{"a French replay", "fr-end-replay.png",
			func(t *testing.T) (render.Picture, error) {
				g, scores := replayState(t)
				return DrawReplay(scores, g.View(atheneum.Spectator), fr)
			}},
	}
}

func TestGoldenImages(t *testing.T) {
	for _, gc := range goldens() {
		t.Run(gc.what, func(t *testing.T) {
			t.Parallel()
			p, err := gc.draw(t)
			if err != nil {
				t.Fatal(err)
			}
			if p.Alt == "" || len(p.Alt) > render.AltLimit {
				t.Errorf("the alt text has %d bytes: %q", len(p.Alt), p.Alt)
			}
			got := p.PNG
			path := filepath.Join("testdata", gc.file)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if msg := rendertest.CompareImages(got, want); msg != "" {
				bad := filepath.Join(t.TempDir(), gc.file)
				os.WriteFile(bad, got, 0o644)
				t.Errorf("%s differs from the golden image: %s; the new picture is %s (run with -update if the change is meant)", gc.file, msg, bad)
			}
		})
	}
}

// kind is one picture function with a uniform signature.
type kind struct {
	name string
	draw func(g *atheneum.Game, seat int, o render.Options) (render.Picture, error)
}

func kinds() []kind {
	return []kind{
		{"shelves", func(g *atheneum.Game, seat int, o render.Options) (render.Picture, error) {
			return DrawShelves(g, seat, Marks{}, o)
		}},
		{"workbench", drawWorkbench},
		{"objectives", func(g *atheneum.Game, _ int, o render.Options) (render.Picture, error) { return DrawObjectives(g, o) }},
		{"hand", DrawHand},
		{"reveal", func(g *atheneum.Game, _ int, o render.Options) (render.Picture, error) { return DrawReveal(g, o) }},
		{"table", func(g *atheneum.Game, _ int, o render.Options) (render.Picture, error) { return DrawTable(g, o) }},
		{"results", func(g *atheneum.Game, _ int, o render.Options) (render.Picture, error) { return DrawResults(g, o) }},
		{"replay", func(g *atheneum.Game, _ int, o render.Options) (render.Picture, error) {
			// A chart of made-up scores rising by turn, over g's shelves.
			scores := make([][]int, 10)
			for t := range scores {
				for s := range g.Seats {
					scores[t] = append(scores[t], t*(s+2)+s)
				}
			}
			return DrawReplay(scores, g, o)
		}},
	}
}

// drawWorkbench draws seat's shelves with the first item it holds lit, or
// plain when it holds none.
func drawWorkbench(g *atheneum.Game, seat int, o render.Options) (render.Picture, error) {
	m := Marks{}
	if s := &g.Seats[seat]; len(s.Held) > 0 {
		m.Item = s.Held[0].ID
	}
	return DrawShelves(g, seat, m, o)
}

func TestErrors(t *testing.T) {
	start := startState(t)
	tests := []struct {
		what string
		draw func() (render.Picture, error)
		want error
	}{
		{"a nil game is refused", func() (render.Picture, error) { return DrawTable(nil, en) }, render.ErrNoGame},
		{"a game without its content pack is refused", func() (render.Picture, error) { return DrawObjectives(&atheneum.Game{Seats: start.Seats}, en) }, render.ErrNoGame},
		{"a seat past the last is refused", func() (render.Picture, error) { return DrawShelves(start, 3, Marks{}, en) }, render.ErrNoSeat},
		{"a negative seat is refused", func() (render.Picture, error) { return DrawHand(start, -1, en) }, render.ErrNoSeat},
		{"the reveal waits for the cards to be played", func() (render.Picture, error) { return DrawReveal(start, en) }, ErrNotRevealed},
		{"the results wait for the end of the game", func() (render.Picture, error) { return DrawResults(start, en) }, render.ErrNotOver},
		{"a replay without scores is refused", func() (render.Picture, error) { return DrawReplay(nil, start, en) }, ErrNoScores},
		{"a replay with a score missing is refused", func() (render.Picture, error) { return DrawReplay([][]int{{1, 2}}, start, en) }, ErrNoScores},
		{"a replay without a game is refused", func() (render.Picture, error) { return DrawReplay([][]int{{1}}, nil, en) }, render.ErrNoGame},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			if _, err := tc.draw(); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

func TestWriteAll(t *testing.T) {
	tests := []struct {
		what  string
		game  func(testing.TB) *atheneum.Game
		files []string
	}{
		{"a new game writes the table, row, shelves and hands", startState,
			[]string{"table.png", "objectives.png", "shelves-1.png", "shelves-3.png", "hand-1.png", "hand-3.png"}},
		{"a turn being resolved also writes the reveal", midState, []string{"reveal.png"}},
		{"a finished game also writes the results", endState, []string{"results.png"}},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "pictures")
			if err := WriteAll(dir, tc.game(t), en); err != nil {
				t.Fatal(err)
			}
			for _, f := range tc.files {
				b, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Errorf("%s: %v", f, err)
				}
			}
		})
	}
}

func TestConcurrentRendersMatchSequentialOnes(t *testing.T) {
	states := []*atheneum.Game{startState(t), midState(t), endState(t)}
	type job struct {
		g    *atheneum.Game
		k    kind
		seat int
	}
	var jobs []job
	for _, g := range states {
		for i, k := range kinds() {
			seat := i % len(g.Seats)
			jobs = append(jobs, job{g.View(seat), k, seat})
		}
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		p, _ := j.k.draw(j.g, j.seat, en)
		want[i] = p.PNG
	}
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				j := jobs[(i+w*7)%len(jobs)]
				got, _ := j.k.draw(j.g, j.seat, en)
				if !bytes.Equal(got.PNG, want[(i+w*7)%len(jobs)]) {
					t.Errorf("%s for seat %d differs when drawn concurrently", j.k.name, j.seat)
					return
				}
			}
		}()
	}
	wg.Wait()
}
