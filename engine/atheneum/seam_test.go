package atheneum

import (
	"encoding/json"
	"errors"
	"testing"

	"atheneum/engine"
)

// TestActionsReadBackFromTheirNotation: every action a game offers, in
// random games at every seat count, is written by String and read back
// by ParseAction as the same action.
func TestActionsReadBackFromTheirNotation(t *testing.T) {
	kinds := map[ActionType]bool{}
	for seats := MinSeats; seats <= MaxSeats; seats++ {
		s, err := Rules.New(uint64(seats), engine.Setup{Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		g := s.(*State).Game
		r := engine.NewRand(uint64(seats))
		for !s.Over() {
			for _, seat := range s.Awaited() {
				for _, a := range g.LegalActions(seat) {
					back, err := ParseAction(a.String())
					if err != nil || back != a {
						t.Fatalf("%q read back as %+v (%v), want %+v", a.String(), back, err, a)
					}
					kinds[a.Type] = true
				}
			}
			seat := s.Awaited()[0]
			m, err := engine.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []ActionType{ActPick, ActShelve, ActToken, ActDone, ActUndo} {
		if !kinds[k] {
			t.Errorf("no %s action was offered in the games", k)
		}
	}
}

func TestNotationThatIsNotAnActionIsRefused(t *testing.T) {
	for _, s := range []string{"", "s0", "pick A01", "s0 pick", "s0 pick A01 A02", "sX done", "s7 done", "s0 done now",
		"s0 shelve 3 II.1.1", "s0 shelve #3 Q II.1.1", "s0 shelve #3 II.1", "s0 shelve #3 II.01.1", "s0 token #1 candle 0",
		"s0 token #1 candle 8", "s0 token #1 burn", "s0 reward #1 gold", "s0 side_shelf #1 S2 up", "s0 side_shelf #1 2 left",
		"s0 remove", "s0 jump"} {
		t.Run(s+" is refused", func(t *testing.T) {
			if a, err := ParseAction(s); err == nil {
				t.Errorf("read as %+v", a)
			}
		})
	}
}

// TestTheSeamRefusesWithTheRulesCode: a move refused at the seam keeps
// the rules' refusal code and arguments, for the catalogue to word.
func TestTheSeamRefusesWithTheRulesCode(t *testing.T) {
	s, err := Rules.New(1, engine.Setup{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Apply("s0 pick Z99")
	var r *engine.Refusal
	if !errors.As(err, &r) || r.Code == "" {
		t.Fatalf("got %v, want a refusal with a code", err)
	}
	_, err = s.Apply("not a move")
	if !errors.As(err, &r) || r.Code != "notation" {
		t.Fatalf("got %v, want the notation refusal", err)
	}
	if _, err := Rules.New(1, engine.Setup{Seats: 3, SeatOptions: []map[string]string{{SeatOptionSubject: "T"}, {SeatOptionSubject: "T"}}}); !errors.As(err, &r) {
		t.Fatalf("two seats of one subject: got %v, want a refusal", err)
	}
}

// TestStoredActionsReadAsNotation: every action a game offers, stored as
// JSON as records kept them before the game seam, reads back as its
// notation; anything else stored is refused.
func TestStoredActionsReadAsNotation(t *testing.T) {
	reader := Rules.(engine.LegacyReader)
	s, err := Rules.New(3, engine.Setup{Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	g := s.(*State).Game
	r := engine.NewRand(3)
	for n := 0; !s.Over(); n++ {
		for _, seat := range s.Awaited() {
			for _, a := range g.LegalActions(seat) {
				data, err := json.Marshal(a)
				if err != nil {
					t.Fatal(err)
				}
				if m, err := reader.ReadLegacyMove(data); err != nil || string(m) != a.String() {
					t.Fatalf("%s read as %q (%v), want %q", data, m, err, a.String())
				}
			}
		}
		m, err := engine.RandomMove(s, s.Awaited()[0], r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []string{``, `{}x`, `{"type":"pick","seat":0,"card":"A01","extra":1}`, `[1]`, `{"type":"pick","seat":0,"card":"A01"} {}`} {
		if m, err := reader.ReadLegacyMove([]byte(bad)); err == nil {
			t.Errorf("%q read as %q", bad, m)
		}
	}
}

func TestAtheneumIsRegistered(t *testing.T) {
	if r, ok := engine.Lookup(GameID); !ok || r.ID() != GameID {
		t.Errorf("found %v, %v", r, ok)
	}
}
