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
// could, and collects the actions they lead to. Every text of a menu must
// fit Discord's limits whole, not cut short.
func reachable(t *testing.T, l i18n.Lang, g *atheneum.Game, seat int, sel selection, visited map[string]bool, seen map[atheneum.Action]bool) {
	if visited[fmt.Sprint(sel)] {
		return
	}
	visited[fmt.Sprint(sel)] = true
	comps := workbench(l, "game", g, seat, sel)
	if len(comps) > 5 {
		t.Fatalf("%d action rows, Discord allows 5", len(comps))
	}
	for _, row := range comps {
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
					seen[*act] = true
				} else {
					reachable(t, l, g, seat, next, visited, seen)
				}
			}
		}
	}
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
					seen := map[atheneum.Action]bool{}
					reachable(t, l, g, seat, noSelection(), map[string]bool{}, seen)
					legal := g.LegalActions(seat)
					for _, a := range legal {
						if !seen[a] {
							t.Fatalf("game %d: legal %s cannot be reached through the menus", n, a)
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
