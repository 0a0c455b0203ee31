package atheneum

import (
	"strings"
	"testing"
)

func TestEventsDescribeAWholeGame(t *testing.T) {
	g, _ := NewGame(Config{Subjects: Colors[:3], Seed: 4})
	names := []string{"Ana", "Bo", "Cy"}
	name := func(i int) string { return names[i] }
	var all []Event
	p := NewRandomPlayer(4)
	received := ""
	_, err := p.Playout(g, func(a Action, ev []Event) error {
		all = append(all, ev...)
		if received == "" && g.Step == StepResolve {
			received = g.Received(0, name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	text := g.Summary(all, name)
	for _, want := range []string{"Ana played", "Turn 2 of 10 begins", "Phase B begins", "left the row", "The game is over."} {
		if !strings.Contains(text, want) {
			t.Errorf("the game's summary lacks %q", want)
		}
	}
	if !strings.Contains(received, "(yours)") || !strings.Contains(received, "(Bo)") || !strings.Contains(received, "(Cy)") {
		t.Errorf("Received(0) = %q: it must name the seat's own card and both neighbours'", received)
	}
}
