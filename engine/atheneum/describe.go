package atheneum

import (
	"fmt"
	"strings"
)

// Describe writes an event as a sentence for the channel feed. name gives a
// seat's display name. It returns "" for events too small to report on
// their own (a secret pick, a received benefit).
func (g *Game) Describe(e Event, name func(seat int) string) string {
	who := ""
	if e.Seat >= 0 && e.Seat < len(g.Seats) {
		who = name(e.Seat)
	}
	switch e.Type {
	case EvRevealed:
		return fmt.Sprintf("%s played %s.", who, e.Card)
	case EvPoints:
		return fmt.Sprintf("%s scored %d points from %s.", who, e.Points, e.Card)
	case EvWandLost:
		return fmt.Sprintf("%s's wand supply is empty: the wand is lost.", who)
	case EvSideShelfLost:
		return fmt.Sprintf("%s cannot take another side shelf: the benefit is lost.", who)
	case EvSpiderCaptured:
		return fmt.Sprintf("%s filled %s and captured its spider.", who, e.Comp.Long())
	case EvRewardChosen:
		return fmt.Sprintf("%s chose %s as the spider's reward.", who, rewardWords[e.Reward])
	case EvCandlePlaced:
		return fmt.Sprintf("%s placed a candle in candle space %d (%d points).", who, e.Candle+1, g.CandleValue(e.Seat, e.Candle))
	case EvSideShelfPlaced:
		side := "left"
		if e.Comp == CompRight {
			side = "right"
		}
		return fmt.Sprintf("%s placed side shelf S%d on the %s.", who, e.N, side)
	case EvObjectiveScored:
		s := fmt.Sprintf("%s scored objective %s for %d points", who, e.Objective, e.Points)
		if e.Wand {
			s += " and a wand back"
		}
		return s + "."
	case EvObjectiveLeft:
		return fmt.Sprintf("Objective %s left the row.", e.Objective)
	case EvObjectiveDrawn:
		return fmt.Sprintf("Objective %s joined the row.", e.Objective)
	case EvBagRefilled:
		return fmt.Sprintf("The bonus bag was empty: %d used tokens went back in.", e.N)
	case EvItemsLost:
		return fmt.Sprintf("%s finished with %d unused item(s), now lost.", who, e.N)
	case EvPhaseStarted:
		return "Phase B begins: new hands are dealt, and they now pass to the right."
	case EvTurnStarted:
		return fmt.Sprintf("Turn %d of 10 begins (phase %c, turn %d).", e.Phase*TurnsPerPhase+e.Turn, 'A'+e.Phase, e.Turn)
	case EvGameOver:
		return "The game is over."
	}
	return ""
}

var rewardWords = map[Reward]string{RewardWand: "a wand", RewardToken: "a bonus token", RewardBook: "a book of any colour", RewardSideShelf: "a side shelf"}

// Summary describes a batch of events as a few lines, leaving out the
// unremarkable ones.
func (g *Game) Summary(events []Event, name func(seat int) string) string {
	var lines []string
	for _, e := range events {
		if s := g.Describe(e, name); s != "" {
			lines = append(lines, s)
		}
	}
	return strings.Join(lines, "\n")
}

// Received lists, per seat, what it received at the last reveal, in words:
// "from A07 (you): a teal book, a teal book; from B03 (Ana): reshelve up to 1".
func (g *Game) Received(seat int, name func(seat int) string) string {
	if g.Step != StepResolve || g.Seats[seat].Played < 0 {
		return ""
	}
	var parts []string
	sources := [3]struct {
		from int
		sec  Section
	}{{seat, SectionSelf}, {g.LeftOf(seat), SectionToRight}, {g.RightOf(seat), SectionToLeft}}
	for _, src := range sources {
		card := &g.Content.Cards[g.Seats[src.from].Played]
		var what []string
		for _, b := range card.Sections[src.sec] {
			what = append(what, b.Describe())
		}
		who := "yours"
		if src.from != seat {
			who = name(src.from)
		}
		parts = append(parts, fmt.Sprintf("from %s (%s): %s", card.Code, who, strings.Join(what, ", ")))
	}
	return strings.Join(parts, "; ")
}
