package anludim

// Row is one line of a seat's results; content.md documents each Category.
type Row struct {
	Category string
	Points   int
}

// Result is one seat's standing.
type Result struct {
	Seat int
	// Rank is 1 for the winner; the others follow by rounds won, then by
	// the total value they held at the rounds' ends; equal seats share a
	// rank.
	Rank int
	// Score is what seats are ranked by first: rounds won.
	Score int
	// TieBreak is RowValue when the value row settled this seat's rank
	// against a seat with the same Score, else "".
	TieBreak string
	Rows     []Row
}

// The result categories.
const (
	// RowRounds: rounds won (the winner has 2).
	RowRounds = "rounds_won"
	// RowValue: the seat's round totals (items plus parchments) added over
	// every round played.
	RowValue = "value"
	// RowFiveKinds: rounds the seat won by holding all five kinds.
	RowFiveKinds = "five_kinds"
	// RowRoundsPlayed: the number of rounds the game lasted (same for all).
	RowRoundsPlayed = "rounds_played"
)

// Results returns each seat's standing (also meaningful before the end).
func (g *Game) Results() []Result {
	out := make([]Result, g.n)
	var value, five [MaxSeats]int
	for r := 0; r < g.nRounds; r++ {
		rec := &g.rounds[r]
		for s := 0; s < g.n; s++ {
			value[s] += int(rec.values[s])
		}
		if rec.reason == EndFiveKinds {
			five[rec.winner]++
		}
	}
	better := func(a, b int) bool {
		if (a == g.winner) != (b == g.winner) {
			return a == g.winner
		}
		if g.wins[a] != g.wins[b] {
			return g.wins[a] > g.wins[b]
		}
		return value[a] > value[b]
	}
	for s := 0; s < g.n; s++ {
		rank := 1
		for t := 0; t < g.n; t++ {
			if better(t, s) {
				rank++
			}
		}
		tie := ""
		for t := 0; t < g.n; t++ {
			if t != s && t != g.winner && s != g.winner && g.wins[t] == g.wins[s] && value[t] != value[s] {
				tie = RowValue
			}
		}
		out[s] = Result{Seat: s, Rank: rank, Score: g.wins[s], TieBreak: tie, Rows: []Row{
			{RowRounds, g.wins[s]},
			{RowValue, value[s]},
			{RowFiveKinds, five[s]},
			{RowRoundsPlayed, g.nRounds},
		}}
	}
	return out
}

// RoundSummary is how one finished round ended.
type RoundSummary struct {
	Round   int
	Winner  int
	Trigger int
	Reason  EndReason
	Values  []int
}

// Rounds returns the finished rounds, in order.
func (g *Game) Rounds() []RoundSummary {
	out := make([]RoundSummary, g.nRounds)
	for i := 0; i < g.nRounds; i++ {
		r := &g.rounds[i]
		vals := make([]int, g.n)
		for s := range vals {
			vals[s] = int(r.values[s])
		}
		out[i] = RoundSummary{Round: i + 1, Winner: int(r.winner), Trigger: int(r.trigger), Reason: r.reason, Values: vals}
	}
	return out
}

// RoundsFinished returns how many rounds have ended.
func (g *Game) RoundsFinished() int { return g.nRounds }

// LastRound returns the most recent finished round; ok is false before the
// first round ends.
func (g *Game) LastRound() (r RoundSummary, ok bool) {
	if g.nRounds == 0 {
		return RoundSummary{}, false
	}
	rec := &g.rounds[g.nRounds-1]
	vals := make([]int, g.n)
	for s := range vals {
		vals[s] = int(rec.values[s])
	}
	return RoundSummary{Round: g.nRounds, Winner: int(rec.winner), Trigger: int(rec.trigger), Reason: rec.reason, Values: vals}, true
}
