package atheneum

import (
	"atheneum/bot/face"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// reachable follows every menu of a seat's workbench in l, as a player
// could, breadth first, and returns the actions they lead to with the
// fewest taps (presses of a button or choices in a menu) each takes. Every
// component must fit Discord's limits, every text whole, not cut short.
func reachable(t *testing.T, l i18n.Lang, g *atheneum.Game, seat int) map[atheneum.Action]int {
	t.Helper()
	taps := map[atheneum.Action]int{}
	type state struct {
		sel   selection
		depth int
	}
	visited := map[string]bool{fmt.Sprint(noSelection()): true}
	queue := []state{{noSelection(), 0}}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		comps := workbench(l, "game", g, seat, cur.sel)
		if len(comps) > 5 {
			t.Fatalf("%d action rows, Discord allows 5", len(comps))
		}
		for _, row := range comps {
			if n := len(row.(discordgo.ActionsRow).Components); n > 5 {
				t.Fatalf("a row of %d components, Discord allows 5", n)
			}
			for _, c := range row.(discordgo.ActionsRow).Components {
				var values [][]string
				var cid string
				switch c := c.(type) {
				case discordgo.SelectMenu:
					if len(c.Options) == 0 || len(c.Options) > face.MaxOptions {
						t.Fatalf("menu %s has %d options", c.CustomID, len(c.Options))
					}
					for _, o := range c.Options {
						values = append(values, []string{o.Value})
						checkWhole(t, l, o.Label, o.Description)
						if len(o.Label) > face.MaxLabel || len(o.Value) > 100 {
							t.Fatalf("option %q (%q) is too long", o.Label, o.Value)
						}
					}
					checkWhole(t, l, c.Placeholder)
					cid = c.CustomID
				case discordgo.Button:
					if c.Disabled {
						continue
					}
					values, cid = [][]string{nil}, c.CustomID
					checkWhole(t, l, c.Label)
				}
				if len(cid) > 100 {
					t.Fatalf("custom id of %d characters", len(cid))
				}
				id, err := face.ParseID(cid)
				if err != nil {
					t.Fatalf("the bot built an id it cannot read: %q", cid)
				}
				for _, v := range values {
					act, next, err := componentInput(g, seat, id, v)
					if err != nil {
						t.Fatalf("%s %v: %v", cid, v, err)
					}
					if act != nil {
						if d, ok := taps[*act]; !ok || cur.depth+1 < d {
							taps[*act] = cur.depth + 1
						}
					} else if !visited[fmt.Sprint(next)] {
						visited[fmt.Sprint(next)] = true
						queue = append(queue, state{next, cur.depth + 1})
					}
				}
			}
		}
	}
	return taps
}

// tapBound is the most taps action a may take on seat's workbench: a
// book takes two (the item, in its colour or the way round; then its
// space), one more when its spaces do not fit one menu, and one more when
// the first menu has no room to offer the item in each colour or way
// round; Done takes two while an objective could be scored (Done, then
// its confirmation).
func tapBound(g *atheneum.Game, seat int, a atheneum.Action) int {
	legal := g.LegalActions(seat)
	spaces := 0
	for _, b := range legal {
		if b.Type == a.Type && b.Item == a.Item && b.Color == a.Color && b.Flip == a.Flip && (b.Type == atheneum.ActShelve || b.Type == atheneum.ActRemove) {
			spaces++
		}
	}
	more := 0
	if spaces > face.MaxOptions {
		more++
	}
	switch a.Type {
	case atheneum.ActShelve:
		_, expanded := itemOptions(i18n.English, g, seat, noSelection(), legal, false)
		if it, _ := heldItem(g, seat, a.Item); len(itemVariants(it)) > 0 && !expanded[a.Item] {
			more++
		}
		return 2 + more
	case atheneum.ActRemove, atheneum.ActToken, atheneum.ActReward, atheneum.ActSideShelf:
		return 2 + more
	case atheneum.ActDone:
		if len(scorable(legal)) > 0 {
			return 2
		}
	}
	return 1
}

// checkWhole fails on a text of a component that is empty where it must
// not be, or that had to be cut to fit.
func checkWhole(t *testing.T, l i18n.Lang, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if strings.HasSuffix(s, "…") || strings.Contains(s, "[play.") {
			t.Fatalf("%s: a menu shows %q", l, s)
		}
	}
}

// TestWorkbenchOffersExactlyTheLegalActions walks the menus at many points
// of random games, in every language: every legal action can be reached,
// every reachable action is legal, and no text is cut short.
func TestWorkbenchOffersExactlyTheLegalActions(t *testing.T) {
	for n := 0; n < 12; n++ {
		l := i18n.Langs[n%len(i18n.Langs)]
		g, _ := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:2+n%4], Seed: uint64(n)})
		p := atheneum.NewRandomPlayer(uint64(n))
		for step := 0; ; step++ {
			if g.Step == atheneum.StepResolve && step%3 == 0 {
				for seat := range g.Seats {
					if g.Seats[seat].Status == atheneum.StatusDone {
						continue
					}
					seen := reachable(t, l, g, seat)
					legal := g.LegalActions(seat)
					for _, a := range legal {
						taps, ok := seen[a]
						if !ok {
							t.Fatalf("game %d: legal %s cannot be reached through the menus", n, a)
						}
						if bound := tapBound(g, seat, a); taps > bound {
							t.Fatalf("game %d: %s takes %d taps, at most %d expected", n, a, taps, bound)
						}
					}
					if len(seen) != len(legal) {
						t.Fatalf("game %d: menus reach %d actions, %d are legal", n, len(seen), len(legal))
					}
				}
			}
			a, ok := p.Next(g)
			if !ok {
				break
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestCustomIDsRoundTrip(t *testing.T) {
	id := face.ID{Game: "abcdefghijklmnop", Step: "t10r", Seq: 1234, Seat: 4, Moves: 77, Verb: "spc", Args: selection{Mode: "item", Item: 12, Color: atheneum.Pink, Flip: 1, Comp: atheneum.CompRight, HasComp: true}.encode()}
	back, err := face.ParseID(id.String())
	if err != nil || fmt.Sprint(back) != fmt.Sprint(id) {
		t.Fatalf("%q -> %+v, %v", id.String(), back, err)
	}
	for _, bad := range []string{"", "a1", "a2:g:t1p:0:0:0:pick", "a1:g:t1p:x:0:0:pick", "a1:g:t1p:0:9:0:pick", "a1::t1p:0:0:0:pick", string(make([]byte, 101))} {
		if _, err := face.ParseID(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
