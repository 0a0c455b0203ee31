package i18n_test

import (
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/engine/ai"
	"atheneum/i18n"
)

// TestEveryEngineRefusalHasASentence: each code the engine can refuse with
// has its sentence in every language, using exactly the arguments the
// engine gives it (a missing one would print "<no value>", an unused one
// would drop what the player needs to know).
func TestEveryEngineRefusalHasASentence(t *testing.T) {
	codes := engine.ErrorCodes()
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
		if code, ok := strings.CutPrefix(id, "engine."); ok && !slices.Contains(codes, engine.ErrorCode(code)) {
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
	for _, c := range engine.Colors {
		ids = append(ids, "color."+c.String(), "color."+c.String()+".label", "subject."+c.String())
	}
	for c := engine.CompID(0); c < engine.NumComps; c++ {
		ids = append(ids, "compartment."+c.String(), "compartment."+c.String()+".label")
	}
	for _, s := range []engine.Side{engine.SideLeft, engine.SideRight} {
		ids = append(ids, "side."+string(s), "side."+string(s)+".label")
	}
	for _, k := range []engine.ItemKind{engine.ItemBook, engine.ItemPair, engine.ItemToken, engine.ItemSpider, engine.ItemSideShelf} {
		ids = append(ids, "item.kind."+string(k))
	}
	for _, r := range engine.Rewards {
		ids = append(ids, "reward."+string(r), "reward."+string(r)+".label")
	}
	for _, level := range ai.Levels {
		ids = append(ids, "ai."+level, "ai."+level+".name", "ai."+level+".option")
	}
	for _, s := range []engine.Step{engine.StepPick, engine.StepResolve, engine.StepOver} {
		ids = append(ids, "step."+string(s))
	}
	for _, s := range []engine.SeatStatus{engine.StatusPicking, engine.StatusPicked, engine.StatusShelving, engine.StatusScoring, engine.StatusDone} {
		ids = append(ids, "status."+string(s))
	}
	for _, u := range []engine.TokenUse{engine.UseCandle, engine.UseBenefit} {
		ids = append(ids, "use."+string(u))
	}
	for _, id := range ids {
		if !i18n.English.Has(id) {
			t.Errorf("%s is missing", id)
		}
	}
}
