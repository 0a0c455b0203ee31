package anludim

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

// longNames are display names as long as Discord allows (32 characters),
// the most an alt text has to hold.
var longNames = []string{
	"Aurélie-Héloïse de Montmorency", "Bartholomew the Long-Named Third",
	"Éléonore Fitzgerald-Wellington", "Ignatius Maximilian Vandermeer",
	"Olympe Marguerite d'Haussonville",
}

// altTexts are the alt texts of every picture of g as l reads them: the
// table, the item stacks, each seat's hand, and the end of the last round
// or the final results.
func altTexts(l i18n.Lang, g *anludim.Game, names []string) map[string]string {
	alts := map[string]string{
		"table": tableAlt(l, g, names),
		"items": itemsAlt(l, g, names, emptyStacks(g)),
	}
	for s := range g.Seats() {
		cards, hidden, kept := handShown(g, s)
		alts[fmt.Sprintf("hand %d", s)] = handAlt(l, g, s, names, cards, hidden, kept)
	}
	switch r, ok := g.LastRound(); {
	case g.Over():
		alts["results"] = resultsAlt(l, g, ranked(g), g.Rounds(), names)
	case ok:
		alts["round end"] = roundAlt(l, g, r, names, itemsStillHeld(g))
	}
	for k, v := range alts {
		alts[k] = Tidy(l, v)
	}
	return alts
}

// TestEveryAltTextFitsWhole plays a game of every size, base and expert,
// and reads the alt text of every picture at every step, in both
// languages, with short names and with the longest Discord allows: each
// fits in Discord's 1024 characters (counted in bytes, as render.Finish
// cuts) as it is, so that nothing is ever cut off; a crowded table is
// told more briefly instead. The longest of each kind is logged.
func TestEveryAltTextFitsWhole(t *testing.T) {
	for seats := anludim.MinSeats; seats <= anludim.MaxSeats; seats++ {
		for _, expert := range []bool{false, true} {
			if raceEnabled && expert != (seats%2 == 1) {
				continue
			}
			t.Run(fmt.Sprintf("a %d-seat game (expert %v)", seats, expert), func(t *testing.T) {
				t.Parallel()
				seed := uint64(300 + 10*seats)
				if expert {
					seed++
				}
				g := newGame(t, seed, seats, expert)
				ps := players(t, seats, seed, "normal", "random")
				longest := map[string]int{}
				every := 1
				if testing.Short() || raceEnabled {
					every = 7
				}
				for step := 0; ; step++ {
					if step%every == 0 || g.Over() || g.Keeping() {
						for _, l := range i18n.Langs {
							for _, names := range [][]string{testNames, longNames} {
								for kind, alt := range altTexts(l, g, names) {
									longest[kind] = max(longest[kind], len(alt))
									if len(alt) > render.AltLimit || alt == "" || strings.Contains(alt, "[anludim.") {
										t.Fatalf("%s, step %d: the %s alt text has %d bytes: %q", l, step, kind, len(alt), alt)
									}
								}
							}
						}
					}
					if g.Over() {
						break
					}
					playUntil(t, g, ps, stopAfter(1))
				}
				t.Logf("longest alt texts, in bytes: %v", longest)
			})
		}
	}
}

// TestAPictureKeepsItsWholeAltText draws the most crowded pictures with
// the longest names in French, the longest language: the picture's alt
// text is the whole description, never cut with an ellipsis.
func TestAPictureKeepsItsWholeAltText(t *testing.T) {
	o := render.Options{Lang: i18n.French, Names: longNames}
	five := fiveSeatState(t)
	over := overState(t)
	end := roundEndState(t)
	cases := []struct {
		what string
		draw func() (render.Picture, error)
		alt  string
	}{
		{"the crowded five-seat table", func() (render.Picture, error) { return DrawTable(five, o) },
			tableAlt(i18n.French, five, longNames)},
		{"the end of a round with every seat's items", func() (render.Picture, error) { return DrawRoundEnd(end, o) },
			roundAlt(i18n.French, end, mustLastRound(t, end), longNames, itemsStillHeld(end))},
		{"the final results", func() (render.Picture, error) { return DrawResults(over, o) },
			resultsAlt(i18n.French, over, ranked(over), over.Rounds(), longNames)},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			p, err := c.draw()
			if err != nil {
				t.Fatal(err)
			}
			if want := Tidy(i18n.French, c.alt); p.Alt != want {
				t.Errorf("the picture's alt text was cut:\n%q\nwant\n%q", p.Alt, want)
			}
		})
	}
}

func mustLastRound(t *testing.T, g *anludim.Game) anludim.RoundSummary {
	t.Helper()
	r, ok := g.LastRound()
	if !ok {
		t.Fatal("no round has ended")
	}
	return r
}

// TestTheTableAltTextGroupsEqualItems: items of one kind and value are
// told once with their number ("2 vials worth 1"), not one by one.
func TestTheTableAltTextGroupsEqualItems(t *testing.T) {
	g := roundEndState(t)
	for s := range g.Seats() {
		counts := map[anludim.Item]int{}
		for _, it := range g.Items(s) {
			counts[it]++
		}
		for it, n := range counts {
			want := i18n.English.T("anludim.alt.items.group", "Items", i18n.English.T("anludim.item."+it.Kind.ID()+".count", "Count", n), "Value", it.Value)
			if got := heldText(i18n.English, g, s, true); !strings.Contains(got, want) {
				t.Errorf("seat %d holds %d %s worth %d, told as %q", s, n, it.Kind.ID(), it.Value, got)
			}
		}
	}
	// Nothing held, nothing told.
	if got := heldText(i18n.English, newGame(t, 1, 3, false), 0, true); got != "" {
		t.Errorf("a seat holding nothing is told %q", got)
	}
}

// TestARoundWonOnATieSaysHowTheTieWasBroken: the end of a round whose
// winner tied on totals says that the tie went, in turn order, to the
// first tied seat from the one that ended the round; a round won by the
// five kinds, or outright, says nothing of it.
func TestARoundWonOnATieSaysHowTheTieWasBroken(t *testing.T) {
	names := []string{"Ada", "Basil", "Céline", "Dmitri"}
	cases := []struct {
		what  string
		r     anludim.RoundSummary
		tied  bool
		words []string
	}{
		{"a tie the seat that ended the round wins", anludim.RoundSummary{Round: 1, Winner: 0, Trigger: 0, Reason: anludim.EndStacks, Values: []int{17, 17, 15}},
			true, []string{"Tie at 17", "the round goes to Ada, who ended it"}},
		{"a tie the next seat wins", anludim.RoundSummary{Round: 1, Winner: 2, Trigger: 1, Reason: anludim.EndStacks, Values: []int{16, 11, 16, 8}},
			true, []string{"Tie at 16", "the round goes to Céline", "after Basil, who ended it"}},
		{"a round won outright", anludim.RoundSummary{Round: 1, Winner: 1, Trigger: 0, Reason: anludim.EndStacks, Values: []int{10, 12}},
			false, nil},
		{"a round won by the five kinds, totals tied or not", anludim.RoundSummary{Round: 1, Winner: 1, Trigger: 1, Reason: anludim.EndFiveKinds, Values: []int{12, 12}},
			false, nil},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			if _, tied := roundTie(c.r); tied != c.tied {
				t.Fatalf("tied is %v", tied)
			}
			if !c.tied {
				return
			}
			text := tieText(i18n.English, c.r, names)
			for _, w := range c.words {
				if !strings.Contains(text, w) {
					t.Errorf("%q does not say %q", text, w)
				}
			}
			if fr := Tidy(i18n.French, tieText(i18n.French, c.r, names)); !strings.HasPrefix(fr, "Égalité à") || strings.Contains(fr, "[") {
				t.Errorf("in French: %q", fr)
			}
		})
	}
	t.Run("the picture of a tied round and its alt text say it", func(t *testing.T) {
		g := tieState(t)
		for _, l := range i18n.Langs {
			alt := Tidy(l, roundAlt(l, g, mustLastRound(t, g), testNames, true))
			if want := Tidy(l, tieText(l, mustLastRound(t, g), testNames)); !strings.Contains(alt, want) {
				t.Errorf("%s: the alt text %q does not say %q", l, alt, want)
			}
		}
	})
}

// TestRoundAndResultsAltTextsReadAsSentences: each sentence of the end of
// a round and of the results begins with a capital (no "…: Why:", no
// lowercase after a full stop), and French puts its space before a colon.
func TestRoundAndResultsAltTextsReadAsSentences(t *testing.T) {
	end, over := roundEndState(t), overState(t)
	for _, l := range i18n.Langs {
		for what, alt := range map[string]string{
			"round end": Tidy(l, roundAlt(l, end, mustLastRound(t, end), testNames, true)),
			"results":   Tidy(l, resultsAlt(l, over, ranked(over), over.Rounds(), testNames)),
		} {
			for _, sentence := range strings.Split(alt, ". ")[1:] {
				if first := []rune(sentence)[0]; first >= 'a' && first <= 'z' {
					t.Errorf("%s %s: a sentence begins in lowercase: %q", l, what, sentence)
				}
			}
			if strings.Contains(alt, ": Why") || strings.Contains(alt, ": Pourquoi") {
				t.Errorf("%s %s: %q", l, what, alt)
			}
			if l == i18n.French && strings.Contains(strings.ReplaceAll(alt, "<t:", ""), "1:") {
				t.Errorf("French %s has a colon with no space before it: %q", what, alt)
			}
		}
	}
}

// TestTidyWritesFrenchAsWritten: "de" and "que" elide before a vowel,
// not before a consonant, an h or a y; an "l'" opening a sentence takes
// its capital; English is left alone.
func TestTidyWritesFrenchAsWritten(t *testing.T) {
	cases := []struct{ in, want string }{
		{"au tour de Ada", "au tour d'Ada"},
		{"Main de Éloïse", "Main d'Éloïse"},
		{"Les cartes que **Ada** n'a pas", "Les cartes qu'**Ada** n'a pas"},
		{"De Ada à Basil", "D'Ada à Basil"},
		{"au tour de Basil", "au tour de Basil"},
		{"au tour de Hugo", "au tour de Hugo"},
		{"au tour de Yann", "au tour de Yann"},
		{"au tour de l'IA normale", "au tour de l'IA normale"},
		{"de 8 cartes", "de 8 cartes"},
		{"monde entier", "monde entier"},
		{"**l'IA normale** pioche 2 cartes.", "**L'IA normale** pioche 2 cartes."},
		{"Fin. l'IA normale gagne", "Fin. L'IA normale gagne"},
		{"ligne\n· **l'IA normale** pioche", "ligne\n· **L'IA normale** pioche"},
		{"c'est à l'IA normale de jouer", "c'est à l'IA normale de jouer"},
		{"Totaux : Ada 17 · l'IA normale 15.", "Totaux : Ada 17 · l'IA normale 15."},
	}
	for _, c := range cases {
		if got := Tidy(i18n.French, c.in); got != c.want {
			t.Errorf("Tidy(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := Tidy(i18n.English, "de Ada. l'IA"); got != "de Ada. l'IA" {
		t.Errorf("English was changed: %q", got)
	}
	if got := UpperFirst("the Seer"); got != "The Seer" {
		t.Errorf("UpperFirst gave %q", got)
	}
	if got := UpperFirst("élan"); got != "Élan" {
		t.Errorf("UpperFirst gave %q", got)
	}
}

// The replacements Tidy writes out by hand, as they were written first.
var (
	elisionRE        = regexp.MustCompile(`(^|[^\p{L}\p{N}'’])([Dd]|[Qq]u)e ((?:\*\*|_)?)([AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü])`)
	openingArticleRE = regexp.MustCompile(`(^|\n|[.!?] +)((?:· )?(?:\*\*)?)l'`)
)

// tidyRE is Tidy's French as the two regular expressions give it.
func tidyRE(s string) string {
	s = elisionRE.ReplaceAllString(s, "${1}${2}'${3}${4}")
	return openingArticleRE.ReplaceAllString(s, "${1}${2}L'")
}

// TestTidyIsTheRegularExpressions: Tidy gives what the two regular
// expressions it stands for give (see Tidy), on every French alt text of
// a whole game and on strings made of the pieces the expressions look at,
// next to each other in every way.
func TestTidyIsTheRegularExpressions(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := Tidy(i18n.French, s), tidyRE(s); got != want {
			t.Fatalf("Tidy(%q) = %q, the expressions give %q", s, got, want)
		}
	}
	pieces := []string{"de ", "De ", "que ", "Que ", "qu", "d", "e ", "e", " ", "**", "_", "A", "é", "Œ", "h", "x", "1", "'", "’",
		"l'", "L'", ". ", "!", "?", "\n", "· ", "·", "*", "ü"}
	strs, every := 100000, 5
	if raceEnabled {
		strs, every = 10000, 6*every // the race detector slows the expressions tenfold
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range strs {
		var b strings.Builder
		for range rng.IntN(9) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		check(b.String())
	}
	g := newGame(t, 310, 4, true)
	ps := players(t, 4, 310, "normal", "random")
	for step := 0; !g.Over(); step++ {
		if step%every == 0 {
			for _, names := range [][]string{testNames, longNames} {
				alts := map[string]string{"table": tableAlt(i18n.French, g, names), "items": itemsAlt(i18n.French, g, names, emptyStacks(g))}
				for s := range g.Seats() {
					cards, hidden, kept := handShown(g, s)
					alts[fmt.Sprint(s)] = handAlt(i18n.French, g, s, names, cards, hidden, kept)
				}
				for _, alt := range alts {
					check(alt)
				}
			}
		}
		playUntil(t, g, ps, stopAfter(1))
	}
}
