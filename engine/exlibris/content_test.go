package exlibris

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestContentCounts(t *testing.T) {
	t.Run("there are 152 book cards holding 510 books, 85 of each category", func(t *testing.T) {
		var per [NumCategories]int
		total := 0
		for id := 0; id < NumCards; id++ {
			c, ok := Card(id)
			if !ok {
				t.Fatalf("card %d missing", id)
			}
			for k, n := range c.Icons {
				per[k] += n
				total += n
			}
		}
		if total != 510 {
			t.Errorf("%d books, want 510", total)
		}
		for k, n := range per {
			if n != 85 {
				t.Errorf("%s: %d books, want 85", Category(k).ID(), n)
			}
		}
	})
	t.Run("every card holds two to four books of at least two categories, at most two of one", func(t *testing.T) {
		repeats := 0
		for id := 0; id < NumCards; id++ {
			c, _ := Card(id)
			n, kinds := 0, 0
			for _, k := range c.Icons {
				if k > 2 {
					t.Errorf("%s has %d books of one category", c.Code(), k)
				}
				if k == 2 {
					repeats++
				}
				if k > 0 {
					kinds++
				}
				n += k
			}
			if n < 2 || n > 4 || kinds < 2 {
				t.Errorf("%s has %d books of %d categories", c.Code(), n, kinds)
			}
		}
		if repeats != 42 {
			t.Errorf("%d cards hold two books of one category, the content has 42", repeats)
		}
	})
	t.Run("16 cards hold two books, 66 three and 70 four", func(t *testing.T) {
		var sizes [5]int
		for id := 0; id < NumCards; id++ {
			c, _ := Card(id)
			n := 0
			for _, k := range c.Icons {
				n += k
			}
			sizes[n]++
		}
		if sizes != [5]int{0, 0, 16, 66, 70} {
			t.Errorf("cards by number of books %v", sizes)
		}
	})
	t.Run("the letters hold the documented number of cards", func(t *testing.T) {
		want := map[byte]int{'A': 9, 'B': 8, 'C': 10, 'D': 8, 'E': 7, 'F': 7, 'G': 6, 'H': 6, 'I': 5, 'J': 4, 'K': 3, 'L': 8, 'M': 9,
			'N': 5, 'O': 5, 'P': 9, 'Q': 2, 'R': 7, 'S': 10, 'T': 8, 'U': 3, 'V': 5, 'W': 3, 'X': 1, 'Y': 2, 'Z': 2}
		for id := 0; id < NumCards; id++ {
			c, _ := Card(id)
			if c.Of != want[c.Letter] {
				t.Errorf("%s: %d cards under its letter, want %d", c.Code(), c.Of, want[c.Letter])
			}
		}
	})
	t.Run("exactly seven cards are under E", func(t *testing.T) {
		n := 0
		for id := 0; id < NumCards; id++ {
			if c, _ := Card(id); c.Letter == 'E' {
				n++
			}
		}
		if n != 7 {
			t.Errorf("%d cards under E", n)
		}
	})
	t.Run("each letter's cards are numbered 1 to its count, which every card shows", func(t *testing.T) {
		count := map[byte]int{}
		for id := 0; id < NumCards; id++ {
			c, _ := Card(id)
			count[c.Letter]++
			if c.Order != count[c.Letter] {
				t.Errorf("%s is number %d of its letter, want %d", c.Code(), c.Order, count[c.Letter])
			}
		}
		for id := 0; id < NumCards; id++ {
			c, _ := Card(id)
			if c.Of != count[c.Letter] {
				t.Errorf("%s says %d cards under %c, there are %d", c.Code(), c.Of, c.Letter, count[c.Letter])
			}
		}
		total := 0
		for _, n := range count {
			total += n
		}
		if total != NumCards || len(count) != 26 {
			t.Errorf("%d cards over %d letters", total, len(count))
		}
	})
	t.Run("a card's code finds the card back", func(t *testing.T) {
		for id := 0; id < NumCards; id++ {
			if back, ok := CardByCode(CardCode(id)); !ok || back != id {
				t.Fatalf("%s reads back as %d", CardCode(id), back)
			}
		}
		for _, bad := range []string{"", "E", "E0", "E8", "e2", "E02", "Z3", "1E", "E2x"} {
			if _, ok := CardByCode(bad); ok {
				t.Errorf("%q reads as a card", bad)
			}
		}
	})
	t.Run("there are eighteen tiles numbered 1 to 18, with one to four slots", func(t *testing.T) {
		locs := Locations()
		if len(locs) != NumLocations {
			t.Fatalf("%d tiles", len(locs))
		}
		for i, l := range locs {
			if int(l.Number) != i+1 || l.Names.EN == "" || l.Names.FR == "" || len(l.Slots) < 1 || len(l.Slots) > 4 {
				t.Errorf("tile %d: %+v", i+1, l)
			}
		}
		if locs[0].Names.FR != "Tente du Devin" {
			t.Errorf("tile 1 is %s", locs[0].Names.FR)
		}
	})
	t.Run("ten tiles and seven libraries are solo ones", func(t *testing.T) {
		n := 0
		for _, l := range Locations() {
			if l.Solo {
				n++
			}
		}
		m := 0
		for _, l := range Libraries() {
			if l.Solo {
				m++
			}
		}
		if n != 10 || m != 7 {
			t.Errorf("%d solo tiles, %d solo libraries", n, m)
		}
	})
	t.Run("the variants leave out the tiles and libraries the rulebook names", func(t *testing.T) {
		var beginner, friendly []string
		for _, l := range Locations() {
			if !l.Beginner {
				beginner = append(beginner, l.Names.FR)
			}
			if !l.Friendly {
				friendly = append(friendly, l.Names.FR)
			}
		}
		if want := "[Vente aux Enchères Tripot Clandestin Salon Littéraire Le Collectionneur Guilde des Assistants Grande Braderie]"; fmt.Sprint(beginner) != want {
			t.Errorf("beginner leaves out %v", beginner)
		}
		if want := "[Vente aux Enchères Tripot Clandestin Guilde des Assistants Collecteur d'Impôts]"; fmt.Sprint(friendly) != want {
			t.Errorf("friendly leaves out %v", friendly)
		}
		var libs []string
		for _, l := range Libraries() {
			if !l.Friendly {
				libs = append(libs, l.Names.FR)
			}
		}
		if want := "[Grottes de la Perception Donjon de la Pensée Profonde Igloo des Renseignements Bibliothèque Volcanique]"; fmt.Sprint(libs) != want {
			t.Errorf("friendly leaves out %v", libs)
		}
	})
	t.Run("twelve libraries each have a special assistant with names in both languages", func(t *testing.T) {
		libs := Libraries()
		if len(libs) != NumLibraries {
			t.Fatalf("%d libraries", len(libs))
		}
		for _, l := range libs {
			if l.Names.EN == "" || l.Names.FR == "" || l.Assistant.EN == "" || l.Assistant.FR == "" {
				t.Errorf("library %s: %+v", l.Names.ID, l)
			}
			if back, ok := LibraryByID(l.Names.ID); !ok || back != l.Library {
				t.Errorf("library %s reads back as %d", l.Names.ID, back)
			}
		}
	})
	t.Run("the end trigger and the rewards are the rulebook's", func(t *testing.T) {
		for seats, want := range map[int][2]int{2: {16, 19}, 3: {14, 17}, 4: {12, 15}} {
			if EndTrigger(seats, false) != want[0] || EndTrigger(seats, true) != want[1] {
				t.Errorf("%d seats: %d and %d", seats, EndTrigger(seats, false), EndTrigger(seats, true))
			}
		}
		if fmt.Sprint(PopularRewards()) != "[15 9 4]" {
			t.Errorf("popular rewards %v", PopularRewards())
		}
	})
	t.Run("the solo levels grow from one card a round to seven", func(t *testing.T) {
		levels := SoloLevels()
		if len(levels) != 7 {
			t.Fatalf("%d levels", len(levels))
		}
		for i, l := range levels {
			if l.Discards != i+1 {
				t.Errorf("%s discards %d", l.Names.ID, l.Discards)
			}
		}
	})
}

func TestContentRefusesABrokenFile(t *testing.T) {
	for name, data := range map[string]string{
		"not JSON":       "{",
		"too few cards":  `{"categories":[],"locations":[],"libraries":[],"cards":[]}`,
		"an empty thing": `{}`,
	} {
		t.Run("a content file that is "+name+" is refused", func(t *testing.T) {
			if err := load([]byte(data)); err == nil {
				t.Fatal("accepted")
			}
		})
	}
	if err := load(contentJSON); err != nil {
		t.Fatalf("the embedded file no longer loads: %v", err)
	}
}

// TestContentDocListsTheCards holds docs/exlibris/content.md's card list
// to the content file.
func TestContentDocListsTheCards(t *testing.T) {
	doc, err := os.ReadFile("../../docs/exlibris/content.md")
	if err != nil {
		t.Fatal(err)
	}
	letters := map[int]string{0: "C", 1: "F", 2: "H", 3: "P", 4: "B", 5: "R"}
	listed := regexp.MustCompile(`([A-Z]\d+) ([CFHPBR]{2,4})\b`).FindAllStringSubmatch(string(doc), -1)
	if len(listed) != NumCards {
		t.Fatalf("content.md lists %d cards", len(listed))
	}
	for _, m := range listed {
		id, ok := CardByCode(m[1])
		if !ok {
			t.Fatalf("content.md lists %s", m[1])
		}
		c, _ := Card(id)
		var b strings.Builder
		for k, n := range c.Icons {
			b.WriteString(strings.Repeat(letters[k], n))
		}
		if b.String() != m[2] {
			t.Errorf("content.md gives %s %s, the content %s", m[1], m[2], b.String())
		}
	}
}
