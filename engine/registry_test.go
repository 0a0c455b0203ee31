package engine

import (
	"slices"
	"testing"
)

// namedRules are rules with nothing but a name, to register.
type namedRules struct {
	Rules
	id string
}

func (r namedRules) ID() string { return r.id }

func TestTheRegistryFindsGamesByName(t *testing.T) {
	Register(namedRules{id: "test-registry-a"})
	Register(namedRules{id: "test-registry-b"})
	t.Run("a registered game is found by its name", func(t *testing.T) {
		if r, ok := Lookup("test-registry-a"); !ok || r.ID() != "test-registry-a" {
			t.Errorf("found %v, %v", r, ok)
		}
	})
	t.Run("an unknown name finds nothing", func(t *testing.T) {
		if _, ok := Lookup("test-registry-none"); ok {
			t.Error("found a game never registered")
		}
	})
	t.Run("the registered names are listed in order", func(t *testing.T) {
		ids := Registered()
		if i := slices.Index(ids, "test-registry-a"); i < 0 || i+1 >= len(ids) || ids[i+1] != "test-registry-b" {
			t.Errorf("listed %v", ids)
		}
	})
	t.Run("a second game of the same name is a programming error", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("registering a name twice did not panic")
			}
		}()
		Register(namedRules{id: "test-registry-a"})
	})
}

func TestMoveSeat(t *testing.T) {
	for _, c := range []struct {
		name string
		move Move
		seat int
		ok   bool
	}{
		{"a move names its seat first", "s2 p SE 12a", 2, true},
		{"a seat alone is read", "s0", 0, true},
		{"two digits are read", "s11 e", 11, true},
		{"a move without its seat is refused", "p SE", 0, false},
		{"a seat with a leading zero is refused", "s01 e", 0, false},
		{"letters after the number are refused", "s1x e", 0, false},
		{"an empty move is refused", "", 0, false},
		{"a huge seat is refused", "s999999999999 e", 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			seat, ok := MoveSeat(c.move)
			if seat != c.seat || ok != c.ok {
				t.Fatalf("MoveSeat(%q) = %d, %v; want %d, %v", c.move, seat, ok, c.seat, c.ok)
			}
		})
	}
}
