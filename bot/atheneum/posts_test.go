package atheneum

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// finished is a game over whose results are set by hand: each seat's total,
// books shelved and books of its favourite subject, ranked by the rules.
func finished(t *testing.T, totals, books, favs []int) *atheneum.Game {
	t.Helper()
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:len(totals)], Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var res []atheneum.Result
	for i := range totals {
		res = append(res, atheneum.Result{Seat: i, Total: totals[i], Books: books[i], FavoriteBooks: favs[i]})
	}
	g.Results = atheneum.Rank(res)
	g.Step = atheneum.StepOver
	return g
}

func TestATieSaysHowItWasBroken(t *testing.T) {
	name := func(s int) string { return []string{"Ana", "Bo", "Cy", "Di", "Ed"}[s] }
	tests := []struct {
		name               string
		lang               i18n.Lang
		totals, books, fav []int
		want               []string
	}{
		{"no tie, no line", i18n.English, []int{70, 75}, []int{30, 20}, []int{5, 5}, nil},
		{"a tie broken by books shelved names the books, best first", i18n.English, []int{75, 75, 40}, []int{30, 32, 20}, []int{9, 1, 1},
			[]string{"**Tie on points (75)**: Bo and Ana are ranked by books shelved: 32 and 30."}},
		{"equal books go to the favourite subject, in French", i18n.French, []int{60, 60}, []int{30, 30}, []int{7, 9},
			[]string{"**Égalité aux points (60)** : Bo et Ana sont départagés par les livres rangés (30 et 30), puis par les livres de leur sujet de prédilection (9 et 7)."}},
		{"equal on everything shares the rank", i18n.English, []int{50, 50}, []int{25, 25}, []int{4, 4},
			[]string{"**Tie on points (50)**: Ana and Bo also tie on books shelved (25 and 25) and on books of their favourite subject (4 and 4), so they share their rank."}},
		{"every tie is told, the best first", i18n.English, []int{76, 77, 76, 76, 28}, []int{30, 32, 27, 26, 26}, []int{15, 12, 11, 15, 6},
			[]string{"**Tie on points (76)**: Ana, Cy and Di are ranked by books shelved: 30, 27 and 26."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tieLines(tt.lang, finished(t, tt.totals, tt.books, tt.fav), name)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestTheRevealNamesEachSectionByItsColourAndWhoseCardItIs(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	p := atheneum.NewRandomPlayer(1)
	for g.Step == atheneum.StepPick {
		a, ok := p.Next(g)
		if !ok {
			t.Fatal("no pick")
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	name := func(s int) string { return []string{"Ana", "Bo", "Cy"}[s] }
	for _, l := range i18n.Langs {
		got := received(l, g, 0, name, "play.received.own")
		checkWorded(t, "the reveal", got)
		left, right := g.LeftOf(0), g.RightOf(0)
		// Own card first (yellow), then the left neighbour's blue section
		// and the right neighbour's green one, as the rules say.
		wants := []string{
			l.T("section.self"), g.CardCode(g.Seats[0].Played), l.T("play.received.own"),
			l.T("section.to_right"), g.CardCode(g.Seats[left].Played), name(left),
			l.T("section.to_left"), g.CardCode(g.Seats[right].Played), name(right),
		}
		at := 0
		for _, w := range wants {
			i := strings.Index(got[at:], w)
			if i < 0 {
				t.Errorf("%s: %q does not say %q after position %d", l, got, w, at)
				break
			}
			at += i + len(w)
		}
	}
}

func TestScoresDuringTheGameAreBestFirst(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	p := atheneum.NewRandomPlayer(2)
	for g.TurnNumber() < 4 {
		a, ok := p.Next(g)
		if !ok {
			t.Fatal("the game stopped")
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	rec := &store.Game{ChannelID: "1", State: &atheneum.State{Game: g}}
	for i, n := range []string{"Ana", "Bo", "Cy"} {
		rec.Seats = append(rec.Seats, store.Seat{Index: i, Name: n})
	}
	lines := strings.Split(strings.TrimSpace((&Face{}).Scores(i18n.English, rec)), "\n")[1:]
	last := 1 << 30
	for _, line := range lines {
		var score int
		for i := range g.Seats {
			if strings.HasPrefix(line, rec.Seats[i].Name+" ") {
				score = g.Seats[i].Score()
			}
		}
		if score > last {
			t.Errorf("%q comes after a lower score: %q", line, lines)
		}
		last = score
	}
}

// turnPostLimit bounds the words of a turn's post at five seats: Discord
// takes 2,000 characters, and the post once ran to about 1,950, one
// objective described five times (with each described once, the longest
// of these games' posts is about 1,250 characters in English and 1,450 in
// French, whose words are longer).
const turnPostLimit = 1500

// finalPostLimit bounds the words of the final post at five seats: one
// message of Discord's, the results' rows and the last turn's objectives
// (named by their code) included.
const finalPostLimit = 2000

// TestATurnsPostDescribesEachObjectiveOnce plays five-seat games between
// normal computer players and words the post of every finished turn in
// each language: it reads whole, each objective scored, left or drawn in
// the turn says what it asks once (the final post names objectives by
// their code), and the post of a turn before the last stays within
// turnPostLimit characters, the final post within finalPostLimit.
func TestATurnsPostDescribesEachObjectiveOnce(t *testing.T) {
	names := []string{"Ana", "Bartholomew", "Cy", "Dorothea", "Ed"}
	longest, longestFinal := map[i18n.Lang]string{}, map[i18n.Lang]string{}
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:5], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		player, _ := ai.New("normal", ai.Options{Seed: seed})
		rec := &store.Game{ID: "game", Kind: atheneum.GameID, ChannelID: "1", State: &atheneum.State{Game: g}}
		for i, n := range names {
			rec.Seats = append(rec.Seats, store.Seat{Index: i, Name: n, UserID: strconv.Itoa(i + 1)})
		}
		var events []atheneum.Event
		turn := g.TurnNumber()
		for moves := 0; g.Step != atheneum.StepOver; moves++ {
			if moves > 5000 {
				t.Fatal("the game did not end in 5,000 moves")
			}
			seat := g.Waiting()[0]
			a, err := player.Propose(g.View(seat), seat)
			if err != nil {
				t.Fatal(err)
			}
			evs, err := g.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			events = append(events, evs...)
			if g.TurnNumber() == turn && g.Step != atheneum.StepOver {
				continue
			}
			for _, l := range i18n.Langs {
				text := (&Face{}).turnOverText(l, rec, events)
				checkWorded(t, "a turn's post", text)
				for _, e := range events {
					if e.Objective == "" {
						continue
					}
					if asks := objectiveAsksByCode(l, g, e.Objective); strings.Count(text, asks) > 1 {
						t.Errorf("seed %d, turn %d: %s (%s) is described %d times:\n%s", seed, turn, e.Objective, asks, strings.Count(text, asks), text)
					}
				}
				worst := longest
				if g.Step == atheneum.StepOver {
					worst = longestFinal
				}
				if utf8.RuneCountInString(text) > utf8.RuneCountInString(worst[l]) {
					worst[l] = text
				}
			}
			events, turn = nil, g.TurnNumber()
		}
	}
	for _, l := range i18n.Langs {
		n := utf8.RuneCountInString(longest[l])
		t.Logf("%s: the longest turn's post has %d characters:\n%s", l, n, longest[l])
		if n > turnPostLimit {
			t.Errorf("%s: a turn's post of %d characters, more than %d", l, n, turnPostLimit)
		}
		n = utf8.RuneCountInString(longestFinal[l])
		t.Logf("%s: the longest final post has %d characters:\n%s", l, n, longestFinal[l])
		if n > finalPostLimit {
			t.Errorf("%s: a final post of %d characters, more than %d", l, n, finalPostLimit)
		}
	}
}
