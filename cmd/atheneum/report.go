package main

// Atheneum's balance report, `atheneum sim --report FILE`: statistics over
// the games simulated, computed by replaying each game's configuration and
// actions (so a report can be rebuilt from records), written as markdown.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

// Limits that flag a study card, side shelf, objective or seat. The
// computer players choose deterministically by their own estimate of a
// card, so how often a card is taken says what they think of it, and the
// win rate of those who took it says what it was worth: a card is judged
// on both. A side shelf is judged the same way, on the choices of a side
// shelf at which it was in the supply and on its takers' win rate.
//
// Every verdict has the same statistical guard (judge): a rate is past a
// limit only when it lies beyond it by guardErrors standard errors of a
// rate at that limit, over the trials it was measured on. A rate past a
// limit by less is only "near" it: the games cannot tell it from a rate at
// the limit, and another range of seeds may well put it on the other side.
const (
	// A card taken from under deadPickRate of the hands that held it, or
	// whose players win winGap below 1/players, is dead; one taken from more
	// than dominantPickRate of them, or whose players win winGap above, is
	// dominant. The same holds for a side shelf and the supplies it was in.
	deadPickRate     = 0.05
	dominantPickRate = 0.95
	winGap           = 0.06
	// An objective scored by fewer than deadObjectiveRate of the seats that
	// saw it in the row is dead; by more than dominantObjectiveRate, dominant.
	deadObjectiveRate     = 0.03
	dominantObjectiveRate = 0.60
	// seatTolerance is the largest fair gap between a seat's win rate and 1/players.
	seatTolerance = 0.03
	// guardErrors is how many standard errors past its limit a rate must
	// lie to be judged past it.
	guardErrors = 3
	// minPicks is the number of picks below which a card's win rate is not judged.
	minPicks = 100
	// minTakers is the number of takers below which a side shelf's rates are not shown.
	minTakers = 30
)

// The verdicts: past a limit by the guard, or only near it.
const (
	verdictDead         = "dead"
	verdictDominant     = "dominant"
	verdictNearDead     = "near dead"
	verdictNearDominant = "near dominant"
)

// judge compares a rate measured over n trials with its lower and upper
// limits: "dead" or "dominant" when it lies past one by guardErrors
// standard errors of a rate at that limit over n trials, "near dead" or
// "near dominant" when it is past one by less, "" between them.
func judge(rate float64, n int, low, high float64) string {
	if n <= 0 {
		return ""
	}
	se := func(limit float64) float64 { return math.Sqrt(limit * (1 - limit) / float64(n)) }
	switch {
	case rate < low-guardErrors*se(low):
		return verdictDead
	case rate > high+guardErrors*se(high):
		return verdictDominant
	case rate < low:
		return verdictNearDead
	case rate > high:
		return verdictNearDominant
	}
	return ""
}

// worst is the verdict that says most of two: a firm one before a near one,
// dead before dominant.
func worst(a, b string) string {
	rank := map[string]int{verdictDead: 4, verdictDominant: 3, verdictNearDead: 2, verdictNearDominant: 1}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// pickStat is one seat's pick in one turn: the hand it was offered and the
// card it played.
type pickStat struct {
	Turn    int
	Seat    int
	Offered []string
	Picked  string
}

// sideChoice is one side shelf placed: the shelves of the supply it was
// chosen from and the one chosen.
type sideChoice struct {
	Seat    int
	Offered []int
	Picked  int
}

// sideStat is a side shelf in a seat's final shelves.
type sideStat struct {
	Seat  int
	Shelf int
	Full  bool
}

// gameStats is what one game contributes to a report.
type gameStats struct {
	Seed    uint64
	Content string
	Players int
	// Results are the final results in seat order.
	Results []atheneum.Result
	// WinShare is each seat's share of the victory: 1/k for each of k
	// winners, 0 for the others.
	WinShare []float64
	Picks    []pickStat
	// RowTurns counts the turns each objective spent in the row.
	RowTurns map[string]int
	// Scored counts the seats that scored each objective.
	Scored map[string]int
	// Full tells, per seat, which main compartments (I-V) are full at the end.
	Full  [][atheneum.NumMainComps]bool
	Sides []sideStat
	// SideChoices are the side shelves placed, in order (an undone
	// placement counts too: the computer players never undo).
	SideChoices []sideChoice
}

// analyzeGame replays a game from its configuration and actions and
// gathers its statistics. It is a pure function of its arguments.
func analyzeGame(cfg atheneum.Config, actions []atheneum.Action) (*gameStats, error) {
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		return nil, err
	}
	st := &gameStats{Seed: cfg.Seed, Content: g.ContentID, Players: len(g.Seats), RowTurns: map[string]int{}, Scored: map[string]int{}}
	offered := make([][]string, len(g.Seats))
	seeRow := func() {
		for _, slot := range g.Row {
			if slot.Objective >= 0 {
				st.RowTurns[g.Content.Objectives[slot.Objective].Code]++
			}
		}
	}
	seeRow()
	for i, a := range actions {
		if a.Type == atheneum.ActPick && a.Seat >= 0 && a.Seat < len(g.Seats) {
			hand := g.Seats[a.Seat].Hand
			offered[a.Seat] = offered[a.Seat][:0]
			for _, c := range hand {
				offered[a.Seat] = append(offered[a.Seat], g.CardCode(c))
			}
		}
		turn := g.TurnNumber()
		var supply []int
		if a.Type == atheneum.ActSideShelf {
			supply = slices.Clone(g.SideSupply)
		}
		ev, err := g.Apply(a)
		if err != nil {
			return nil, &atheneum.ReplayError{Index: i, Action: a, Err: err}
		}
		if a.Type == atheneum.ActSideShelf {
			st.SideChoices = append(st.SideChoices, sideChoice{Seat: a.Seat, Offered: supply, Picked: a.Shelf})
		}
		for _, e := range ev {
			switch e.Type {
			case atheneum.EvRevealed:
				st.Picks = append(st.Picks, pickStat{Turn: turn, Seat: e.Seat, Offered: slices.Clone(offered[e.Seat]), Picked: e.Card})
			case atheneum.EvTurnStarted:
				seeRow()
			}
		}
	}
	if g.Step != atheneum.StepOver {
		return nil, fmt.Errorf("the game stops in turn %d, step %s", g.TurnNumber(), g.Step)
	}
	st.Results = make([]atheneum.Result, len(g.Seats))
	for _, r := range g.Results {
		st.Results[r.Seat] = r
	}
	winners := g.Winners()
	st.WinShare = make([]float64, len(g.Seats))
	for _, w := range winners {
		st.WinShare[w] = 1 / float64(len(winners))
	}
	st.Full = make([][atheneum.NumMainComps]bool, len(g.Seats))
	for i := range g.Seats {
		s := &g.Seats[i]
		for _, o := range s.Scored {
			st.Scored[g.Content.Objectives[o].Code]++
		}
		for id := atheneum.CompID(0); id < atheneum.NumMainComps; id++ {
			st.Full[i][id] = s.Comps[id].Full()
		}
		for _, id := range []atheneum.CompID{atheneum.CompLeft, atheneum.CompRight} {
			if c := &s.Comps[id]; c.Present {
				st.Sides = append(st.Sides, sideStat{Seat: i, Shelf: c.SideShelf, Full: c.Full()})
			}
		}
	}
	return st, nil
}

// reportHeader says how the games were produced.
type reportHeader struct {
	// Command reproduces the report.
	Command string
	Date    time.Time
	// Players describes the seats, e.g. "normal ×4".
	Players string
	Seed    uint64
}

type cardTally struct {
	offered  int
	expected float64 // picks expected from a uniform choice
	picked   int
	wins     float64
}

// shelfTally is a side shelf's record: taken, full and wins count the
// final shelves that hold it; offered, expected and chosen count the
// choices of a side shelf at which it was in the supply.
type shelfTally struct {
	taken, full int
	wins        float64 // the takers' win shares
	offered     int
	expected    float64 // choices expected from a uniform choice
	chosen      int
}

type objectiveTally struct {
	turns, games, chances, scored int
}

// balance accumulates games for a report.
type balance struct {
	content  *atheneum.Content
	players  int
	games    int
	winners  []int // each game's winning score
	totals   []int // every seat's final score
	cats     [6]float64
	winCats  [6]float64
	seatWins []float64
	seatPts  []float64
	subjWins map[atheneum.Color]float64
	subjN    map[atheneum.Color]int
	full     [atheneum.NumMainComps]int
	sideSlot int // side shelves placed
	sideFull int
	shelves  map[int]*shelfTally
	cards    map[string]*cardTally
	objs     map[string]*objectiveTally
}

var categoryNames = [6]string{"cards", "objectives", "favourite subject", "compartments", "candles", "wands"}

func resultCats(r atheneum.Result) [6]int {
	return [6]int{r.Cards, r.Objectives, r.Favorite, r.Compartments, r.Candles, r.Wands}
}

func newBalance(c *atheneum.Content, players int) *balance {
	b := &balance{content: c, players: players, seatWins: make([]float64, players), seatPts: make([]float64, players),
		subjWins: map[atheneum.Color]float64{}, subjN: map[atheneum.Color]int{}, shelves: map[int]*shelfTally{},
		cards: map[string]*cardTally{}, objs: map[string]*objectiveTally{}}
	for _, card := range c.Cards {
		b.cards[card.Code] = &cardTally{}
	}
	for _, o := range c.Objectives {
		b.objs[o.Code] = &objectiveTally{}
	}
	return b
}

// add counts one game; subjects are the seats' favourite subjects.
func (b *balance) add(st *gameStats, subjects []atheneum.Color) error {
	if st.Content != b.content.ID || st.Players != b.players {
		return fmt.Errorf("a game of %d players with pack %s in a report on %d players with %s", st.Players, st.Content, b.players, b.content.ID)
	}
	b.games++
	best := math.MinInt
	for i, r := range st.Results {
		best = max(best, r.Total)
		b.totals = append(b.totals, r.Total)
		cats := resultCats(r)
		for k, v := range cats {
			b.cats[k] += float64(v)
			if st.WinShare[i] > 0 {
				b.winCats[k] += float64(v) * st.WinShare[i]
			}
		}
		b.seatWins[i] += st.WinShare[i]
		b.seatPts[i] += float64(r.Total)
		if i < len(subjects) {
			b.subjWins[subjects[i]] += st.WinShare[i]
			b.subjN[subjects[i]]++
		}
		for id, f := range st.Full[i] {
			if f {
				b.full[id]++
			}
		}
	}
	b.winners = append(b.winners, best)
	for _, s := range st.Sides {
		b.sideSlot++
		t := b.shelf(s.Shelf)
		t.taken++
		t.wins += st.WinShare[s.Seat]
		if s.Full {
			b.sideFull++
			t.full++
		}
	}
	for _, c := range st.SideChoices {
		for _, id := range c.Offered {
			t := b.shelf(id)
			t.offered++
			t.expected += 1 / float64(len(c.Offered))
		}
		b.shelf(c.Picked).chosen++
	}
	for _, p := range st.Picks {
		for _, code := range p.Offered {
			t := b.cards[code]
			if t == nil {
				return fmt.Errorf("unknown card %s", code)
			}
			t.offered++
			t.expected += 1 / float64(len(p.Offered))
		}
		if t := b.cards[p.Picked]; t != nil {
			t.picked++
			t.wins += st.WinShare[p.Seat]
		}
	}
	for code, n := range st.RowTurns {
		t := b.objs[code]
		if t == nil {
			return fmt.Errorf("unknown objective %s", code)
		}
		t.turns += n
		t.games++
		t.chances += st.Players
	}
	for code, n := range st.Scored {
		if t := b.objs[code]; t != nil {
			t.scored += n
		}
	}
	return nil
}

// shelf returns side shelf id's tally, made on first use.
func (b *balance) shelf(id int) *shelfTally {
	t := b.shelves[id]
	if t == nil {
		t = &shelfTally{}
		b.shelves[id] = t
	}
	return t
}

func median(v []int) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	sort.Ints(s)
	if len(s)%2 == 1 {
		return float64(s[len(s)/2])
	}
	return float64(s[len(s)/2-1]+s[len(s)/2]) / 2
}

func percentile(v []int, p float64) int {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	sort.Ints(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

func mean(v []int) float64 {
	t := 0
	for _, x := range v {
		t += x
	}
	return float64(t) / float64(max(1, len(v)))
}

// balanceFigures are the headline numbers of a report, for tests and notes.
type balanceFigures struct {
	WinnerMedian float64
	MeanScore    float64
	Shares       [6]float64
	SeatWinRates []float64
	DeadCards    []string
	Dominant     []string // cards
	DeadObjs     []string
	DominantObjs []string
	DeadShelves  []string
	DomShelves   []string
	// Near lists what is past a limit by less than the guard, e.g.
	// "O33 (near dominant)": not judged, but worth watching.
	Near []string
	// UnfairSeats counts the seats judged outside seatTolerance.
	UnfairSeats int
}

func (b *balance) figures() balanceFigures {
	f := balanceFigures{WinnerMedian: median(b.winners), MeanScore: mean(b.totals)}
	sum := 0.0
	for _, v := range b.cats {
		sum += v
	}
	for k, v := range b.cats {
		f.Shares[k] = v / math.Max(1, sum)
	}
	base := 1 / float64(b.players)
	for i, w := range b.seatWins {
		f.SeatWinRates = append(f.SeatWinRates, w/math.Max(1, float64(b.games)))
		if v := b.seatVerdict(i); v == verdictDead || v == verdictDominant {
			f.UnfairSeats++
		}
	}
	file := func(name, verdict string, dead, dominant *[]string) {
		switch verdict {
		case verdictDead:
			*dead = append(*dead, name)
		case verdictDominant:
			*dominant = append(*dominant, name)
		case verdictNearDead, verdictNearDominant:
			f.Near = append(f.Near, name+" ("+verdict+")")
		}
	}
	for _, card := range b.content.Cards {
		file(card.Code, cardVerdict(b.cards[card.Code], base), &f.DeadCards, &f.Dominant)
	}
	for _, o := range b.content.Objectives {
		file(o.Code, objectiveVerdict(b.objs[o.Code]), &f.DeadObjs, &f.DominantObjs)
	}
	for _, s := range b.content.SideShelves {
		file(fmt.Sprintf("S%d", s.ID), b.shelfVerdict(s.ID, base), &f.DeadShelves, &f.DomShelves)
	}
	return f
}

// seatVerdict judges a seat's win rate against 1/players ± seatTolerance,
// with the guard of every verdict: "dead" is a seat that wins too little,
// "dominant" one that wins too much.
func (b *balance) seatVerdict(seat int) string {
	base := 1 / float64(b.players)
	return judge(b.seatWins[seat]/math.Max(1, float64(b.games)), b.games, base-seatTolerance, base+seatTolerance)
}

// shelfVerdict judges side shelf id as cardVerdict judges a card: on the
// share of the choices it was offered at that took it, and on its takers'
// win rate.
func (b *balance) shelfVerdict(id int, base float64) string {
	t := b.shelves[id]
	if t == nil {
		return ""
	}
	return choiceVerdict(t.offered, t.chosen, t.taken, t.wins/math.Max(1, float64(t.taken)), base)
}

func cardVerdict(t *cardTally, base float64) string {
	return choiceVerdict(t.offered, t.picked, t.picked, t.wins/math.Max(1, float64(t.picked)), base)
}

// choiceVerdict judges something chosen chosen times out of offered
// chances, whose n players won at winRate, against a fair rate base: on
// its choice rate, and from minPicks players on, on their win rate.
func choiceVerdict(offered, chosen, n int, winRate, base float64) string {
	if offered < minPicks {
		return ""
	}
	v := judge(float64(chosen)/float64(offered), offered, deadPickRate, dominantPickRate)
	if n >= minPicks {
		v = worst(v, judge(winRate, n, base-winGap, base+winGap))
	}
	return v
}

func objectiveVerdict(t *objectiveTally) string {
	if t.chances < 20 {
		return ""
	}
	return judge(float64(t.scored)/float64(t.chances), t.chances, deadObjectiveRate, dominantObjectiveRate)
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// markdown writes the report.
func (b *balance) markdown(w io.Writer, h reportHeader) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	f := b.figures()
	n := math.Max(1, float64(b.games))
	seats := float64(max(1, len(b.totals)))
	base := 1 / float64(b.players)
	p("# Balance report\n\n")
	p("Generated on %s by\n\n```sh\n%s\n```\n\n", h.Date.UTC().Format("2006-01-02 15:04 MST"), h.Command)
	p("Content pack `%s`, %d games of %d players (%s), seeds %d to %d. ", b.content.ID, b.games, b.players, h.Players, h.Seed, h.Seed+uint64(max(1, b.games))-1)
	p("Every figure comes from replaying each game's seed and actions. A shared victory counts 1/k for each of its k winners, so win rates add up to 100%%.\n\n")
	p("Every verdict below has the same guard: a rate is judged past one of its limits only when it lies beyond that limit by %d standard errors of a rate at the limit, over the trials it was measured on (seats: games; cards: hands offered and picks; side shelves: supplies and takers; objectives: seats that saw them). ", guardErrors)
	p("A rate past a limit by less is marked *near*: these games cannot tell it from a rate at the limit, and it is not a verdict.\n\n")

	p("## Scores\n\n| figure | value |\n|---|---|\n")
	p("| winner's median score | %.1f (target 60-80; the rulebook's worked example ends at 70) |\n", f.WinnerMedian)
	p("| winner's score, 10th to 90th percentile | %d to %d |\n", percentile(b.winners, 0.1), percentile(b.winners, 0.9))
	p("| mean score of all players | %.1f |\n", f.MeanScore)
	p("| median score of all players | %.1f |\n\n", median(b.totals))
	p("| category | mean per player | share of all points | mean for winners | share of winners' points |\n|---|---|---|---|---|\n")
	winSum := 0.0
	for _, v := range b.winCats {
		winSum += v
	}
	for k, name := range categoryNames {
		p("| %s | %.1f | %s | %.1f | %s |\n", name, b.cats[k]/seats, pct(f.Shares[k]), b.winCats[k]/n, pct(b.winCats[k]/math.Max(1, winSum)))
	}

	p("\n## Seat positions\n\nFair means every seat's win rate within %.0f points of 1/%d = %s.\n\n", 100*seatTolerance, b.players, pct(1/float64(b.players)))
	p("| seat | win rate | gap | 95%% interval | mean score | fair |\n|---|---|---|---|---|---|\n")
	for i, wr := range f.SeatWinRates {
		gap := wr - 1/float64(b.players)
		fair := "yes"
		switch b.seatVerdict(i) {
		case verdictDead, verdictDominant:
			fair = "**no**"
		case verdictNearDead, verdictNearDominant:
			fair = "near the limit"
		}
		lo, hi := engine.Wilson(b.seatWins[i], b.games)
		p("| %d | %s | %+.1f | %.1f-%.1f%% | %.1f | %s |\n", i+1, pct(wr), 100*gap, 100*lo, 100*hi, b.seatPts[i]/n, fair)
	}
	if len(b.subjN) > 0 {
		p("\n| favourite subject | seats | win rate |\n|---|---|---|\n")
		for _, c := range atheneum.Colors {
			if k := b.subjN[c]; k > 0 {
				p("| %s (%s) | %d | %s |\n", c, c.Subject(), k, pct(b.subjWins[c]/float64(k)))
			}
		}
	}

	p("\n## Compartments filled at the end\n\n| compartment | size | value | filled |\n|---|---|---|---|\n")
	for id, cs := range b.content.Main.Compartments {
		p("| %s | %d×%d | %d | %s |\n", cs.Name, cs.Width, cs.Levels, cs.Value, pct(float64(b.full[id])/seats))
	}
	p("| side shelves | | | %s of the %d placed (%.2f per player) |\n\n", pct(float64(b.sideFull)/math.Max(1, float64(b.sideSlot))), b.sideSlot, float64(b.sideSlot)/seats)
	p("*Offered* counts the side shelves placed while this one was in the supply, *chosen* those for which it was the one taken; *index* is as for study cards. ")
	p("A side shelf is judged as a study card is: dead when chosen at under %s of its offers or its takers win %.0f points below 1/%d, dominant when chosen at over %s of them or its takers win %.0f points above. ", pct(deadPickRate), 100*winGap, b.players, pct(dominantPickRate), 100*winGap)
	p("Rates of a side shelf taken fewer than %d times are not shown.\n\n", minTakers)
	p("| side shelf | size | value | candles | taken (per game) | offered | chosen | choice rate | index | filled when taken | win rate of its takers | verdict |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, s := range b.content.SideShelves {
		t := b.shelf(s.ID)
		taken := math.Max(1, float64(t.taken))
		full, wins := "-", "-"
		if t.taken >= minTakers {
			full, wins = pct(float64(t.full)/taken), pct(t.wins/taken)
		}
		p("| S%d | %d×%d | %d | %d, %d | %.2f | %d | %d | %s | %.2f | %s | %s | %s |\n", s.ID, s.Width, s.Levels, s.Value, s.Candles[0], s.Candles[1], float64(t.taken)/n,
			t.offered, t.chosen, pct(float64(t.chosen)/math.Max(1, float64(t.offered))), float64(t.chosen)/math.Max(1e-9, t.expected), full, wins, b.shelfVerdict(s.ID, base))
	}

	p("\n## Objectives\n\n*Rate* is the share of the seats that saw the objective in the row (games in row × %d) that scored it. ", b.players)
	p("Dead: under %s; dominant: over %s (by the guard).\n\n", pct(deadObjectiveRate), pct(dominantObjectiveRate))
	p("| objective | points | turns in row | games in row | scored | rate | points per seat that saw it | verdict |\n|---|---|---|---|---|---|---|---|\n")
	for _, o := range b.content.Objectives {
		t := b.objs[o.Code]
		rate := float64(t.scored) / math.Max(1, float64(t.chances))
		pts := fmt.Sprint(o.Points)
		if o.Wand {
			pts += " +W"
		}
		p("| %s `%s` | %s | %d | %d | %d | %s | %.2f | %s |\n", o.Code, objectiveShort(&o), pts, t.turns, t.games, t.scored, pct(rate), rate*float64(o.Points), objectiveVerdict(t))
	}

	p("\n## Study cards\n\n*Offered* counts the hands that held the card when its owner picked; *index* is picks divided by the picks a uniform choice would make (1 = neutral). ")
	p("Dead: taken from under %s of the hands that held it, or its players win %.0f points below 1/%d; dominant: taken from over %s, or its players win %.0f points above. ", pct(deadPickRate), 100*winGap, b.players, pct(dominantPickRate), 100*winGap)
	p("A win rate is judged from %d picks on.\n\n", minPicks)
	p("| card | you · left · right | offered | picked | pick rate | index | win rate of its players | verdict |\n|---|---|---|---|---|---|---|---|\n")
	for _, card := range b.content.Cards {
		t := b.cards[card.Code]
		idx := float64(t.picked) / math.Max(1e-9, t.expected)
		p("| %s | %s | %d | %d | %s | %.2f | %s | %s |\n", card.Code, cardShort(&card), t.offered, t.picked,
			pct(float64(t.picked)/math.Max(1, float64(t.offered))), idx, pct(t.wins/math.Max(1, float64(t.picked))), cardVerdict(t, base))
	}

	p("\n## Verdict\n\n")
	list := func(v []string) string {
		if len(v) == 0 {
			return "none"
		}
		return strings.Join(v, ", ")
	}
	p("- dead study cards: %s\n- dominant study cards: %s\n- dead objectives: %s\n- dominant objectives: %s\n", list(f.DeadCards), list(f.Dominant), list(f.DeadObjs), list(f.DominantObjs))
	p("- dead side shelves: %s\n- dominant side shelves: %s\n", list(f.DeadShelves), list(f.DomShelves))
	p("- seats outside ±%.0f points of 1/%d: %d\n", 100*seatTolerance, b.players, f.UnfairSeats)
	p("- near a limit (not verdicts): %s\n", list(f.Near))
}

func objectiveShort(o *atheneum.Objective) string {
	n := o.Notation()
	// Drop the code, kind and points: "O09 any 5pt G./PV" -> "any G./PV".
	// A "|" (one compartment or another) is escaped for the table.
	if parts := strings.SplitN(n, " ", 4); len(parts) == 4 {
		n = parts[1] + " " + parts[3]
	}
	return strings.ReplaceAll(n, "|", `\|`)
}

func cardShort(c *atheneum.Card) string {
	s := strings.TrimSpace(strings.TrimPrefix(c.Notation(), c.Code))
	return strings.ReplaceAll(s, "|", "·")
}

// simConfig is the configuration of the sim game with the given seed and
// seat count. The favourite subjects are dealt from the seed (a shuffle of
// the five), so that no seat is tied to one subject or to one arrangement
// of its neighbours' subjects: the cards' colours follow the subjects'
// order, and seating the subjects in that order every game would measure
// that order rather than the seat.
func simConfig(seed uint64, players int, content *atheneum.Content) atheneum.Config {
	colors := atheneum.Colors
	x := seed
	for i := len(colors) - 1; i > 0; i-- {
		x += 0x9e3779b97f4a7c15
		z := (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		z ^= z >> 31
		j := int(z % uint64(i+1))
		colors[i], colors[j] = colors[j], colors[i]
	}
	return atheneum.Config{Subjects: slices.Clone(colors[:players]), Seed: seed, Content: content}
}

// reporter gathers the games of a sim run for --report, analysed
// (analyzeGame). A nil reporter does nothing.
type reporter struct {
	path   string
	header reportHeader
	games  []analysedGame
}

// analysedGame is one game of a report and its seats' favourite subjects.
type analysedGame struct {
	st       *gameStats
	subjects []atheneum.Color
}

// newReporter returns a reporter writing to path, or nil when path is empty.
func newReporter(path string, args []string) *reporter {
	if path == "" {
		return nil
	}
	return &reporter{path: path, header: reportHeader{Command: "go run ./cmd/atheneum sim " + strings.Join(args, " "), Date: time.Now()}}
}

// add keeps one analysed game.
func (r *reporter) add(st *gameStats, subjects []atheneum.Color) {
	if r == nil {
		return
	}
	r.games = append(r.games, analysedGame{st: st, subjects: subjects})
}

// write writes the report of the games kept, in seed order, keeping the
// file's hand-written notes. players describes the seats ("random ×4").
func (r *reporter) write(players string) error {
	if r == nil {
		return nil
	}
	if len(r.games) == 0 {
		return errors.New("--report: no game finished")
	}
	sort.Slice(r.games, func(i, j int) bool { return r.games[i].st.Seed < r.games[j].st.Seed })
	r.header.Players = players
	r.header.Seed = r.games[0].st.Seed
	var buf bytes.Buffer
	if err := writeReport(&buf, r.header, r.games); err != nil {
		return err
	}
	return writeKeepingNotes(r.path, buf.Bytes())
}

// writeReport writes the markdown report of analysed games, all of one
// pack and seat count.
func writeReport(w io.Writer, h reportHeader, games []analysedGame) error {
	var b *balance
	for _, gm := range games {
		if b == nil {
			c, err := atheneum.Load(gm.st.Content)
			if err != nil {
				return err
			}
			b = newBalance(c, gm.st.Players)
		}
		if err := b.add(gm.st, gm.subjects); err != nil {
			return fmt.Errorf("seed %d: %w", gm.st.Seed, err)
		}
	}
	if b == nil {
		return errors.New("no game to report")
	}
	b.markdown(w, h)
	return nil
}
