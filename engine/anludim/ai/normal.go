package ai

import (
	"slices"

	"atheneum/engine/anludim"
)

// Normal is the heuristic player: it takes back combinations that lost
// their professor, plays for the professor worth most to it (income,
// denial, the five kinds) when that beats the cards it costs, and otherwise
// recruits the face-up card that fits its hand, or two unseen cards.
type Normal struct {
	buf []anludim.Move
}

// Level returns "normal".
func (p *Normal) Level() string { return "normal" }

// Propose returns the heuristic's move.
func (p *Normal) Propose(view *anludim.Game, seat int) anludim.Move {
	if view.Keeping() {
		return keepMove(view, seat)
	}
	p.buf = view.AppendLegal(p.buf[:0], seat)
	for _, m := range p.buf {
		// A combination that lost its pawn only ties cards up.
		if m.Kind == anludim.TakeBack && !view.HoldsPawn(m.Card) {
			return m
		}
	}
	if view.MainDone() {
		return anludim.Move{Seat: seat, Kind: anludim.EndTurn}
	}
	play, score, canPlay := bestScoredPlay(view, seat)
	if canPlay && score > playThreshold {
		return play
	}
	if m, ok := recruitMove(view, seat, p.buf); ok {
		return m
	}
	if canPlay {
		return play // nothing to recruit: even a poor play beats none
	}
	for _, m := range p.buf {
		if m.Kind != anludim.Undo {
			return m
		}
	}
	return anludim.Move{Seat: seat, Kind: anludim.EndTurn}
}

// playThreshold: a play must be worth more than this (in item points) to
// beat recruiting.
const playThreshold = 0.4

// bestScoredPlay returns the best play by playScore.
func bestScoredPlay(view *anludim.Game, seat int) (anludim.Move, float64, bool) {
	var best anludim.Move
	bestScore, found := 0.0, false
	for _, m := range view.BestPlays(seat) {
		s := playScore(view, seat, m)
		if !found || s > bestScore {
			best, bestScore, found = m, s, true
		}
	}
	return best, bestScore, found
}

// playScore estimates what a play is worth in item points.
func playScore(view *anludim.Game, seat int, m anludim.Move) float64 {
	pr := m.Prof
	holder := view.ProfessorSeat(pr)
	if holder == seat {
		return -1 // raising one's own bar earns nothing now
	}
	stack := view.Stack(pr)
	kinds := 0
	for k := anludim.ItemKind(0); k < anludim.NumProfessors; k++ {
		if view.HasKind(seat, k) {
			kinds++
		}
	}
	lacking := !view.HasKind(seat, anludim.ItemKind(pr))
	if lacking && kinds == 4 {
		return 100 // the fifth kind ends the round in our favour this turn
	}
	s := 0.0
	if len(stack) > 0 {
		s += float64(stack[0])
		if len(stack) > 1 {
			s += 0.4 * float64(stack[1])
		}
		if holder >= 0 {
			s += 0.5 * float64(stack[0]) // the holder stops earning
		}
	}
	if lacking {
		s += 0.3 * float64(kinds)
	}
	hand := view.Hand(seat)
	used := 0
	for _, u := range m.Cards {
		if slices.Contains(hand, u.Card) {
			used++
		}
	}
	s -= 0.3 * float64(used)
	if used < len(m.Cards) {
		// Expert: cards taken from our own combinations dissolve them, and
		// a pawn on one of them goes back to the board.
		for _, c := range view.Combinations(seat) {
			if !c.Holds || c.Prof == pr {
				continue
			}
			for _, u := range c.Uses {
				if containsUse(m.Cards, u.Card) {
					if st := view.Stack(c.Prof); len(st) > 0 {
						s -= float64(st[0]) + 0.5
					}
					break
				}
			}
		}
	}
	return s
}

func containsUse(uses []anludim.Use, card int) bool {
	return slices.ContainsFunc(uses, func(u anludim.Use) bool { return u.Card == card })
}

// fit scores how well card c goes with the other cards in hand: shared
// values make pairs, trios and gatherings, shared colours
// flushes, neighbouring values runs.
func fit(c int, hand []int) float64 {
	info, _ := anludim.Card(c)
	best := 0.0
	for side := 0; side < 2; side++ {
		r := info.Side(side)
		total := 0.0
		for _, h := range hand {
			if h == c {
				continue
			}
			hi, _ := anludim.Card(h)
			m := 0.0
			for hs := 0; hs < 2; hs++ {
				o := hi.Side(hs)
				x := 0.0
				switch {
				case o.Value == r.Value && o.Colour != r.Colour:
					x = 1
				case o.Value == r.Value:
					x = 0.6
				case o.Colour == r.Colour:
					x = 0.35
				case o.Value == r.Value+1 || o.Value == r.Value-1:
					x = 0.3
				}
				if x > m {
					m = x
				}
			}
			total += m
		}
		if total > best {
			best = total
		}
	}
	return best
}

// recruitMove takes the face-up card that fits the hand well, else two
// unseen cards.
func recruitMove(view *anludim.Game, seat int, legal []anludim.Move) (anludim.Move, bool) {
	hand := view.Hand(seat)
	up := view.FaceUp()
	bestSlot, bestFit := -1, 0.0
	hidden := false
	for _, m := range legal {
		switch m.Kind {
		case anludim.RecruitHidden:
			hidden = true
		case anludim.RecruitFaceUp:
			if f := fit(up[m.Slot], hand); bestSlot < 0 || f > bestFit {
				bestSlot, bestFit = m.Slot, f
			}
		}
	}
	if bestSlot >= 0 && (!hidden || bestFit >= 1.6) {
		return anludim.Move{Seat: seat, Kind: anludim.RecruitFaceUp, Slot: bestSlot}, true
	}
	if hidden {
		return anludim.Move{Seat: seat, Kind: anludim.RecruitHidden}, true
	}
	return anludim.Move{}, false
}

// keepMove keeps, one at a time, the cards that fit the rest of the hand
// best, up to the crest's limit.
func keepMove(view *anludim.Game, seat int) anludim.Move {
	kept := view.Kept(seat)
	if len(kept) >= view.KeepLimit(seat) {
		return anludim.Move{Seat: seat, Kind: anludim.EndTurn}
	}
	hand := view.Hand(seat)
	best, bestFit := -1, 0.0
	for _, c := range hand {
		if slices.Contains(kept, c) {
			continue
		}
		if f := fit(c, hand); best < 0 || f > bestFit {
			best, bestFit = c, f
		}
	}
	if best < 0 {
		return anludim.Move{Seat: seat, Kind: anludim.EndTurn}
	}
	return anludim.Move{Seat: seat, Kind: anludim.Keep, Card: best}
}
