package exlibris

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// TestTheFullestPicturesStayWithinBounds draws pictures fuller than games
// make them (the random games of the tests hold collections of 35 cards
// at most, 15 columns wide, and hands of 38): collections of up to 60
// cards in three rows, or of 45 in one row, lit all around (the cards
// shrink, then the columns wrap into bands); hands of up to 60 cards,
// shown or hidden; a city with every location in play, every slot taken
// and eight cards on each. Each reads on a phone, is no taller than 1.6
// times its width, shortens no label and keeps its alt text whole.
func TestTheFullestPicturesStayWithinBounds(t *testing.T) {
	g := mid(t, 4)
	for _, o := range []render.Options{{Lang: i18n.English, Names: longNames}, {Lang: i18n.French, Names: longNames}} {
		l := o.Language()
		for _, shape := range []struct{ rows, cols int }{{3, 10}, {3, 15}, {3, 20}, {2, 30}, {1, 45}} {
			cl := collection{seat: 1, placing: 0, marks: map[int]cellMarks{}}
			for i := 0; i < shape.rows*shape.cols && i < exlibris.NumCards; i++ {
				p := exlibris.Place{Card: i, R: i / shape.cols, C: i % shape.cols, FaceDown: i%7 == 3, Buried: -1}
				if i%11 == 5 && i+1 < exlibris.NumCards {
					p.Buried = exlibris.NumCards - 1 - i
				}
				cl.places = append(cl.places, p)
				cl.marks[i] = cellMarks{outOfOrder: i%5 == 1, last: i == 7}
			}
			for c := -1; c <= shape.cols; c++ {
				cl.spots = append(cl.spots, Spot{Key: "r-1c" + fmt.Sprint(c), R: -1, C: c, Label: fmt.Sprint(len(cl.spots) + 1)})
				cl.spots = append(cl.spots, Spot{Key: "r0c" + fmt.Sprint(c), R: 0, C: c, Mode: PushRight, Label: fmt.Sprint(len(cl.spots) + 1)})
			}
			cl.out = outOfOrder(cl.places)
			cl.stable = stability(cl.places)
			c, alt, err := collectionCanvasOf(g, &cl, o)
			checkDrawn(t, fmt.Sprintf("a collection of %d×%d in %s", shape.rows, shape.cols, l), "collection", l, c, alt, err)
		}
		for _, n := range []int{0, 1, 12, 40, 60} {
			for _, hidden := range []int{0, n / 2, n} {
				cards := make([]int, n-hidden)
				for i := range cards {
					cards[i] = i
				}
				c, alt, err := handCanvasOf(g, 0, cards, hidden, o)
				checkDrawn(t, fmt.Sprintf("a hand of %d cards, %d hidden, in %s", n, hidden, l), "hand", l, c, alt, err)
			}
		}
		var tiles []tileView
		for _, info := range exlibris.Locations() {
			tv := tileView{loc: info.Number, permanent: info.Number%2 == 0, info: info, count: 8}
			for k := range info.Slots {
				tv.slots = append(tv.slots, k)
				tv.occ = append(tv.occ, exlibris.Occupant{Seat: k % 4, Kind: exlibris.Library(k % 2), Slot: k},
					exlibris.Occupant{Seat: (k + 1) % 4, Kind: exlibris.Ghost, Slot: k, Shared: true})
			}
			for i := 0; i < 6; i++ {
				tv.cards = append(tv.cards, int(info.Number)*8+i)
			}
			tv.cardsLine = true
			tiles = append(tiles, tv)
		}
		c, alt, err := cityCanvasOf(g, tiles, o)
		checkDrawn(t, "a city with every location full in "+string(l), "city", l, c, alt, err)
	}
}

// checkDrawn finishes a canvas drawn and checks the picture, and that its
// alt text was written short enough to be kept whole.
func checkDrawn(t *testing.T, what, kind string, l i18n.Lang, c *render.Canvas, alt string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if n := len(tidy(l, alt)); n > render.AltLimit {
		t.Errorf("%s: the alt text has %d bytes", what, n)
	}
	p, err := finish(c, alt, nil)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	checkPicture(t, what, kind, l, p)
	if *pics != "" {
		name := strings.NewReplacer(" ", "-", ",", "", "×", "x").Replace(what)
		os.WriteFile(filepath.Join(*pics, "fullest-"+name+".png"), p.PNG, 0o644)
	}
}
