package atheneum

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// rulingTests names, for each numbered ruling of docs/atheneum/rulings.md,
// the tests of this package that hold the engine to it.
var rulingTests = map[int][]string{
	1:  {"TestNeighboursAndSections", "TestHandsPassLeftInPhaseAAndRightInPhaseB", "TestPhaseB"},
	2:  {"TestNeighboursAndSections", "TestTheRevealHandsOutEverySection"},
	3:  {"TestStepsRefuseActionsOutOfTurn"},
	4:  {"TestANewGameIsSetUpAsTheRulebookSays"},
	5:  {"TestTheRevealHandsOutEverySection", "TestEmptyWandSupplyLosesTheWand"},
	6:  {"TestTheRevealHandsOutEverySection"},
	7:  {"TestTheRevealHandsOutEverySection"},
	8:  {"TestDoneLosesWhatIsStillHeld", "TestAFilledCompartmentEmptiedAndNotRefilledScoresNothing"},
	9:  {"TestShelvingRules"},
	10: {"TestTheRevealHandsOutEverySection"},
	11: {"TestBonusTokenBenefits", "TestASpidersRewardIsTaken", "TestSideShelves"},
	12: {"TestTheRevealHandsOutEverySection", "TestASpidersRewardIsTaken", "TestBagRefillsFromUsedTokens"},
	13: {"TestDoneLosesWhatIsStillHeld"},
	14: {"TestShelvingRules", "TestLegalSpacesMatchTheRules"},
	15: {"TestShelvingRules", "TestPairedSetCostsTwoReshelves"},
	16: {"TestSpiderIsCapturedOnceOnly", "TestAFilledCompartmentEmptiedAndNotRefilledScoresNothing", "TestASpidersRewardIsTaken"},
	17: {"TestSideShelves"},
	18: {"TestCandleSpaces"},
	19: {"TestScoredObjectiveLeavesTheRowAndItsWandsReturnToTheSupply"},
	20: {"TestScoringRules"},
	21: {"TestObjectivePatterns"},
	22: {"TestEachPatternOfAnObjectiveNeedsItsOwnCompartment"},
	23: {"TestObjectivePatterns"},
	24: {"TestScoredObjectiveLeavesTheRowAndItsWandsReturnToTheSupply"},
	25: {"TestTheTenthTurnEndsWithACleanup"},
	26: {"TestUndoRestoresTheGameExactly", "TestASpidersRewardIsTaken"},
	27: {"TestFavouriteSubjectAdjacency", "TestFavouriteSubjectAdjacencyStopsAtCompartmentWalls"},
	28: {"TestTieBreaks"},
	29: {"TestRuling29PassedHandStaysHiddenUntilTheNextPick"},
}

// TestEveryRulingHasATest holds docs/atheneum/rulings.md and rulingTests to
// the same numbered list, and every test named there to a test of this
// package; a test named TestRulingNN must be listed for ruling NN.
func TestEveryRulingHasATest(t *testing.T) {
	doc, err := os.ReadFile("../../docs/atheneum/rulings.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var src []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, b...)
	}
	defined := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`).FindAllSubmatch(src, -1) {
		defined[string(m[1])] = true
	}
	rulings := regexp.MustCompile(`(?m)^(\d+)\. \*\*`).FindAllSubmatch(doc, -1)
	if len(rulings) < 28 {
		t.Fatalf("only %d rulings found in the docs", len(rulings))
	}
	for i, r := range rulings {
		n := i + 1
		if string(r[1]) != fmt.Sprint(n) {
			t.Fatalf("ruling %d is numbered %s", n, r[1])
		}
		if len(rulingTests[n]) == 0 {
			t.Errorf("ruling %d names no test in rulingTests", n)
		}
		for _, name := range rulingTests[n] {
			if !defined[name] {
				t.Errorf("ruling %d names %s, which is not a test of this package", n, name)
			}
		}
	}
	if len(rulingTests) != len(rulings) {
		t.Errorf("rulingTests lists %d rulings, the docs %d", len(rulingTests), len(rulings))
	}
	for name := range defined {
		if m := regexp.MustCompile(`^TestRuling(\d+)`).FindStringSubmatch(name); m != nil {
			var n int
			fmt.Sscan(m[1], &n)
			if !slices.Contains(rulingTests[n], name) {
				t.Errorf("%s is not listed for ruling %d", name, n)
			}
		}
	}
}
