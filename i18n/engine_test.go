package i18n_test

import (
	"slices"
	"strings"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
)

// TestEveryEngineRefusalHasASentence: each code the engine can refuse with
// has its sentence in every language, using exactly the arguments the
// engine gives it (a missing one would print "<no value>", an unused one
// would drop what the player needs to know).
func TestEveryEngineRefusalHasASentence(t *testing.T) {
	codes := atheneum.ErrorCodes()
	if len(codes) == 0 {
		t.Fatal("the engine lists no error codes")
	}
	for _, l := range i18n.Langs {
		for _, code := range codes {
			id := "engine." + string(code)
			if i18n.Forms(l, id) == nil {
				t.Errorf("%s: %s has no sentence", l, id)
				continue
			}
			want := code.ArgNames()
			slices.Sort(want)
			if got := i18n.Placeholders(l, id); !slices.Equal(got, want) {
				t.Errorf("%s: %s uses %v, the engine gives %v", l, id, got, want)
			}
		}
	}
	for _, id := range i18n.IDs(i18n.English) {
		if code, ok := strings.CutPrefix(id, "engine."); ok && !slices.Contains(codes, atheneum.ErrorCode(code)) {
			t.Errorf("%s is in the catalogue but the engine has no such code", id)
		}
	}
}

// TestEveryEngineTermHasItsWords: the adapter names the engine's colours,
// subjects, compartments, sides, items, rewards and AI levels from the
// terms; each must exist (in every language, which the catalogue's own
// tests then guarantee).
func TestEveryEngineTermHasItsWords(t *testing.T) {
	var ids []string
	for _, c := range atheneum.Colors {
		ids = append(ids, "color."+c.String(), "color."+c.String()+".label", "subject."+c.String())
	}
	for c := atheneum.CompID(0); c < atheneum.NumComps; c++ {
		ids = append(ids, "compartment."+c.String(), "compartment."+c.String()+".label")
	}
	for _, s := range []atheneum.Side{atheneum.SideLeft, atheneum.SideRight} {
		ids = append(ids, "side."+string(s), "side."+string(s)+".label")
	}
	for _, k := range []atheneum.ItemKind{atheneum.ItemBook, atheneum.ItemPair, atheneum.ItemToken, atheneum.ItemSpider, atheneum.ItemSideShelf} {
		ids = append(ids, "item.kind."+string(k))
	}
	for _, r := range atheneum.Rewards {
		ids = append(ids, "reward."+string(r), "reward."+string(r)+".label")
	}
	for _, level := range ai.Levels {
		ids = append(ids, "ai."+level, "ai."+level+".name", "ai."+level+".option")
	}
	for _, s := range []atheneum.Step{atheneum.StepPick, atheneum.StepResolve, atheneum.StepOver} {
		ids = append(ids, "step."+string(s))
	}
	for _, s := range []atheneum.SeatStatus{atheneum.StatusPicking, atheneum.StatusPicked, atheneum.StatusShelving, atheneum.StatusScoring, atheneum.StatusDone} {
		ids = append(ids, "status."+string(s))
	}
	for _, u := range []atheneum.TokenUse{atheneum.UseCandle, atheneum.UseBenefit} {
		ids = append(ids, "use."+string(u))
	}
	for _, id := range ids {
		if !i18n.English.Has(id) {
			t.Errorf("%s is missing", id)
		}
	}
}
