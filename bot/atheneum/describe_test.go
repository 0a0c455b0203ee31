package atheneum

import (
	"atheneum/bot/face"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/i18n/i18ntest"
	"atheneum/store"
)

// checkWorded fails on text that shows a missing message or placeholder.
var checkWorded = i18ntest.CheckWorded

// TestEveryMessageTheFaceNamesExists checks the catalogue ids the face's
// source names literally.
func TestEveryMessageTheFaceNamesExists(t *testing.T) { i18ntest.CheckNamedIDs(t, ".", 100) }

// eventTypes are every event type the engine reports.
var eventTypes = []atheneum.EventType{atheneum.EvPicked, atheneum.EvRevealed, atheneum.EvReceived, atheneum.EvPoints, atheneum.EvWandGained,
	atheneum.EvWandLost, atheneum.EvTokenDrawn, atheneum.EvBagRefilled, atheneum.EvSideShelfLost, atheneum.EvShelved, atheneum.EvRemoved,
	atheneum.EvSpiderCaptured, atheneum.EvRewardChosen, atheneum.EvTokenUsed, atheneum.EvCandlePlaced, atheneum.EvSideShelfPlaced,
	atheneum.EvObjectiveScored, atheneum.EvUndone, atheneum.EvItemsLost, atheneum.EvSeatDone, atheneum.EvObjectiveLeft,
	atheneum.EvObjectiveDrawn, atheneum.EvTurnStarted, atheneum.EvPhaseStarted, atheneum.EvFinalScore, atheneum.EvGameOver}

func TestEveryReportedEventIsWordedInEveryLanguage(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	name := func(s int) string { return []string{"Ana", "Bo", "Cy"}[s] }
	obj := g.Content.Objectives[0].Code
	for _, typ := range eventTypes {
		e := atheneum.Event{Type: typ, Seat: 1, Card: "A07", Points: 1, Comp: atheneum.CompII, Reward: atheneum.RewardToken,
			N: 1, Objective: obj, Wand: true, Phase: 1, Turn: 2}
		english := g.Describe(e, name)
		for _, l := range i18n.Langs {
			got := describeEvent(l, g, e, name)
			if (got == "") != (english == "") {
				t.Errorf("%s: %s is worded %q, while the engine's log says %q", l, typ, got, english)
				continue
			}
			if got != "" {
				checkWorded(t, string(typ), got)
			}
		}
	}
}

func TestEventsCountInWordsAndSayWhatObjectivesAsk(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:2], Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	name := func(s int) string { return []string{"Ana", "Bo"}[s] }
	o := &g.Content.Objectives[0]
	tests := []struct {
		name string
		lang i18n.Lang
		e    atheneum.Event
		want string
	}{
		{"one used token is singular", i18n.English, atheneum.Event{Type: atheneum.EvBagRefilled, Seat: -1, N: 1},
			"The bonus token bag was empty: 1 used token went back in."},
		{"one lost item is singular in French", i18n.French, atheneum.Event{Type: atheneum.EvItemsLost, Seat: 0, N: 1},
			"**Ana** a terminé avec 1 objet inutilisé, désormais perdu."},
		{"a scored objective says what it asked", i18n.English, atheneum.Event{Type: atheneum.EvObjectiveScored, Seat: 1, Objective: o.Code, Points: 1},
			"**Bo** scored objective " + o.Code + " (" + objectiveAsks(i18n.English, o) + ") for 1 point."},
		{"an objective joining the row says what it asks, in French", i18n.French, atheneum.Event{Type: atheneum.EvObjectiveDrawn, Seat: -1, Objective: o.Code},
			"Nouveau dans la rangée des objectifs : " + objectiveWords(i18n.French, o) + "."},
		{"a side shelf is worded by its side and size, not its number in the supply", i18n.French, atheneum.Event{Type: atheneum.EvSideShelfPlaced, Seat: 0, N: 3, Comp: atheneum.CompRight},
			"**Ana** a ajouté une étagère latérale à droite de son étagère principale : largeur 4, 1 niveau."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describeEvent(tt.lang, g, tt.e, name); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestObjectivesSayWhatTheyAsk(t *testing.T) {
	c, err := atheneum.Load("atheneum-2")
	if err != nil {
		t.Fatal(err)
	}
	byCode := func(code string) *atheneum.Objective {
		o, ok := objectiveByCode(&atheneum.Game{Content: c}, code)
		if !ok {
			t.Fatalf("no objective %s", code)
		}
		return o
	}
	tests := []struct {
		name string
		lang i18n.Lang
		code string
		want string
	}{
		{"a stack of colours in any compartment, with a wand back", i18n.English, "O01",
			"O01 (2 points and a wand back): purple and teal one above the other, top to bottom, in any one compartment"},
		{"a row of colours", i18n.French, "O06",
			"O06 (4 points) : turquoise, vert et noir côte à côte, de gauche à droite, dans un même compartiment au choix"},
		{"a pattern with a free space, read row by row", i18n.English, "O09",
			"O09 (5 points): rows from the top: green, anything / pink, purple, in any one compartment"},
		{"a pattern in one of two named compartments", i18n.French, "O19",
			"O19 (3 points et une baguette magique rendue) : violet et rose l'un au-dessus de l'autre, de haut en bas, dans le compartiment II ou le compartiment III"},
		{"shapes in several compartments", i18n.English, "O29",
			"O29 (6 points): 4 books side by side in compartment I, a block of books 3 wide and 2 levels high in compartment V and 2 books side by side in compartment III"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := objectiveWords(tt.lang, byCode(tt.code)); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
	t.Run("every objective of every pack is worded in every language", func(t *testing.T) {
		for _, id := range atheneum.EmbeddedPacks() {
			pack, err := atheneum.Load(id)
			if err != nil {
				t.Fatal(err)
			}
			for i := range pack.Objectives {
				o := &pack.Objectives[i]
				for _, l := range i18n.Langs {
					got := objectiveWords(l, o)
					checkWorded(t, o.Code, got)
					if !strings.HasPrefix(got, o.Code+" ") || !strings.Contains(got, l.T("points", "Count", o.Points)) {
						t.Errorf("%s: %q lacks the code or the points", l, got)
					}
					for _, r := range o.Reqs {
						for _, cell := range r.Pattern.Cells {
							if cell.IsBook() && !strings.Contains(got, colorWord(l, cell)) {
								t.Errorf("%s: %q does not name the %s book it asks for", l, got, cell)
							}
						}
						for _, comp := range r.In {
							if !strings.Contains(got, compWords(l, comp)) {
								t.Errorf("%s: %q does not name %s", l, got, comp)
							}
						}
					}
				}
			}
		}
	})
}

func TestCardsFitOneMenuLine(t *testing.T) {
	for _, id := range atheneum.EmbeddedPacks() {
		pack, err := atheneum.Load(id)
		if err != nil {
			t.Fatal(err)
		}
		for i := range pack.Cards {
			for _, l := range i18n.Langs {
				line := cardLine(l, &pack.Cards[i])
				checkWorded(t, pack.Cards[i].Code, line)
				if n := utf8.RuneCountInString(line); n > face.MaxLabel {
					t.Errorf("%s %s: %q has %d characters, a menu option's description holds %d", l, pack.Cards[i].Code, line, n, face.MaxLabel)
				}
			}
		}
	}
	t.Run("sections are worded, not coded", func(t *testing.T) {
		card := atheneum.Card{Code: "X01", Sections: [3][]atheneum.Benefit{
			{{Kind: atheneum.BenefitBook, Color: atheneum.Teal}, {Kind: atheneum.BenefitCompartmentBook, Comp: atheneum.CompIII}, {Kind: atheneum.BenefitPoints, N: 1}},
			{{Kind: atheneum.BenefitReshelve, N: 2}},
			{{Kind: atheneum.BenefitToken}}}}
		if got, want := cardLine(i18n.English, &card), "you: teal, book for III, +1 point · left: reshelve 2 · right: bonus token"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	})
}

func TestHeldItemsAreNamedInTheReadersLanguage(t *testing.T) {
	c := atheneum.Default()
	token := slices.IndexFunc(c.Tokens, func(tk atheneum.Token) bool { return tk.Kind == atheneum.TokenReshelve })
	tests := []struct {
		name string
		lang i18n.Lang
		item atheneum.Item
		want string
	}{
		{"a book", i18n.French, atheneum.Item{ID: 1, Kind: atheneum.ItemBook, Color: atheneum.Green}, "#1 un livre vert"},
		{"a book for a compartment", i18n.English, atheneum.Item{ID: 2, Kind: atheneum.ItemBook, Color: atheneum.AnyColor, Bound: true, Comp: atheneum.CompIV},
			"#2 a book of any colour for compartment IV"},
		{"a book to shelve again", i18n.French, atheneum.Item{ID: 3, Kind: atheneum.ItemBook, Color: atheneum.Pink, Reshelved: true},
			"#3 un livre rose (à ranger de nouveau)"},
		{"a pair", i18n.English, atheneum.Item{ID: 4, Kind: atheneum.ItemPair, Color: atheneum.Teal, Color2: atheneum.Black}, "#4 a paired set (teal and black)"},
		{"a token", i18n.English, atheneum.Item{ID: 5, Kind: atheneum.ItemToken, Token: token},
			"#5 a bonus token: reshelve up to 4 books or a candle"},
		{"a spider's reward", i18n.French, atheneum.Item{ID: 6, Kind: atheneum.ItemSpider}, "#6 la récompense d'une araignée, à choisir"},
	}
	g := &atheneum.Game{Content: c}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := itemLabel(tt.lang, g, tt.item); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestThePickPromptNamesWhoGetsEachSection(t *testing.T) {
	for _, tt := range []struct {
		name    string
		seats   int
		lang    i18n.Lang
		want    string
		notWant string
	}{
		{"two players name the opponent once", 2, i18n.English, "both go to your opponent, Bo", "player on your left"},
		{"two players name the opponent once, in French", 2, i18n.French, "vont toutes deux à votre adversaire, Bo", "à votre gauche"},
		{"three players name both neighbours", 3, i18n.English, "the player on your left (Bo)", "opponent"},
		{"the French text calls the left section green, as the pictures draw it", 3, i18n.French, "la **section verte** va à la personne à votre gauche (Bo)", "grise"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:tt.seats], Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			rec := &store.Game{ChannelID: "1", State: &atheneum.State{Game: g}}
			for i, n := range []string{"Ana", "Bo", "Cy"}[:tt.seats] {
				rec.Seats = append(rec.Seats, store.Seat{Index: i, Name: n})
			}
			got := pickText(tt.lang, rec, 0)
			if !strings.Contains(got, tt.want) || strings.Contains(got, tt.notWant) {
				t.Errorf("got %q, want %q and not %q", got, tt.want, tt.notWant)
			}
		})
	}
}
