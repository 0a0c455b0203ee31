package exlibris

import (
	"slices"
	"testing"

	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/store"
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

// BenchmarkPlaceMenus lays out the menus of collection places a seat is
// offered (the kit's Board with the face's layout, as each press shows
// them), one a loop, at positions of games at every setup: what naming
// the places costs a prompt.
func BenchmarkPlaceMenus(b *testing.B) {
	type menu struct {
		rec  *store.Game
		seat int
		l    i18n.Lang
		path []string
	}
	f := New().(*Face)
	var menus []menu
	for i, p := range positions(b, 40) {
		l := i18n.Langs[i%len(i18n.Langs)]
		rec := standalone(p.st, string(l), i)
		for _, seat := range p.st.Awaited() {
			d, _ := p.st.Game.Decision(seat)
			paths := [][]string{nil}
			for _, c := range p.st.Next(seat, nil) {
				if c.Move == "" {
					paths = append(paths, []string{c.Key})
				}
			}
			for _, path := range paths {
				if slices.ContainsFunc(p.st.Next(seat, path), func(c engine.Choice) bool {
					return kindOfKey(d.Kind, len(path), c.Key) == keyPlace
				}) {
					menus = append(menus, menu{rec, seat, l, path})
				}
			}
		}
	}
	if len(menus) < 20 {
		b.Fatalf("only %d menus of places met", len(menus))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := menus[i%len(menus)]
		if _, ok := f.Board(m.l, m.rec, m.seat, m.path, 0); !ok {
			b.Fatalf("no menu for seat %d at %q", m.seat, m.path)
		}
	}
}
