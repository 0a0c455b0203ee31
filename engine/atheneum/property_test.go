package atheneum

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
)

// checkInvariants verifies what must hold after every action of any game.
func checkInvariants(g *Game) error {
	c := g.Content
	// Every shelved piece obeys the support and stacking rules, and pairs are whole.
	for i := range g.Seats {
		for id := CompID(0); id < NumComps; id++ {
			cp := &g.Seats[i].Comps[id]
			if !cp.Present {
				continue
			}
			if l, x, bad := cp.firstInvalid(); bad {
				return fmt.Errorf("seat %d: the book at %s breaks the shelving rules: %s", i, Pos{id, l, x}, g.Shelves(i))
			}
			for l := 0; l < cp.Levels; l++ {
				for x := 0; x < cp.Width; x++ {
					switch cp.At(l, x).Pair {
					case PairLeft:
						if x+1 >= cp.Width || cp.At(l, x+1).Pair != PairRight {
							return fmt.Errorf("seat %d: half a pair at %s", i, Pos{id, l, x})
						}
					case PairRight:
						if x == 0 || cp.At(l, x-1).Pair != PairLeft {
							return fmt.Errorf("seat %d: half a pair at %s", i, Pos{id, l, x})
						}
					}
				}
			}
		}
	}
	// Wands: hand + supply + on the row = 6 per seat.
	for i := range g.Seats {
		s := &g.Seats[i]
		n := s.Wands + s.WandSupply
		for _, slot := range g.Row {
			for _, w := range slot.Wands {
				if w == i {
					n++
				}
			}
		}
		if n != WandsPerSeat || s.Wands < 0 || s.WandSupply < 0 {
			return fmt.Errorf("seat %d: %d wands in all (hand %d, supply %d)", i, n, s.Wands, s.WandSupply)
		}
	}
	// Tokens: each exactly once in the bag, used pile, a hand or a candle slot.
	// The pieces are gathered into one buffer on the stack, used for each
	// kind in turn: the slices built afresh after every action of the
	// random play-outs, and the collections they caused, were a third of
	// TestRandomPlayouts' processor time.
	var buf [256]int
	tokens := append(buf[:0], g.Bag...)
	tokens = append(tokens, g.Used...)
	for i := range g.Seats {
		for _, it := range g.Seats[i].Held {
			if it.Kind == ItemToken {
				tokens = append(tokens, it.Token)
			}
		}
		for _, k := range g.Seats[i].Candles {
			if k >= 0 {
				tokens = append(tokens, k)
			}
		}
	}
	if err := isPermutation(tokens, len(c.Tokens)); err != nil {
		return fmt.Errorf("bonus tokens: %w", err)
	}
	// Cards: decks, hands, picks in play, played and discarded.
	cards := append(append(append(buf[:0], g.Decks[0]...), g.Decks[1]...), g.Discard...)
	for i := range g.Seats {
		cards = append(cards, g.Seats[i].Hand...)
		if g.Seats[i].Played >= 0 {
			cards = append(cards, g.Seats[i].Played)
		}
	}
	if err := isPermutation(cards, len(c.Cards)); err != nil {
		return fmt.Errorf("study cards: %w", err)
	}
	objs := append(append(buf[:0], g.ObjectiveDeck...), g.ObjectiveDiscard...)
	for _, slot := range g.Row {
		if slot.Objective >= 0 {
			objs = append(objs, slot.Objective)
		}
	}
	if err := isPermutation(objs, len(c.Objectives)); err != nil {
		return fmt.Errorf("objectives: %w", err)
	}
	sides := append(buf[:0], g.SideSupply...)
	for i := range g.Seats {
		for _, id := range []CompID{CompLeft, CompRight} {
			if g.Seats[i].Comps[id].Present {
				sides = append(sides, g.Seats[i].Comps[id].SideShelf)
			}
		}
	}
	slices.Sort(sides)
	if len(sides) != len(c.SideShelves) || len(slices.Compact(sides)) != len(c.SideShelves) {
		return fmt.Errorf("side shelves: %v", slices.Clone(sides)) // a copy, so that buf stays on the stack
	}
	return nil
}

func isPermutation(ids []int, n int) error {
	if len(ids) != n {
		return fmt.Errorf("%d pieces, want %d", len(ids), n)
	}
	var buf [256]bool // on the stack, as every piece set of the game is smaller
	seen := buf[:min(n, len(buf))]
	if n > len(buf) {
		seen = make([]bool, n)
	}
	for _, v := range ids {
		if v < 0 || v >= n || seen[v] {
			return fmt.Errorf("piece %d missing or doubled", v)
		}
		seen[v] = true
	}
	return nil
}

// shelvedBooks counts the books on a seat's shelves plus those it holds to
// reshelve: only new books from benefits increase it, and only books left
// unshelved at the end of a turn decrease it.
func shelvedBooks(s *Seat) int {
	n := 0
	for id := CompID(0); id < NumComps; id++ {
		if s.Comps[id].Present {
			n += s.Comps[id].Books()
		}
	}
	for _, it := range s.Held {
		if it.Reshelved {
			n += 1 + boolInt(it.Kind == ItemPair)
		}
	}
	return n
}

// TestRandomPlayouts plays 2,000 games (200 under the race detector) over
// 2-5 seats, with undo now and
// then, checking the invariants after every action, that a refused action
// changes nothing, and that every seat's score is the sum of its events.
func TestRandomPlayouts(t *testing.T) {
	games := randomGames
	if testing.Short() {
		games = min(games, 200)
	}
	var actions, undos int
	for n := 0; n < games; n++ {
		seats := 2 + n%4
		g, err := NewGame(Config{Subjects: Colors[:seats], Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		p := NewRandomPlayer(uint64(n) * 7919)
		p.UndoPercent = 10
		points := make([]int, seats)
		books := make([]int, seats)
		_, err = p.Playout(g, func(a Action, ev []Event) error {
			actions++
			if a.Type == ActUndo {
				undos++
			}
			for _, e := range ev {
				if e.Seat >= 0 {
					points[e.Seat] += e.Points
				}
			}
			if err := checkInvariants(g); err != nil {
				return fmt.Errorf("game %d after %s: %w", n, a, err)
			}
			if g.Step == StepOver {
				for _, r := range g.Results {
					if r.Total != points[r.Seat] {
						return fmt.Errorf("game %d: seat %d total %d, events add up to %d", n, r.Seat, r.Total, points[r.Seat])
					}
				}
				return nil
			}
			for i := range g.Seats {
				if s := g.Seats[i].Score(); s != points[i] {
					return fmt.Errorf("game %d after %s: seat %d score %d, events add up to %d", n, a, i, s, points[i])
				}
				now := shelvedBooks(&g.Seats[i])
				if a.Type != ActUndo && a.Seat == i {
					switch {
					case a.Type == ActShelve && now < books[i], a.Type == ActRemove && now != books[i], a.Type == ActDone && now > books[i]:
						return fmt.Errorf("game %d after %s: seat %d books went from %d to %d", n, a, i, books[i], now)
					}
				} else if a.Seat != i && now != books[i] && a.Type != ActPick {
					return fmt.Errorf("game %d after %s: seat %d's books changed from %d to %d", n, a, i, books[i], now)
				}
				books[i] = now
			}
			// Every few actions, check that a forged action changes nothing.
			if actions%101 == 0 {
				before, _ := g.Encode()
				for _, forged := range forgeries(a) {
					if _, err := g.Apply(forged); err == nil {
						return fmt.Errorf("game %d: forged action %s accepted", n, forged)
					}
				}
				if after, _ := g.Encode(); !bytes.Equal(before, after) {
					return fmt.Errorf("game %d: a refused action changed the game", n)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if g.Step != StepOver {
			t.Fatalf("game %d stopped in step %s", n, g.Step)
		}
	}
	t.Logf("%d games, %d actions, %d undos", games, actions, undos)
}

// forgeries derives from a valid action some that no game can accept.
func forgeries(a Action) []Action {
	out := []Action{a, a, a}
	out[0].Seat += MaxSeats
	out[1].Type = "forged"
	out[2].Seat = -1
	switch a.Type {
	case ActPick:
		b := a
		b.Card = "A99"
		out = append(out, b)
	case ActShelve, ActToken, ActReward, ActSideShelf:
		b := a
		b.Item += 1000
		out = append(out, b)
	case ActRemove:
		b := a
		b.At.Level += 5
		out = append(out, b)
	}
	return out
}

// TestEveryLegalActionIsAccepted checks LegalActions against Apply on the
// states of a few games (40, or 10 under the race detector): every listed
// action must be accepted.
func TestEveryLegalActionIsAccepted(t *testing.T) {
	everyNth(t, 1000, 5, func(n int, g *Game) {
		for seat := range g.Seats {
			for _, a := range g.LegalActions(seat) {
				if _, _, err := Play(g, a); err != nil {
					t.Fatalf("game %d: listed action %s refused: %v", n, a, err)
				}
			}
		}
	})
}

// everyNth plays legalGames random games (2-5 seats, seeds from seedBase)
// and calls check on every n-th position of each, before its next action.
func everyNth(t *testing.T, seedBase uint64, n int, check func(game int, g *Game)) {
	t.Helper()
	for k := 0; k < legalGames; k++ {
		g, _ := NewGame(Config{Subjects: Colors[:2+k%4], Seed: seedBase + uint64(k)})
		p := NewRandomPlayer(uint64(k))
		for step := 0; ; step++ {
			if step%n == 0 {
				check(k, g)
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

func TestReplayIsDeterministic(t *testing.T) {
	for n := 0; n < 50; n++ {
		cfg := Config{Subjects: Colors[:2+n%4], Seed: uint64(n * 31)}
		g, _ := NewGame(cfg)
		p := NewRandomPlayer(uint64(n))
		p.UndoPercent = 20
		acts, err := p.Playout(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Replay(cfg, acts)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := g.Encode()
		b, _ := again.Encode()
		if !bytes.Equal(a, b) {
			t.Fatalf("game %d: replay differs from the game played", n)
		}
	}
}

func TestJSONRoundTrips(t *testing.T) {
	cfg := Config{Subjects: []Color{Pink, Teal, Black}, Seed: 77}
	g, _ := NewGame(cfg)
	p := NewRandomPlayer(5)
	p.UndoPercent = 10
	for step := 0; ; step++ {
		data, err := g.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeGame(data)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		again, _ := back.Encode()
		if !bytes.Equal(data, again) {
			t.Fatalf("step %d: state JSON does not round-trip", step)
		}
		a, ok := p.Next(g)
		if !ok {
			break
		}
		raw, _ := json.Marshal(a)
		var decoded Action
		if err := json.Unmarshal(raw, &decoded); err != nil || decoded != a {
			t.Fatalf("action %s does not round-trip through %s: %v", a, raw, err)
		}
		ev1, err1 := g.Apply(a)
		ev2, err2 := back.Apply(decoded)
		if err1 != nil || err2 != nil {
			t.Fatalf("step %d: %v / %v", step, err1, err2)
		}
		e1, _ := json.Marshal(ev1)
		e2, _ := json.Marshal(ev2)
		if !bytes.Equal(e1, e2) {
			t.Fatalf("step %d: a decoded game produced other events", step)
		}
	}
	if g.Step != StepOver {
		t.Fatal("game did not finish")
	}
	if _, err := DecodeGame([]byte(`{"v":99}`)); err == nil {
		t.Fatal("a state of an unknown version was accepted")
	}
}

func TestViewsHideSecrets(t *testing.T) {
	g, _ := NewGame(Config{Subjects: Colors[:3], Seed: 12})
	g.Apply(Action{Type: ActPick, Seat: 1, Card: g.CardCode(g.Seats[1].Hand[2])})
	for _, viewer := range []int{0, 1, Spectator} {
		v := g.View(viewer)
		if v.RNG != 0 || v.Seed != 0 || v.Decks[0] != nil || v.ObjectiveDeck != nil || !slices.IsSorted(v.Bag) {
			t.Fatalf("viewer %d sees the generator, decks or bag order", viewer)
		}
		for i := range v.Seats {
			if i != viewer && (v.Seats[i].Hand != nil || v.Seats[i].Pick >= 0) {
				t.Fatalf("viewer %d sees seat %d's hand or pick", viewer, i)
			}
			if v.Seats[i].HandCount != len(g.Seats[i].Hand) {
				t.Fatalf("viewer %d does not see how many cards seat %d holds", viewer, i)
			}
		}
		if _, err := v.Apply(Action{Type: ActPick, Seat: 0, Card: "A01"}); err == nil {
			t.Fatal("a view accepted an action")
		}
	}
	if v := g.View(1); v.Seats[1].Pick != g.Seats[1].Pick || v.Seats[1].Hand == nil {
		t.Fatal("a seat does not see its own hand and pick")
	}
}

// FuzzApply feeds arbitrary action payloads to games at various points:
// nothing panics, and a refused action leaves the game unchanged.
func FuzzApply(f *testing.F) {
	f.Add(uint8(0), []byte(`{"type":"pick","seat":0,"card":"A01"}`))
	f.Add(uint8(9), []byte(`{"type":"shelve","seat":1,"item":1,"color":"T","at":"II.2.3"}`))
	f.Add(uint8(20), []byte(`{"type":"remove","seat":0,"at":"V.1.1"}`))
	f.Add(uint8(30), []byte(`{"type":"token","seat":2,"item":2,"use":"candle","candle":6}`))
	f.Add(uint8(40), []byte(`{"type":"side_shelf","seat":1,"item":3,"shelf":4,"side":"left"}`))
	f.Add(uint8(50), []byte(`{"type":"score","seat":0,"objective":"O01"}`))
	f.Add(uint8(60), []byte(`{"type":"undo","seat":-1}`))
	f.Add(uint8(70), []byte(`{"type":"reward","seat":0,"item":-5,"reward":"side_shelf"}`))
	f.Fuzz(func(t *testing.T, steps uint8, payload []byte) {
		g, _ := NewGame(Config{Subjects: Colors[:3], Seed: uint64(steps)})
		p := NewRandomPlayer(uint64(steps))
		for i := 0; i < int(steps)*3; i++ {
			a, ok := p.Next(g)
			if !ok {
				break
			}
			g.Apply(a)
		}
		var a Action
		if json.Unmarshal(payload, &a) != nil {
			return
		}
		before, _ := g.Encode()
		if _, err := g.Apply(a); err != nil {
			if after, _ := g.Encode(); !bytes.Equal(before, after) {
				t.Fatalf("refused %s changed the game", a)
			}
			return
		}
		if err := checkInvariants(g); err != nil {
			t.Fatalf("accepted %s: %v", a, err)
		}
	})
}

// TestUndoRestoresTheGameExactly plays random games and, after every
// undoable action, undoes it on a copy: the copy must encode exactly as the
// game did before the action, apart from the action counters (Seq and the
// seat's Moves, which only grow). Undo entries store only what an action
// may change, so this is what keeps them complete.
func TestUndoRestoresTheGameExactly(t *testing.T) {
	games := undoGames
	checked := 0
	for n := 0; n < games; n++ {
		g, _ := NewGame(Config{Subjects: Colors[:2+n%4], Seed: uint64(7000 + n)})
		p := NewRandomPlayer(uint64(n))
		p.UndoPercent = 15
		for {
			a, ok := p.Next(g)
			if !ok {
				break
			}
			before := g.Clone()
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
			s := &g.Seats[a.Seat]
			if a.Type == ActUndo || a.Type == ActPick || a.Type == ActDone || len(s.Undo) == 0 {
				continue
			}
			undone := g.Clone()
			if _, err := undone.Apply(Action{Type: ActUndo, Seat: a.Seat}); err != nil {
				t.Fatalf("game %d: undo after %s: %v", n, a, err)
			}
			if undone.Seats[a.Seat].Moves != before.Seats[a.Seat].Moves+2 || undone.Seq != before.Seq+2 {
				t.Fatalf("game %d: undo after %s: moves %d, seq %d", n, a, undone.Seats[a.Seat].Moves, undone.Seq)
			}
			undone.Seq, undone.Seats[a.Seat].Moves = before.Seq, before.Seats[a.Seat].Moves
			want, _ := before.Encode()
			got, _ := undone.Encode()
			if !bytes.Equal(want, got) {
				t.Fatalf("game %d: undoing %s does not restore the game:\nbefore %s\nundone %s", n, a, want, got)
			}
			checked++
		}
	}
	t.Logf("%d undos checked", checked)
}

// TestClonesPlayInParallel plays on clones of one mid-turn game (with undo
// stacks, which clones share parts of) from several goroutines at once,
// undoing often. Each clone must end exactly as the same actions replayed
// alone on a fresh clone, and the race detector must see no shared write.
func TestClonesPlayInParallel(t *testing.T) {
	g, _ := NewGame(Config{Subjects: Colors[:4], Seed: 99})
	p := NewRandomPlayer(3)
	// Seat 0 shelves (never finishing) until it has two actions to undo.
	for tries := 0; g.Step != StepResolve || len(g.Seats[0].Undo) < 2; tries++ {
		a, ok := p.Next(g)
		if g.Step == StepResolve {
			a, ok = p.For(g, 0)
		}
		if !ok || tries > 1000 {
			t.Fatal("seat 0 never had two actions to undo")
		}
		if a.Type == ActDone {
			continue
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	const workers = 4
	played := make([][]Action, workers)
	finals := make([][]byte, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := g.Clone()
			rp := NewRandomPlayer(uint64(w))
			rp.UndoPercent = 30
			played[w], errs[w] = rp.Playout(c, nil)
			finals[w], _ = c.Encode()
		}()
	}
	wg.Wait()
	for w := 0; w < workers; w++ {
		if errs[w] != nil {
			t.Fatalf("worker %d: %v", w, errs[w])
		}
		c := g.Clone()
		for _, a := range played[w] {
			if _, err := c.Apply(a); err != nil {
				t.Fatalf("worker %d's actions replayed alone: %v", w, err)
			}
		}
		if alone, _ := c.Encode(); !bytes.Equal(alone, finals[w]) {
			t.Fatalf("worker %d's game differs from its actions replayed alone", w)
		}
	}
}

// TestRemovalsAreListedExactly checks, on the shelves of random play-outs,
// that a book is listed for removal exactly when Apply accepts its removal.
func TestRemovalsAreListedExactly(t *testing.T) {
	checked := 0
	everyNth(t, 3000, 7, func(n int, g *Game) {
		if g.Step != StepResolve {
			return
		}
		for seat := range g.Seats {
			s := &g.Seats[seat]
			if s.Status != StatusShelving {
				continue
			}
			c := g.Clone()
			c.Seats[seat].Reshelves = 2
			listed := map[Pos]bool{}
			for _, a := range c.LegalActions(seat) {
				if a.Type == ActRemove {
					listed[a.At] = true
				}
			}
			for id := CompID(0); id < NumComps; id++ {
				cp := &c.Seats[seat].Comps[id]
				for l := 0; l < cp.Levels; l++ {
					for x := 0; x < cp.Width; x++ {
						if !cp.occupied(l, x) {
							continue
						}
						at := Pos{id, l, x}
						if cp.At(l, x).Pair == PairRight {
							continue // listed at the pair's left half
						}
						_, _, err := Play(c, Action{Type: ActRemove, Seat: seat, At: at})
						if (err == nil) != listed[at] {
							t.Fatalf("game %d seat %d %s: removing %s: Apply %v, listed %v", n, seat, c.Shelves(seat), at, err, listed[at])
						}
						checked++
					}
				}
			}
		}
	})
	t.Logf("%d removals checked", checked)
}

// TestPlacementMasksMatchTheShelvingRules compares the bit masks that list
// where books and pairs may go with the rule checks space by space, on the
// shelves of random play-outs.
func TestPlacementMasksMatchTheShelvingRules(t *testing.T) {
	checked := 0
	everyNth(t, 5000, 3, func(n int, g *Game) {
		for seat := range g.Seats {
			for id := CompID(0); id < NumComps; id++ {
				c := &g.Seats[seat].Comps[id]
				for width := 1; width <= 2; width++ {
					m := c.placeMask(width)
					for l := 0; l < c.Levels; l++ {
						for x := 0; x < c.Width; x++ {
							if got, want := m&(1<<(l*c.Width+x)) != 0, c.Present && c.canPlace(l, x, width); got != want {
								t.Fatalf("game %d seat %d %s: width %d at %s: mask %v, rules %v", n, seat, g.Shelves(seat), width, Pos{id, l, x}, got, want)
							}
							checked++
						}
					}
				}
			}
		}
	})
	t.Logf("%d spaces checked", checked)
}
