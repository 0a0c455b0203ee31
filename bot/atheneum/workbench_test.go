package atheneum

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"atheneum/bot/face"

	"github.com/bwmarrin/discordgo"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// reachable follows every menu and button of a seat's workbench in l, as
// a player could, and returns the actions they lead to with the fewest
// presses (interactions: a button pressed or a choice in a menu) each
// takes. Every component must fit Discord's limits, every text whole, not
// cut short.
func reachable(t *testing.T, l i18n.Lang, g *atheneum.Game, seat int) map[atheneum.Action]int {
	t.Helper()
	presses, _ := walk(t, l, g, seat)
	return presses
}

// walk follows every menu and button of a seat's workbench in l and
// returns, for each action reached, the fewest presses it takes and the
// fewest taps (a person's touches: a button one, a menu choice two, for
// opening the menu and choosing), each counted on its own.
func walk(t *testing.T, l i18n.Lang, g *atheneum.Game, seat int) (presses, taps map[atheneum.Action]int) {
	t.Helper()
	// An edge leads from a selection, by one press costing cost taps, to
	// an action or to another selection.
	type edge struct {
		cost int
		act  *atheneum.Action
		next string
	}
	edges := map[string][]edge{}
	offered := map[string][]discordgo.MessageComponent{}
	start := fmt.Sprint(noSelection())
	visited := map[string]bool{start: true}
	queue := []selection{noSelection()}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		from := fmt.Sprint(cur)
		comps := workbench(l, "game", g, seat, cur)
		checkLimits(t, l, comps)
		for _, row := range comps {
			for _, c := range row.(discordgo.ActionsRow).Components {
				var values [][]string
				var cid string
				switch c := c.(type) {
				case discordgo.SelectMenu:
					for _, o := range c.Options {
						values = append(values, []string{o.Value})
					}
					cid = c.CustomID
				case discordgo.Button:
					if c.Disabled {
						continue
					}
					values, cid = [][]string{nil}, c.CustomID
				}
				id, err := face.ParseID(cid)
				if err != nil {
					t.Fatalf("the bot built an id it cannot read: %q", cid)
				}
				for _, v := range values {
					// The face accepts every press it shows (checked as
					// checkPress does, the menus built once per menu).
					menu, chosen, ok := menuForm(id, v)
					if !ok {
						t.Fatalf("%s %v stands for no menu", cid, v)
					}
					key := menu.String()
					if _, built := offered[key]; !built {
						offered[key] = offeredComponents(recOf(g), seat, menu)
					}
					if err := face.CheckOffered(offered[key], key, chosen); err != nil {
						t.Fatalf("%s %v is refused: %v", cid, v, err)
					}
					act, next, err := componentInput(g, seat, menu, chosen)
					if err != nil {
						t.Fatalf("%s %v: %v", cid, v, err)
					}
					e := edge{cost: tapsOf(v), act: act, next: fmt.Sprint(next)}
					edges[from] = append(edges[from], e)
					if act == nil && !visited[e.next] {
						visited[e.next] = true
						queue = append(queue, next)
					}
				}
			}
		}
	}
	// The fewest presses and the fewest taps from the start to each
	// selection (Bellman-Ford: the graph is small), then to each action.
	shortest := func(cost func(edge) int) map[atheneum.Action]int {
		dist := map[string]int{start: 0}
		for changed := true; changed; {
			changed = false
			for from, es := range edges {
				d, ok := dist[from]
				if !ok {
					continue
				}
				for _, e := range es {
					if e.act != nil {
						continue
					}
					if old, ok := dist[e.next]; !ok || d+cost(e) < old {
						dist[e.next], changed = d+cost(e), true
					}
				}
			}
		}
		out := map[atheneum.Action]int{}
		for from, es := range edges {
			for _, e := range es {
				if e.act == nil {
					continue
				}
				if old, ok := out[*e.act]; !ok || dist[from]+cost(e) < old {
					out[*e.act] = dist[from] + cost(e)
				}
			}
		}
		return out
	}
	return shortest(func(edge) int { return 1 }), shortest(func(e edge) int { return e.cost })
}

// tapsOf is how many times a person touches the screen to send values: a
// button (none) once, a menu choice twice.
func tapsOf(values []string) int {
	if len(values) == 0 {
		return 1
	}
	return 2
}

// checkLimits fails on components beyond Discord's limits (rows, buttons
// in a row, options, lengths, custom ids used twice) or with a text cut
// short.
func checkLimits(t *testing.T, l i18n.Lang, comps []discordgo.MessageComponent) {
	t.Helper()
	if len(comps) > face.MaxRows {
		t.Fatalf("%d action rows, Discord allows %d", len(comps), face.MaxRows)
	}
	ids := map[string]bool{}
	for _, row := range comps {
		cs := row.(discordgo.ActionsRow).Components
		if len(cs) > face.MaxButtons {
			t.Fatalf("a row of %d components, Discord allows %d", len(cs), face.MaxButtons)
		}
		for _, c := range cs {
			var cid string
			switch c := c.(type) {
			case discordgo.SelectMenu:
				if len(cs) != 1 {
					t.Fatalf("menu %s shares its row", c.CustomID)
				}
				if len(c.Options) == 0 || len(c.Options) > face.MaxOptions {
					t.Fatalf("menu %s has %d options", c.CustomID, len(c.Options))
				}
				for _, o := range c.Options {
					checkWhole(t, l, o.Label, o.Description)
					if len(o.Label) > face.MaxLabel || len(o.Value) > 100 {
						t.Fatalf("option %q (%q) is too long", o.Label, o.Value)
					}
				}
				checkWhole(t, l, c.Placeholder)
				cid = c.CustomID
			case discordgo.Button:
				checkWhole(t, l, c.Label)
				if c.Label == "" || utf8.RuneCountInString(c.Label) > face.MaxButtonLabel {
					t.Fatalf("button label %q", c.Label)
				}
				cid = c.CustomID
			}
			if len(cid) > face.MaxID {
				t.Fatalf("custom id of %d characters", len(cid))
			}
			if ids[cid] {
				t.Fatalf("custom id %q used twice", cid)
			}
			ids[cid] = true
		}
	}
}

// tapBound is the most taps action a may take on seat's workbench: a
// book takes two (the item, in its colour or the way round; then its
// space), one more when its spaces do not fit one menu, and one more when
// the first menu has no room to offer the item in each colour or way
// round; Done takes two while an objective could be scored (Done, then
// its confirmation).
func tapBound(g *atheneum.Game, seat int, a atheneum.Action) int {
	return menusOf(g, seat).tapBound(g, seat, a)
}

// seatMenus is what the bounds of every action of a seat's workbench are
// worked out from: its legal actions and the first menu's item choices.
// Worked out once per seat, not once per action (twice per action, it was
// two fifths of TestWorkbenchOffersExactlyTheLegalActions' time).
type seatMenus struct {
	legal []atheneum.Action
	// items is the number of the first menu's item choices, and expanded
	// the items it offers in each colour or way round.
	items    int
	expanded map[int]bool
}

func menusOf(g *atheneum.Game, seat int) seatMenus {
	legal := g.LegalActions(seat)
	opts, expanded := itemOptions(i18n.English, g, seat, noSelection(), legal, false)
	return seatMenus{legal: legal, items: len(opts), expanded: expanded}
}

// tapBound is tapBound's bound, from the seat's menus m.
func (m seatMenus) tapBound(g *atheneum.Game, seat int, a atheneum.Action) int {
	legal := m.legal
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
		if it, _ := heldItem(g, seat, a.Item); len(itemVariants(it)) > 0 && !m.expanded[a.Item] {
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

// personBound is the most taps (a button one, a menu choice two) action
// a may take on seat's workbench: what TapsAtMost promises for its item
// choices and then its spaces or options; one for Undo, for Done (two
// when it asks to confirm) and for scoring (two when the item choices
// do not fit as buttons beside a row of spaces).
func personBound(g *atheneum.Game, seat int, a atheneum.Action) int {
	return menusOf(g, seat).personBound(g, seat, a)
}

// personBound is personBound's bound, from the seat's menus m.
func (m seatMenus) personBound(g *atheneum.Game, seat int, a atheneum.Action) int {
	legal, items, expanded := m.legal, m.items, m.expanded
	choices := 0
	for _, b := range legal {
		switch {
		case b.Type != a.Type:
		case a.Type == atheneum.ActRemove:
			choices++
		case b.Item == a.Item && (a.Type != atheneum.ActShelve || b.Color == a.Color && b.Flip == a.Flip):
			choices++
		}
	}
	switch a.Type {
	case atheneum.ActShelve:
		if it, _ := heldItem(g, seat, a.Item); len(itemVariants(it)) > 0 && !expanded[a.Item] {
			return TapsAtMost(face.MaxOptions+1, choices)
		}
		return TapsAtMost(items, choices)
	case atheneum.ActRemove, atheneum.ActToken, atheneum.ActReward, atheneum.ActSideShelf:
		return TapsAtMost(items, choices)
	case atheneum.ActScore:
		// As the first choice of a move of one more tap.
		return TapsAtMost(items, 1) - 1
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
// every reachable action is legal, and no text is cut short. With -v it
// reports the taps each kind of action takes, as a person counts them.
func TestWorkbenchOffersExactlyTheLegalActions(t *testing.T) {
	report := tapTally{}
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
					seen, taps := walk(t, l, g, seat)
					menus := menusOf(g, seat)
					legal := menus.legal
					for _, a := range legal {
						presses, ok := seen[a]
						if !ok {
							t.Fatalf("game %d: legal %s cannot be reached through the menus", n, a)
						}
						if bound := menus.tapBound(g, seat, a); presses > bound {
							t.Fatalf("game %d: %s takes %d presses, at most %d expected", n, a, presses, bound)
						}
						if bound := menus.personBound(g, seat, a); taps[a] > bound {
							t.Fatalf("game %d: %s takes %d taps, at most %d expected", n, a, taps[a], bound)
						}
						report.add(kindOf(g, seat, a), taps[a])
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
	t.Logf("taps (a button 1, a menu choice 2) of every legal action at the positions walked:\n%s", report)
}

// tapTally gathers the taps of actions by kind.
type tapTally map[string][]int

func (r tapTally) add(kind string, taps int) { r[kind] = append(r[kind], taps) }

// String is one line per kind: how many actions, taps mean and max.
func (r tapTally) String() string {
	var kinds []string
	for k := range r {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	var sb strings.Builder
	for _, k := range kinds {
		sum, most := 0, 0
		for _, n := range r[k] {
			sum, most = sum+n, max(most, n)
		}
		fmt.Fprintf(&sb, "%-24s %5d actions, taps mean %.2f max %d\n", k, len(r[k]), float64(sum)/float64(len(r[k])), most)
	}
	return sb.String()
}

// kindOf names an action's kind for a report, a shelved item by its kind.
func kindOf(g *atheneum.Game, seat int, a atheneum.Action) string {
	if a.Type != atheneum.ActShelve {
		return string(a.Type)
	}
	it, _ := heldItem(g, seat, a.Item)
	switch {
	case it.Kind == atheneum.ItemPair && it.Color != it.Color2:
		return "pair of two colours"
	case it.Kind == atheneum.ItemPair:
		return "pair of one colour"
	case it.Reshelved:
		return "book to shelve again"
	case it.Color == atheneum.AnyColor:
		return "book of any colour"
	case it.Bound:
		return "book for a compartment"
	}
	return "book"
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
