package atheneum

import (
	"errors"
	"strings"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// refusal applies a to g and returns the engine's refusal.
func refusal(t *testing.T, g *atheneum.Game, a atheneum.Action) *atheneum.Error {
	t.Helper()
	_, err := g.Apply(a)
	var e *atheneum.Error
	if !errors.As(err, &e) {
		t.Fatalf("Apply(%s) = %v, want a refusal", a, err)
	}
	return e
}

func TestEngineRefusalsAreWordedInTheReadersLanguage(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:2], Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		action atheneum.Action
		lang   i18n.Lang
		want   []string
	}{
		{"a card not in hand is named in English", atheneum.Action{Type: atheneum.ActPick, Seat: 0, Card: "Z99"}, i18n.English,
			[]string{"Z99 is not in your hand", g.CardCode(g.Seats[0].Hand[0])}},
		{"a card not in hand is named in French", atheneum.Action{Type: atheneum.ActPick, Seat: 0, Card: "Z99"}, i18n.French,
			[]string{"Z99 n'est pas dans votre main", g.CardCode(g.Seats[0].Hand[0])}},
		{"a seat is counted from 1", atheneum.Action{Type: atheneum.ActDone, Seat: 2}, i18n.French, []string{"pas de place 3"}},
		{"shelving while cards are picked says what to do", atheneum.Action{Type: atheneum.ActShelve, Seat: 0, Item: 1}, i18n.English, []string{"Pick yours first"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := engineErrorText(tt.lang, refusal(t, g, tt.action))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q, want it to contain %q", got, w)
				}
			}
		})
	}
}

func TestEngineArgumentsAreNamedInTheReadersLanguage(t *testing.T) {
	tests := []struct {
		name string
		lang i18n.Lang
		e    *atheneum.Error
		want string
	}{
		{"colours in English", i18n.English, &atheneum.Error{Code: atheneum.CodeWrongColor, Args: []atheneum.Arg{{Name: "Color", Value: atheneum.Teal}, {Name: "Chosen", Value: atheneum.Pink}}},
			"That book is teal, not pink: you choose the colour only for a book of any colour."},
		{"colours in French", i18n.French, &atheneum.Error{Code: atheneum.CodeWrongColor, Args: []atheneum.Arg{{Name: "Color", Value: atheneum.Teal}, {Name: "Chosen", Value: atheneum.Pink}}},
			"Ce livre est turquoise, pas rose : on ne choisit la couleur que d'un livre de n'importe quelle couleur."},
		{"a compartment in French", i18n.French, &atheneum.Error{Code: atheneum.CodeWrongCompart, Args: []atheneum.Arg{{Name: "Compartment", Value: atheneum.CompII}}},
			"Ce livre ne peut aller que dans le compartiment II : choisissez-y un emplacement."},
		{"a side in English", i18n.English, &atheneum.Error{Code: atheneum.CodeSideTaken, Args: []atheneum.Arg{{Name: "Side", Value: atheneum.SideLeft}}},
			"You already have a side shelf on the left: put this one on the other side."},
		{"a kind of item in French", i18n.French, &atheneum.Error{Code: atheneum.CodeNotABook, Args: []atheneum.Arg{{Name: "Item", Value: atheneum.ItemToken}}},
			"Seuls les livres et les paires de livres se rangent sur les étagères, et ceci est un jeton Bonus."},
		{"a count chooses the plural", i18n.English, &atheneum.Error{Code: atheneum.CodeSideShelvesFull, Args: []atheneum.Arg{{Name: "Count", Value: 2}}},
			"You already have 2 side shelves, the most allowed."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := engineErrorText(tt.lang, tt.e); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
