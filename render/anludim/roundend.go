package anludim

import (
	"image"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

// The end of a round: a heading with the winner and why, then one line
// per seat, best total first.
const (
	endHeadH = 128
	endTieH  = 24 // a line more in the heading when a tie was broken
	endRowH  = 70
	endGap   = 8
	endFootH = 40
)

// DrawRoundEnd draws the end of the last finished round: who won it and
// why (and on whose turn it ended); for each seat, the winner first and
// then by total, its crest as it is now with its rounds won, its name, the
// magic items and parchments it held (while the cards to keep are being
// chosen, before they go back) and its total; then who starts the next
// round. Once the game is over it draws the final results instead
// (DrawResults). Before any round has ended it returns ErrNoRound.
func DrawRoundEnd(g *anludim.Game, o render.Options) (render.Picture, error) {
	return finish(roundEndCanvas(g, o))
}

// roundEndCanvas draws the end of the last round, or the final results,
// and returns the canvas and its alt text.
func roundEndCanvas(g *anludim.Game, o render.Options) (*render.Canvas, string, error) {
	if err := check(g); err != nil {
		return nil, "", err
	}
	if g.Over() {
		return resultsCanvas(g, o)
	}
	r, ok := g.LastRound()
	if !ok {
		return nil, "", ErrNoRound
	}
	l := o.Language()
	n := g.Seats()
	head := endHeadH
	if _, tied := roundTie(r); tied {
		head += endTieH
	}
	h := 2*render.Margin + head + n*(endRowH+endGap) - endGap + endFootH
	c := roundPalette.Blank(picW, h, l)
	drawRoundHead(c, g, r, o.Names, c.T("anludim.picture.round_end.title", "Round", r.Round), head)
	withItems := itemsStillHeld(g)
	y := render.Margin + head
	for _, s := range byTotal(r) {
		drawRoundRow(c, g, s, r.Values[s], s == r.Winner, withItems, o.Names, render.Rect(render.Margin, y, innerW, endRowH))
		y += endRowH + endGap
	}
	fy := float64(h - render.Margin - 10)
	if g.Keeping() {
		drawNamed(c, o.Names, nextFirst(g, r), "anludim.picture.round_end.next", "", float64(render.Margin+4), fy, float64(innerW-8),
			render.Sans(18), render.Ink, 0, "Round", g.Round()+1)
	} else if g.Round() > r.Round {
		label(c, c.T("anludim.picture.round_end.started", "Round", g.Round()), float64(render.Margin+4), fy, float64(innerW-8), render.Sans(18), render.Ink)
	}
	return c, roundAlt(l, g, r, o.Names, withItems), nil
}

// itemsStillHeld reports whether the seats still hold the items of the
// round that ended: they do while the cards to keep are chosen.
func itemsStillHeld(g *anludim.Game) bool { return g.Keeping() && g.RoundsFinished() == g.Round() }

// roundTie reports whether r was won on a tie of totals, and at what
// total: the tie went to the tied seat nearest in turn order to the one
// that ended the round, starting with it (ruling 8). A round won by the
// five kinds is won whatever the totals.
func roundTie(r anludim.RoundSummary) (total int, tied bool) {
	if r.Reason == anludim.EndFiveKinds || r.Winner < 0 || r.Winner >= len(r.Values) {
		return 0, false
	}
	w := r.Values[r.Winner]
	for s, v := range r.Values {
		if s != r.Winner && v == w {
			return w, true
		}
	}
	return 0, false
}

// tieText says how a tied round was won, in a sentence naming its winner
// and the seat that ended it.
func tieText(l i18n.Lang, r anludim.RoundSummary, names []string) string {
	total, _ := roundTie(r)
	key := "anludim.tie.next"
	if r.Winner == r.Trigger {
		key = "anludim.tie.trigger"
	}
	return render.T(l, key, "Total", total, "Name", render.AltName(l, names, r.Winner), "Trigger", render.AltName(l, names, r.Trigger))
}

// nextFirst is the seat that starts the round after r: the one after the
// seat that ended it (ruling 11).
func nextFirst(g *anludim.Game, r anludim.RoundSummary) int { return (r.Trigger + 1) % g.Seats() }

// byTotal orders the seats: the round's winner, then by total, then in
// seat order.
func byTotal(r anludim.RoundSummary) []int {
	seats := make([]int, len(r.Values))
	for i := range seats {
		seats[i] = i
	}
	slices.SortStableFunc(seats, func(a, b int) int {
		if (a == r.Winner) != (b == r.Winner) {
			if a == r.Winner {
				return -1
			}
			return 1
		}
		return r.Values[b] - r.Values[a]
	})
	return seats
}

// drawRoundHead draws a heading head pixels high: the title, the round's
// winner with their crest, why the round ended and, when the totals tied,
// how the tie was broken.
func drawRoundHead(c *render.Canvas, g *anludim.Game, r anludim.RoundSummary, names []string, title string, head int) {
	x0 := float64(render.Margin)
	label(c, title, x0+4, render.Margin+34, float64(innerW-8), render.Title(32), render.Ink)
	c.BlitOver(crestSprite(g.Gold(r.Winner), g.RoundsWon(r.Winner)), image.Pt(render.Margin+4, render.Margin+50))
	drawNamed(c, names, r.Winner, "anludim.picture.round_end.winner", "", x0+40, render.Margin+74, float64(innerW-44),
		render.Sans(24), render.Ink, 0, "Round", r.Round)
	drawReason(c, r, names, x0+4, render.Margin+104, float64(innerW-8), render.Cond(17))
	if total, tied := roundTie(r); tied {
		drawNamed(c, names, r.Trigger, "anludim.picture.round_end.tie", "", x0+4, render.Margin+104+endTieH, float64(innerW-8),
			render.Cond(17), render.InkSoft, 0, "Total", total)
	}
	c.Fill(image.Rect(render.Margin, render.Margin+head-10, picW-render.Margin, render.Margin+head-8), render.ParchmentDark)
}

// drawReason draws why a round ended, shortening the name of the seat that
// ended it if need be.
func drawReason(c *render.Canvas, r anludim.RoundSummary, names []string, x, y, width float64, f render.FontSpec) {
	drawNamed(c, names, r.Trigger, "anludim.picture.round_end.why", "", x, y, width, f, render.InkSoft, 0,
		"Reason", render.T(c.Lang, "anludim.end."+string(r.Reason)))
}

// drawRoundRow draws one seat's line at the end of a round in box.
func drawRoundRow(c *render.Canvas, g *anludim.Game, seat, value int, winner, withItems bool, names []string, box image.Rectangle) {
	c.FillRR(box, 10, render.ParchmentDark)
	if winner {
		c.StrokeRR(box, 10, 3, render.Gold)
	}
	x := float64(box.Min.X + 10)
	top := box.Min.Y
	c.BlitOver(crestSprite(g.Gold(seat), g.RoundsWon(seat)), image.Pt(int(x), top+8))
	vw := c.Text(strconv.Itoa(value), float64(box.Max.X-12), float64(top+42), render.Sans(30), render.Ink, 1)
	lw := c.Text(c.T("anludim.picture.total"), float64(box.Max.X-12)-vw-8, float64(top+40), render.Cond(16), render.InkSoft, 1)
	nx := x + crestW + 10
	won := " · " + c.T("anludim.picture.rounds_won", "Count", g.RoundsWon(seat))
	room := float64(box.Max.X-12) - vw - lw - nx - 24
	nw := c.TextFit(nameOf(c.Lang, names, seat), nx, float64(top+28), room-min(c.Measure(won, render.Cond(16)), room/2), render.Sans(20), render.Ink)
	label(c, won, nx+nw, float64(top+28), room-nw, render.Cond(16), render.InkSoft)
	if withItems {
		items := itemsOf(g, seat)
		if len(items) == 0 {
			c.Text(c.T("anludim.picture.no_items"), nx, float64(top+56), render.Cond(16), render.InkSoft, 0)
		} else {
			drawItemRun(c, items, nx, float64(top+50), float64(box.Max.X-12)-vw-lw-nx-24, false)
		}
	}
}

// roundAlt describes the end of a round in words: who won it, on whose
// turn and why it ended, how a tie was broken, each seat's total, rounds
// won and crest (and, while the cards to keep are chosen, the items it
// held: by value, or by kind when that is too long), and who starts the
// next round.
func roundAlt(l i18n.Lang, g *anludim.Game, r anludim.RoundSummary, names []string, withItems bool) string {
	at := func(values, items bool) func() string {
		return func() string {
			parts := []string{render.T(l, "anludim.picture.round_end.title", "Round", r.Round) + ".",
				render.T(l, "anludim.picture.round_end.winner", "Name", render.AltName(l, names, r.Winner), "Round", r.Round) + ".",
				render.T(l, "anludim.alt.round_end.why", "Name", render.AltName(l, names, r.Trigger), "Reason", render.T(l, "anludim.end."+string(r.Reason)))}
			if _, tied := roundTie(r); tied {
				parts = append(parts, tieText(l, r, names))
			}
			for _, s := range byTotal(r) {
				d := render.T(l, "anludim.alt.round_seat", "Name", render.AltName(l, names, s), "Total", r.Values[s],
					"Won", render.T(l, "anludim.picture.rounds_won", "Count", g.RoundsWon(s)), "Crest", crestText(l, g, s))
				if it := heldText(l, g, s, values); items && it != "" {
					d += " " + render.T(l, "anludim.alt.held", "Items", it)
				}
				parts = append(parts, d)
			}
			if g.Keeping() {
				parts = append(parts, render.T(l, "anludim.picture.round_end.next", "Name", render.AltName(l, names, nextFirst(g, r)), "Round", g.Round()+1)+".")
			}
			return strings.Join(parts, " ")
		}
	}
	return fitAlt(l, at(true, withItems), at(false, withItems), at(false, false))
}

// The final results: a heading with the winner, one line per seat by
// rank, then each round's winner.
const (
	resRowH   = 76 // with one line of details; each more adds resLineH
	resLineH  = 22
	resRoundH = 26
)

// DrawResults draws the final results of a finished game: the winner; for
// each seat by rank, its medal, crest, name, rounds won, the value it held
// at the rounds' ends added up, the rounds it won with the five kinds and
// whether that value broke a tie; then each round's winner and why it
// ended. It returns render.ErrNotOver before the game has ended.
func DrawResults(g *anludim.Game, o render.Options) (render.Picture, error) {
	return finish(resultsCanvas(g, o))
}

// resultsCanvas draws the final results and returns the canvas and its alt
// text.
func resultsCanvas(g *anludim.Game, o render.Options) (*render.Canvas, string, error) {
	if err := check(g); err != nil {
		return nil, "", err
	}
	if !g.Over() {
		return nil, "", render.ErrNotOver
	}
	l := o.Language()
	res := ranked(g)
	rounds := g.Rounds()
	// Each seat's details go on as many lines as they need.
	f := render.Cond(16)
	detailW := float64(innerW - 74)
	scratch := render.NewSprite(1, 1, render.Parchment)
	details := make([][]string, len(res))
	h := 2*render.Margin + endHeadH + 34 + len(rounds)*resRoundH + 6
	for i, r := range res {
		details[i] = wrapParts(scratch, resultParts(l, r), detailW, f)
		h += resRowH + (len(details[i])-1)*resLineH + endGap
	}
	scratch.Release()
	c := resultsPalette.Blank(picW, h, l)
	x0 := float64(render.Margin)
	label(c, c.T("anludim.picture.results.title"), x0+4, render.Margin+34, float64(innerW-8), render.Title(32), render.Ink)
	w := g.Winner()
	c.BlitOver(crestSprite(g.Gold(w), g.RoundsWon(w)), image.Pt(render.Margin+4, render.Margin+50))
	drawNamed(c, o.Names, w, "anludim.picture.results.winner", "", x0+40, render.Margin+74, float64(innerW-44), render.Sans(24), render.Ink, 0)
	label(c, c.T("anludim.picture.results.rounds_played", "Count", len(rounds)), x0+4, render.Margin+104, float64(innerW-8),
		render.Cond(17), render.InkSoft)
	c.Fill(image.Rect(render.Margin, render.Margin+endHeadH-10, picW-render.Margin, render.Margin+endHeadH-8), render.ParchmentDark)
	y := render.Margin + endHeadH
	for i, r := range res {
		rowH := resRowH + (len(details[i])-1)*resLineH
		box := render.Rect(render.Margin, y, innerW, rowH)
		c.FillRR(box, 10, render.ParchmentDark)
		if r.Rank == 1 {
			c.StrokeRR(box, 10, 3, render.Gold)
		}
		render.DrawMedal(c, float64(box.Min.X)+32, float64(y)+resRowH/2, r.Rank)
		x := float64(box.Min.X + 62)
		c.BlitOver(crestSprite(g.Gold(r.Seat), g.RoundsWon(r.Seat)), image.Pt(int(x), y+8))
		rw := c.Text(c.T("anludim.picture.rounds_won", "Count", r.Score), float64(box.Max.X-12), float64(y+30), render.Sans(20), render.Ink, 1)
		nx := x + crestW + 10
		c.TextFit(nameOf(l, o.Names, r.Seat), nx, float64(y+30), float64(box.Max.X-12)-rw-nx-16, render.Sans(22), render.Ink)
		for k, line := range details[i] {
			label(c, line, float64(box.Min.X+62), float64(y+60+k*resLineH), detailW, f, render.InkSoft)
		}
		y += rowH + endGap
	}
	c.Text(c.T("anludim.picture.results.rounds"), x0+4, float64(y+22), render.Sans(19), render.Ink, 0)
	y += 34
	for _, r := range rounds {
		drawNamed(c, o.Names, r.Winner, "anludim.picture.results.round", "", x0+8, float64(y+18), float64(innerW-12), f, render.Ink, 0,
			"Round", r.Round, "Reason", render.T(l, "anludim.end."+string(r.Reason)))
		y += resRoundH
	}
	return c, resultsAlt(l, g, res, rounds, o.Names), nil
}

// ranked returns the results best first.
func ranked(g *anludim.Game) []anludim.Result {
	res := g.Results()
	slices.SortStableFunc(res, func(a, b anludim.Result) int {
		if a.Rank != b.Rank {
			return a.Rank - b.Rank
		}
		return a.Seat - b.Seat
	})
	return res
}

// rowPoints returns a result's row of a category.
func rowPoints(r anludim.Result, category string) int {
	for _, row := range r.Rows {
		if row.Category == category {
			return row.Points
		}
	}
	return 0
}

// resultParts are a seat's value over the rounds, its rounds won with the
// five kinds, and the tie-break when the value settled its rank.
func resultParts(l i18n.Lang, r anludim.Result) []string {
	s := []string{render.T(l, "anludim.picture.results.value", "Value", rowPoints(r, anludim.RowValue))}
	if k := rowPoints(r, anludim.RowFiveKinds); k > 0 {
		s = append(s, render.T(l, "anludim.picture.results.five", "Count", k))
	}
	if r.TieBreak != "" {
		s = append(s, render.T(l, "anludim.picture.results.tie"))
	}
	return s
}

// wrapParts joins parts with " · " into lines no wider than width.
func wrapParts(c *render.Canvas, parts []string, width float64, f render.FontSpec) []string {
	var lines []string
	for _, p := range parts {
		if n := len(lines); n > 0 && c.Measure(lines[n-1]+" · "+p, f) <= width {
			lines[n-1] += " · " + p
			continue
		}
		lines = append(lines, p)
	}
	return lines
}

// resultsAlt describes the final results in words: the winner, each
// seat by rank with its rounds won, the value it held and what broke a
// tie, then each round's winner, why it ended and the totals (without
// the totals when that is too long).
func resultsAlt(l i18n.Lang, g *anludim.Game, res []anludim.Result, rounds []anludim.RoundSummary, names []string) string {
	at := func(totals bool) func() string {
		return func() string {
			parts := []string{render.T(l, "anludim.picture.results.title") + ".",
				render.T(l, "anludim.picture.results.winner", "Name", render.AltName(l, names, g.Winner())) + "."}
			for _, r := range res {
				parts = append(parts, render.T(l, "anludim.alt.result", "Rank", r.Rank, "Name", render.AltName(l, names, r.Seat),
					"Won", render.T(l, "anludim.picture.rounds_won", "Count", r.Score), "Details", strings.Join(resultParts(l, r), ", ")))
			}
			for _, r := range rounds {
				line := render.T(l, "anludim.picture.results.round", "Round", r.Round, "Name", render.AltName(l, names, r.Winner),
					"Reason", render.T(l, "anludim.end."+string(r.Reason)))
				if totals {
					vals := make([]string, len(r.Values))
					for s, v := range r.Values {
						vals[s] = render.AltName(l, names, s) + " " + strconv.Itoa(v)
					}
					line += " (" + strings.Join(vals, ", ") + ")"
				}
				line += "."
				if total, tied := roundTie(r); tied {
					line += " " + render.T(l, "anludim.picture.round_end.tie", "Total", total, "Name", render.AltName(l, names, r.Trigger)) + "."
				}
				parts = append(parts, line)
			}
			return strings.Join(parts, " ")
		}
	}
	return fitAlt(l, at(true), at(false))
}
