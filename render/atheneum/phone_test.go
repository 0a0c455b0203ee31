package atheneum

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// TestEveryPictureReadsOnAPhone draws every kind of picture for 2 to 5
// seats in both languages, at the start, in the middle (cards revealed,
// seats holding items) and at the end of a game, and checks its smallest
// text once the picture is shrunk to a phone's width (its font size, and
// the height of its smallest capitals and digits: a book's number, a
// subject's letter), and its height: at most MaxTall (1.6) times its
// width, or a phone shrinks it further to fit its screen.
func TestEveryPictureReadsOnAPhone(t *testing.T) {
	for seats := atheneum.MinSeats; seats <= atheneum.MaxSeats; seats++ {
		for _, l := range i18n.Langs {
			t.Run(fmt.Sprintf("every picture of a %d-seat game in %s has text of %d px and capitals of %d px or more at %d px wide", seats, l,
				render.PhoneText, render.PhoneCapHeight, render.PhoneWidth), func(t *testing.T) {
				t.Parallel()
				g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(40 + seats)})
				if err != nil {
					t.Fatal(err)
				}
				o := render.Options{Lang: l, Names: []string{"Ada", "Bartholomew the Long-Named", "Céline", "Dmitri", "Éloïse"}}
				states := []*atheneum.Game{g.Clone()}
				playUntil(t, g, uint64(seats), func(g *atheneum.Game) bool { return g.Phase == 1 && g.Step == atheneum.StepResolve })
				states = append(states, g.Clone())
				playUntil(t, g, uint64(seats), func(g *atheneum.Game) bool { return g.Step == atheneum.StepOver })
				states = append(states, g)
				drawn := map[string]bool{}
				for _, st := range states {
					for _, k := range kinds() {
						v := st.View(0)
						p, err := k.draw(v, 0, o)
						if errors.Is(err, ErrNotRevealed) || errors.Is(err, render.ErrNotOver) {
							continue
						}
						if err != nil {
							t.Fatalf("%s: %v", k.name, err)
						}
						drawn[k.name] = true
						checkPhone(t, k.name, st, p)
					}
					pages, err := DrawFinalShelves(st.View(atheneum.Spectator), o)
					if err != nil {
						t.Fatal(err)
					}
					for _, p := range pages {
						checkPhone(t, "final shelves", st, p)
					}
				}
				for _, k := range kinds() {
					if !drawn[k.name] {
						t.Errorf("no %s picture was drawn", k.name)
					}
				}
			})
		}
	}
}

// checkPhone fails when picture p, a kind drawn from state st, would not
// read on a phone: text or capitals too small once shrunk to its width,
// or too tall.
func checkPhone(t *testing.T, kind string, st *atheneum.Game, p render.Picture) {
	t.Helper()
	if msg := p.PhoneProblem(); msg != "" {
		t.Errorf("%s at %v: %s", kind, st, msg)
	}
	if msg := p.PhoneCapProblem(); msg != "" {
		t.Errorf("%s at %v: %s", kind, st, msg)
	}
	if float64(p.Height) > MaxTall*float64(p.Width) {
		t.Errorf("%s at %v is %d×%d px, taller than %.1f times its width", kind, st, p.Width, p.Height, MaxTall)
	}
}

// TestTallSideShelvesFitAPhone draws shelves with the tallest side shelves
// of the content pack, on one side and on both, alone and on the
// workbench with a side shelf to place: they stay at most MaxTall times as
// tall as wide, and their text reads on a phone.
func TestTallSideShelvesFitAPhone(t *testing.T) {
	ct, err := atheneum.Load("atheneum-3")
	if err != nil {
		t.Fatal(err)
	}
	// The tallest side shelves of the pack, then the widest.
	var tall, wide atheneum.SideShelfSpec
	for _, sp := range ct.SideShelves {
		if sp.Levels > tall.Levels {
			tall = sp
		}
		if sp.Width > wide.Width {
			wide = sp
		}
	}
	empty := func(sp atheneum.SideShelfSpec) string {
		rows := make([]string, sp.Levels)
		for i := range rows {
			rows[i] = strings.Repeat(".", sp.Width)
		}
		return fmt.Sprint(sp.ID) + ":" + strings.Join(rows, "/")
	}
	for _, sides := range []string{"L" + empty(tall), "R" + empty(tall), "L" + empty(tall) + " R" + empty(wide), ""} {
		for _, l := range i18n.Langs {
			t.Run(fmt.Sprintf("shelves with side shelves %q in %s", sides, l), func(t *testing.T) {
				g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 7, Content: ct})
				if err != nil {
					t.Fatal(err)
				}
				playUntil(t, g, 1, func(g *atheneum.Game) bool { return g.Step == atheneum.StepResolve })
				if err := g.SetShelves(0, "I:TVGP "+sides); err != nil {
					t.Fatal(err)
				}
				g.Seats[0].Held = append(g.Seats[0].Held, atheneum.Item{ID: 99, Kind: atheneum.ItemSideShelf})
				o := render.Options{Lang: l}
				for _, m := range []Marks{{}, {Item: 99}} {
					p, err := DrawShelves(g, 0, m, o)
					if err != nil {
						t.Fatal(err)
					}
					checkPhone(t, fmt.Sprintf("shelves marked %+v", m), g, p)
				}
				pages, err := DrawFinalShelves(g, o)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range pages {
					checkPhone(t, "final shelves", g, p)
				}
			})
		}
	}
}

// TestAFullHandFitsAPhoneScreen holds a hand of six cards, with the
// objective row below it, to at most 1.6 times as tall as it is wide:
// Discord caps a picture's height on a phone, and a taller one would be
// shrunk further.
func TestAFullHandFitsAPhoneScreen(t *testing.T) {
	for seats := atheneum.MinSeats; seats <= atheneum.MaxSeats; seats++ {
		for _, l := range i18n.Langs {
			t.Run(fmt.Sprintf("a %d-seat game's first hand in %s is at most 1.6 times as tall as wide", seats, l), func(t *testing.T) {
				g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(seats)})
				if err != nil {
					t.Fatal(err)
				}
				if n := len(g.Seats[0].Hand); n != 6 {
					t.Fatalf("the first hand has %d cards, not 6", n)
				}
				p, err := DrawHand(g.View(0), 0, render.Options{Lang: l})
				if err != nil {
					t.Fatal(err)
				}
				if float64(p.Height) > 1.6*float64(p.Width) {
					t.Errorf("%d×%d px", p.Width, p.Height)
				}
			})
		}
	}
}
