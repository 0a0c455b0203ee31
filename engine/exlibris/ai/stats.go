package ai

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"atheneum/engine"
	"atheneum/engine/exlibris"
)

// Balance gathers what a run of games says about the game's balance: the
// first player's advantage, how long games are (rounds; placements,
// follow-ups and answers owed to others), and what each location and each
// library is worth (the win rate of the seats that used or held it). Give
// its Add to engine.Match's Each, then read Report, for every number of
// seats the run plays; it is safe for concurrent use.
type Balance struct {
	mu     sync.Mutex
	tables map[int]*balanceTable
}

// balanceTable is the run's figures at one number of seats.
type balanceTable struct {
	seats, games, errors int
	firstErrors          []string
	rounds               []int
	placements, follow   int
	answers, steps       int
	seatWins             []float64
	libs                 [exlibris.NumLibraries]usage
	locs                 [exlibris.NumLocations + 1]usage
	rows                 map[string]float64
	rowOrder             []string
	scores               float64
}

// usage counts the seat-games that held a library or used a location, and
// their share of the wins.
type usage struct {
	seatGames int
	wins      float64
	uses      int
}

// NewBalance returns an empty Balance.
func NewBalance() *Balance { return &Balance{tables: map[int]*balanceTable{}} }

// Add takes in one game of a match (engine.GameRecord): it replays the
// moves to tell placements from the decisions that follow them and from
// the answers owed to another seat.
func (b *Balance) Add(rec engine.GameRecord) {
	st := b.gameStats(rec)
	b.mu.Lock()
	defer b.mu.Unlock()
	n := rec.Setup.Seats
	t := b.tables[n]
	if t == nil {
		t = &balanceTable{seats: n, seatWins: make([]float64, n), rows: map[string]float64{}}
		b.tables[n] = t
	}
	if st.err != nil {
		t.errors++
		if len(t.firstErrors) < 3 {
			t.firstErrors = append(t.firstErrors, fmt.Sprintf("game %d (seed %d): %v", rec.Index, rec.Seed, st.err))
		}
		return
	}
	t.games++
	t.rounds = append(t.rounds, st.rounds)
	t.placements += st.placements
	t.follow += st.follow
	t.answers += st.answers
	t.steps += rec.Steps
	winners := len(engine.Winners(rec.Results))
	for _, r := range rec.Results {
		share := 0.0
		if r.Rank == 1 {
			share = 1 / float64(winners)
		}
		t.seatWins[r.Seat] += share
		t.scores += float64(r.Score)
		for _, row := range r.Rows {
			if _, ok := t.rows[row.Category]; !ok {
				t.rowOrder = append(t.rowOrder, row.Category)
			}
			t.rows[row.Category] += float64(row.Points)
		}
		if lib := st.libs[r.Seat]; lib >= 0 {
			u := &t.libs[lib]
			u.seatGames++
			u.wins += share
		}
		for l := exlibris.Location(1); l <= exlibris.NumLocations; l++ {
			if k := st.used[r.Seat][l]; k > 0 {
				u := &t.locs[l]
				u.seatGames++
				u.wins += share
				u.uses += k
			}
		}
	}
}

// gameFigures is what one game adds.
type gameFigures struct {
	err                         error
	rounds                      int
	placements, follow, answers int
	libs                        [exlibris.MaxSeats]exlibris.Library
	used                        [exlibris.MaxSeats][exlibris.NumLocations + 1]int
}

// gameStats replays a record's moves, sorting each decision.
func (b *Balance) gameStats(rec engine.GameRecord) (f gameFigures) {
	if rec.Err != nil {
		f.err = rec.Err
		return f
	}
	s, err := exlibris.Rules.New(rec.Seed, rec.Setup)
	if err != nil {
		f.err = err
		return f
	}
	g := s.(*exlibris.State).Game
	for _, mv := range rec.Moves {
		m, err := exlibris.ParseMove(string(mv))
		if err != nil {
			f.err = err
			return f
		}
		d, ok := g.Decision(m.Seat)
		if !ok {
			f.err = fmt.Errorf("the record's move %s is not awaited", mv)
			return f
		}
		switch {
		case d.Kind == "place":
			f.placements++
			if l, ok := placedOn(m); ok {
				f.used[m.Seat][l]++
			}
		case d.Kind == "guild":
			f.follow++
			if len(m.Keys) == 2 {
				if l, ok := tileOfTarget(m.Keys[1]); ok {
					f.used[m.Seat][l]++
				}
			}
		case d.Asker >= 0 && d.Asker != m.Seat:
			f.answers++
		default:
			f.follow++
		}
		if err := g.PlayMove(m); err != nil {
			f.err = fmt.Errorf("replaying %s: %w", mv, err)
			return f
		}
	}
	f.rounds = g.Round()
	for s := range f.libs {
		f.libs[s] = exlibris.NoLibrary
		if s < g.Seats() {
			f.libs[s] = g.LibraryOf(s)
		}
	}
	return f
}

// placedOn reads the tile a placement sends an assistant to ("L7",
// "L3b2", "L10x"); ok is false for home.
func placedOn(m exlibris.Move) (exlibris.Location, bool) {
	if len(m.Keys) != 2 {
		return 0, false
	}
	return tileOfTarget(m.Keys[1])
}

// tileOfTarget reads the tile number at the start of a key ("L10s0").
func tileOfTarget(key string) (exlibris.Location, bool) {
	if len(key) < 2 || key[0] != 'L' {
		return 0, false
	}
	n, i := 0, 1
	for ; i < len(key) && key[i] >= '0' && key[i] <= '9'; i++ {
		n = n*10 + int(key[i]-'0')
	}
	if i == 1 || n < 1 || n > exlibris.NumLocations {
		return 0, false
	}
	return exlibris.Location(n), true
}

// Flag says whether a library or location stands out: "dominant" when its
// whole 95 % interval lies above 1.2 times the fair share of wins (1/n),
// "dead" when it lies below 0.8 times it, "" otherwise.
func Flag(wins float64, played, seats int) string {
	if played == 0 || seats < 2 {
		return ""
	}
	lo, hi := engine.Wilson(wins, played)
	fair := 1 / float64(seats)
	switch {
	case lo > 1.2*fair:
		return "dominant"
	case hi < 0.8*fair:
		return "dead"
	}
	return ""
}

// Report writes the run's figures as Markdown, one section per number of
// seats.
func (b *Balance) Report() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out strings.Builder
	seats := make([]int, 0, len(b.tables))
	for n := range b.tables {
		seats = append(seats, n)
	}
	slices.Sort(seats)
	for _, n := range seats {
		b.tables[n].write(&out)
	}
	return out.String()
}

func (t *balanceTable) write(w *strings.Builder) {
	fmt.Fprintf(w, "## %d seats\n\n", t.seats)
	fmt.Fprintf(w, "%d games", t.games)
	if t.errors > 0 {
		fmt.Fprintf(w, ", %d failed: %s", t.errors, strings.Join(t.firstErrors, "; "))
	}
	w.WriteString(".\n\n")
	if t.games == 0 {
		return
	}
	g := float64(t.games)
	lo, hi := t.rounds[0], t.rounds[0]
	sum := 0
	for _, r := range t.rounds {
		lo, hi, sum = min(lo, r), max(hi, r), sum+r
	}
	fmt.Fprintf(w, "- Rounds per game: %.2f on average (%d to %d).\n", float64(sum)/g, lo, hi)
	fmt.Fprintf(w, "- Decisions per game: %.1f placements, %.1f decisions following them (archives, takes, effects' choices), %.1f answers owed to another seat (taxes, gifts, sales, the cube, the goblin); %.1f steps (shared steps, where every seat answers at once, count once).\n",
		float64(t.placements)/g, float64(t.follow)/g, float64(t.answers)/g, float64(t.steps)/g)
	fmt.Fprintf(w, "- Points per seat: %.1f on average", t.scores/g/float64(t.seats))
	for _, row := range t.rowOrder {
		fmt.Fprintf(w, "; %s %.1f", row, t.rows[row]/g/float64(t.seats))
	}
	w.WriteString(".\n\n")
	w.WriteString("| seat | win rate | 95 % interval |\n|---|---|---|\n")
	for s, wins := range t.seatWins {
		l, h := engine.Wilson(wins, t.games)
		name := fmt.Sprint(s)
		if s == 0 {
			name = "0 (first player)"
		}
		fmt.Fprintf(w, "| %s | %.1f %% | %.1f–%.1f %% |\n", name, 100*wins/g, 100*l, 100*h)
	}
	fmt.Fprintf(w, "\nFair share: %.1f %%.\n\n", 100/float64(t.seats))
	w.WriteString("| library | seat-games | win rate | 95 % interval | flag |\n|---|---|---|---|---|\n")
	for lib := exlibris.Library(0); lib < exlibris.NumLibraries; lib++ {
		u := t.libs[lib]
		if u.seatGames == 0 {
			fmt.Fprintf(w, "| %s | 0 | | | |\n", lib.ID())
			continue
		}
		l, h := engine.Wilson(u.wins, u.seatGames)
		fmt.Fprintf(w, "| %s | %d | %.1f %% | %.1f–%.1f %% | %s |\n", lib.ID(), u.seatGames, 100*u.wins/float64(u.seatGames), 100*l, 100*h, Flag(u.wins, u.seatGames, t.seats))
	}
	w.WriteString("\n| location | seat-games using it | uses per game | win rate when used | 95 % interval | flag |\n|---|---|---|---|---|---|\n")
	for loc := exlibris.Location(1); loc <= exlibris.NumLocations; loc++ {
		u := t.locs[loc]
		if u.seatGames == 0 {
			fmt.Fprintf(w, "| %s | 0 | 0 | | | |\n", loc.ID())
			continue
		}
		l, h := engine.Wilson(u.wins, u.seatGames)
		fmt.Fprintf(w, "| %s | %d | %.2f | %.1f %% | %.1f–%.1f %% | %s |\n", loc.ID(), u.seatGames, float64(u.uses)/g,
			100*u.wins/float64(u.seatGames), 100*l, 100*h, Flag(u.wins, u.seatGames, t.seats))
	}
	w.WriteString("\n")
}
