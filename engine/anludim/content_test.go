package anludim

import (
	"strings"
	"testing"
)

func TestContentCardDesign(t *testing.T) {
	t.Run("every value and colour appears once on each side", func(t *testing.T) {
		for side := 0; side < 2; side++ {
			seen := map[[2]uint8]bool{}
			for c := 0; c < NumCards; c++ {
				seen[[2]uint8{cardVal[c][side], cardCol[c][side]}] = true
			}
			if len(seen) != NumCards {
				t.Fatalf("side %d shows %d distinct readings, want 65", side, len(seen))
			}
		}
	})
	t.Run("the two ends of a card differ in value and in colour", func(t *testing.T) {
		for c := 0; c < NumCards; c++ {
			if cardVal[c][0] == cardVal[c][1] || cardCol[c][0] == cardCol[c][1] {
				t.Fatalf("card %d reads %v/%v", c, cardVal[c], cardCol[c])
			}
		}
	})
	t.Run("the first reading follows the card id", func(t *testing.T) {
		for c := 0; c < NumCards; c++ {
			info, ok := Card(c)
			if !ok || info.First.Value != c%13+1 || int(info.First.Colour) != c/13 {
				t.Fatalf("card %d: %+v", c, info)
			}
		}
		if _, ok := Card(NumCards); ok {
			t.Fatal("card 65 exists")
		}
	})
	t.Run("the second reading follows the documented permutation", func(t *testing.T) {
		shift := []int{3, 5, 8, 10, 6}
		for c := 0; c < NumCards; c++ {
			col, v := c/13, c%13+1
			v2 := (v-1+shift[col])%13 + 1
			c2 := (col + 1 + v2%4) % 5
			if int(cardVal[c][1]) != v2 || int(cardCol[c][1]) != c2 {
				t.Fatalf("card %d second reading %d/%d, want %d/%d", c, cardVal[c][1], cardCol[c][1], v2, c2)
			}
		}
	})
	t.Run("colours, professors, combinations and items have English and French names", func(t *testing.T) {
		var all []Names
		for c := Colour(0); c < NumColours; c++ {
			all = append(all, ColourNames(c))
		}
		for p := Professor(0); p < NumProfessors; p++ {
			all = append(all, p.Names(), p.CombinationNames())
		}
		for k := ItemKind(0); k <= Parchment; k++ {
			all = append(all, k.Names())
		}
		for _, n := range all {
			if n.ID == "" || n.EN == "" || n.FR == "" {
				t.Fatalf("missing a name: %+v", n)
			}
		}
		if Seer.Names().FR != "Voyante" || Seer.CombinationNames().ID != "trios" || Parchment.Names().FR != "parchemin" {
			t.Fatal("names out of place")
		}
	})
}

func TestContentItemsMatchTheRulebook(t *testing.T) {
	counts := map[ItemKind]int{Vial: 7, Star: 7, Doll: 6, Talisman: 5, Chest: 5}
	total := 0
	for k, n := range counts {
		v := StackValues(k, 5)
		if len(v) != n {
			t.Errorf("%s: %d items, want %d", k.ID(), len(v), n)
		}
		for i := 1; i < len(v); i++ {
			if v[i] < v[i-1] {
				t.Errorf("%s: the stack is not smallest on top: %v", k.ID(), v)
			}
		}
		total += len(v)
	}
	if total != 30 {
		t.Fatalf("%d items, want 30", total)
	}
	if Parchment.Code() != "P" || Vial.Code() != "V" || Seer.Code() != "SE" {
		t.Fatal("notation codes changed")
	}
}

func TestContentRejectsABrokenFile(t *testing.T) {
	cases := map[string]string{
		"a file that is not JSON is refused":    "{",
		"a file with missing tables is refused": `{"colours": []}`,
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			if err := loadContent([]byte(data)); err == nil || !strings.Contains(err.Error(), "anludim content") {
				t.Fatalf("got %v", err)
			}
		})
	}
	// A refused file installs nothing.
	if cardVal[0] != [2]uint8{1, 4} {
		t.Fatalf("card 0 reads %v after a refused file", cardVal[0])
	}
}
