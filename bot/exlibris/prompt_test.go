package exlibris

import (
	"testing"

	"atheneum/i18n"
)

// TestAMenuNamesEachKeyAsAloneItWouldBeNamed: a keyNamer works out what
// the places of a menu share once, at the first place it names, and keeps
// it for the others; at positions of games at every setup, every key at
// every step of a seat's moves (the first steps of each) is named by the
// namer shared by its menu exactly as a namer of its own names it, in
// both languages.
func TestAMenuNamesEachKeyAsAloneItWouldBeNamed(t *testing.T) {
	every, budget := 25, 60
	if raceEnabled {
		every, budget = 80, 20
	}
	named, places := 0, 0
	for i, p := range positions(t, every) {
		l := i18n.Langs[i%len(i18n.Langs)]
		rec := standalone(p.st, string(l), i)
		for _, seat := range p.st.Awaited() {
			d, _ := p.st.Game.Decision(seat)
			left := budget
			var visit func(path []string)
			visit = func(path []string) {
				if left == 0 {
					return
				}
				left--
				next := p.st.Next(seat, path)
				n := newKeyNamer(l, rec, seat, d.Kind, path)
				for _, c := range next {
					text, desc := n.name(c.Key)
					wantText, wantDesc := keyLabel(l, rec, seat, d.Kind, path, c.Key)
					if text != wantText || desc != wantDesc {
						t.Errorf("at %s, seat %d, after %q: the menu names %s %q (%q), alone it is %q (%q)",
							p.st.StepKey(), seat, path, c.Key, text, desc, wantText, wantDesc)
					}
					named++
					if kindOfKey(d.Kind, len(path), c.Key) == keyPlace {
						places++
					}
				}
				for _, c := range next {
					if c.Move == "" {
						visit(append(path[:len(path):len(path)], c.Key))
					}
				}
			}
			visit(nil)
		}
	}
	if places < 100 || named < 1000 {
		t.Errorf("only %d keys were named, %d of them places", named, places)
	}
	t.Logf("%d keys named, %d of them places", named, places)
}
