package exlibris

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"testing"
)

// normalized is g with what a snapshot leaves out cleared: the deck and
// the discard pile past their ends, the task stack above its top, the
// unused tile 0, the places of cards out of the collections.
func normalized(g *Game) Game {
	n := *g
	n.undo = nil
	for i := n.deckN; i < NumCards; i++ {
		n.deck[i] = 0
	}
	for i := n.discardN; i < NumCards; i++ {
		n.discard[i] = 0
	}
	for i := n.depth; i < maxDepth; i++ {
		n.stack[i] = task{}
	}
	n.tiles[0] = tile{}
	var placed cardSet
	for s := range n.coll {
		placed = placed.or(n.coll[s]).or(n.buried[s])
	}
	for c := 0; c < NumCards; c++ {
		if !placed.has(c) {
			n.posR[c], n.posC[c], n.under[c] = 0, 0, 0
		}
	}
	return n
}

// roundTrip writes g down and reads it back.
func roundTrip(t testing.TB, g *Game) *Game {
	t.Helper()
	data, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalGame(data)
	if err != nil {
		t.Fatalf("at %s: %v", g.StepKey(), err)
	}
	return back
}

func TestSnapshotsReadBackTheSameGameAtEveryMove(t *testing.T) {
	for seats := 1; seats <= MaxSeats; seats++ {
		for _, mode := range []Mode{Standard, Beginner, Friendly} {
			t.Run(fmt.Sprintf("random games of %d seats in mode %d read back at every move", seats, mode), func(t *testing.T) {
				for i := 0; i < propertyGames; i++ {
					seed := uint64(900 + 10*seats + i)
					g, err := New(seed, seats, Options{Mode: mode, Long: i%2 == 1})
					if err != nil {
						t.Fatal(err)
					}
					r := newTestRNG(seed)
					var buf []Action
					for moves := 0; ; moves++ {
						back := roundTrip(t, g)
						if normalized(back) != normalized(g) || g.undoBy != 0 && normalized(back.undo) != normalized(g.undo) {
							t.Fatalf("seed %d, move %d (%s): the snapshot reads back as another game", seed, moves, g.StepKey())
						}
						if g.Over() {
							break
						}
						// Both go on the same way, randomness included.
						var seat int
						var a Action
						buf, seat, a = randomAction(g, r, buf)
						ev1, err1 := g.Apply(Move{Seat: seat, Keys: a.Keys()})
						ev2, err2 := back.Apply(Move{Seat: seat, Keys: a.Keys()})
						if err1 != nil || err2 != nil || fmt.Sprint(ev1) != fmt.Sprint(ev2) {
							t.Fatalf("seed %d, move %d: the game and its snapshot part ways: %v %v", seed, moves, err1, err2)
						}
					}
				}
			})
		}
	}
}

func TestSnapshotsRefuseViewsDamageAndOtherVersions(t *testing.T) {
	g, _ := playRandomPrefix(t, 8, 3, 90)
	data, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a 3-seat game after 90 moves takes %d bytes", len(data))
	t.Run("a view is not written down", func(t *testing.T) {
		if _, err := g.View(1).MarshalBinary(); err == nil {
			t.Fatal("a view was written down")
		}
	})
	t.Run("a damaged snapshot is refused", func(t *testing.T) {
		for i := range data {
			bad := append([]byte(nil), data...)
			bad[i] ^= 0x10
			if _, err := UnmarshalGame(bad); err == nil {
				t.Fatalf("byte %d changed, and the snapshot was read", i)
			}
		}
		for _, cut := range []int{0, 3, len(data) / 2, len(data) - 1} {
			if _, err := UnmarshalGame(data[:cut]); err == nil {
				t.Fatalf("a snapshot cut to %d bytes was read", cut)
			}
		}
	})
	t.Run("another version is refused", func(t *testing.T) {
		r := rules{}
		if _, err := r.Restore(SnapshotVersion+1, data); err == nil {
			t.Fatal("a snapshot of another version was read")
		}
		if _, err := r.Restore(SnapshotVersion, data); err != nil {
			t.Fatal(err)
		}
	})
}

// seal puts a snapshot's checksum back after its body was changed, as a
// forger would.
func seal(body []byte) []byte {
	return binary.LittleEndian.AppendUint32(append([]byte(nil), body...), crc32.ChecksumIEEE(body))
}

// TestForgedSnapshotsAreRefusedOrPlayOn changes the bytes of snapshots
// (checksum mended) and reads them: each is refused, or reads as a game
// that answers every question and plays on without breaking.
func TestForgedSnapshotsAreRefusedOrPlayOn(t *testing.T) {
	for i, prefix := range []int{0, 130, -1} {
		var g *Game
		if prefix >= 0 {
			g, _ = playRandomPrefix(t, uint64(20+i), 2+2*i, prefix)
		} else {
			// In the middle of a placement that may be taken back: the
			// snapshot holds the game before it too (ruling 50).
			g = undoOpen(t, 22, 3)
			prefix = g.Played()
		}
		data, _ := g.MarshalBinary()
		body := data[:len(data)-4]
		accepted := 0
		for k := range body {
			for _, delta := range []byte{1, 0x80} {
				if delta == 1 && k%3 != 0 {
					continue // every third byte is enough for the small change
				}
				forged := append([]byte(nil), body...)
				forged[k] += delta
				back, err := UnmarshalGame(seal(forged))
				if err != nil {
					continue
				}
				accepted++
				playOn(t, back, uint64(k))
			}
		}
		t.Logf("after %d moves: %d of %d forgeries read as games, which played on", prefix, accepted, len(body)+len(body)/3)
	}
}

// undoOpen plays a random game of seats on until, after its first round,
// the seat asked may take its placement back.
func undoOpen(t testing.TB, seed uint64, seats int) *Game {
	t.Helper()
	g, err := New(seed, seats, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed)
	var buf []Action
	for !g.Over() {
		if aw := g.Awaited(); g.Round() > 1 && len(aw) == 1 && g.CanUndo(aw[0]) {
			return g
		}
		var seat int
		var a Action
		buf, seat, a = randomAction(g, r, buf)
		if err := g.PlayMove(Move{Seat: seat, Keys: a.Keys()}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("seed %d: the undo never opened after the first round", seed)
	return nil
}

// playOn asks a game read from a forged snapshot everything and plays a
// few random decisions; where it offers the undo, it takes the placement
// back on a copy and plays on from there too.
func playOn(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	if aw := g.Awaited(); len(aw) > 0 && g.CanUndo(aw[0]) {
		back := g.Clone()
		if _, err := back.Apply(Move{Seat: aw[0], Keys: []string{UndoKey}}); err != nil {
			t.Fatalf("the undo offered in a forged game was refused: %v", err)
		}
		playOn(t, back, seed)
	}
	r := newTestRNG(seed)
	var buf []Action
	for step := 0; step < 12 && !g.Over(); step++ {
		aw := g.Awaited()
		if len(aw) == 0 {
			if step == 0 {
				t.Fatal("a forged game waits for nobody")
			}
			return // a forged game may get stuck later; it must not break
		}
		for s := -1; s < g.Seats(); s++ {
			_, _ = g.View(s).Decision(max(s, 0))
		}
		_ = g.StepKey()
		seat := aw[r.IntN(len(aw))]
		buf = g.AppendOptions(buf[:0], seat)
		if len(buf) == 0 {
			return // a forged game may be stuck; it must not break
		}
		a := buf[r.IntN(len(buf))]
		if _, err := g.Apply(Move{Seat: seat, Keys: a.Keys()}); err != nil {
			t.Fatalf("an offered move was refused in a forged game: %v", err)
		}
	}
}

// FuzzUnmarshalGame reads forged snapshots: none may break the engine.
func FuzzUnmarshalGame(f *testing.F) {
	for i, prefix := range []int{0, 25, 70, 150} {
		g, _ := playRandomPrefix(f, uint64(i), 1+i, prefix)
		data, _ := g.MarshalBinary()
		f.Add(data[:len(data)-4])
	}
	data, _ := undoOpen(f, 22, 3).MarshalBinary()
	f.Add(data[:len(data)-4])
	f.Fuzz(func(t *testing.T, body []byte) {
		g, err := UnmarshalGame(seal(body))
		if err != nil {
			return
		}
		playOn(t, g, 1)
	})
}
