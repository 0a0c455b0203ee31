package anludim

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestNotationRoundTrip(t *testing.T) {
	moves := []struct {
		name string
		m    Move
		text string
	}{
		{"a hidden recruit is d", Move{Seat: 1, Kind: RecruitHidden}, "s1 d"},
		{"a face-up recruit names its slot", Move{Seat: 0, Kind: RecruitFaceUp, Slot: 2}, "s0 u2"},
		{"a play names the professor and each card's side", Move{Seat: 3, Kind: Play, Prof: Seer, Cards: []Use{{12, 0}, {40, 1}, {33, 0}}}, "s3 p SE 12a 40b 33a"},
		{"a card without a letter leaves its side to the game", Move{Seat: 1, Kind: Play, Prof: Necromancer, Cards: []Use{{4, AutoSide}, {17, 0}}}, "s1 p NE 4 17a"},
		{"a take back names one card of the combination", Move{Seat: 2, Kind: TakeBack, Card: 7}, "s2 t 7"},
		{"a discard names the item", Move{Seat: 0, Kind: Discard, Item: Item{Kind: Talisman, Value: 3}}, "s0 x T3"},
		{"a parchment discard is P", Move{Seat: 4, Kind: Discard, Item: Item{Kind: Parchment, Value: 1}}, "s4 x P"},
		{"end of turn is e", Move{Seat: 0, Kind: EndTurn}, "s0 e"},
		{"undo is z", Move{Seat: 0, Kind: Undo}, "s0 z"},
		{"a kept card is k", Move{Seat: 1, Kind: Keep, Card: 64}, "s1 k 64"},
	}
	for _, c := range moves {
		t.Run(c.name, func(t *testing.T) {
			if got := c.m.String(); got != c.text {
				t.Fatalf("String %q, want %q", got, c.text)
			}
			back, err := ParseMove(c.text)
			if err != nil || back.String() != c.text {
				t.Fatalf("ParseMove: %v, %v", back, err)
			}
			data, err := json.Marshal(c.m)
			if err != nil || string(data) != `"`+c.text+`"` {
				t.Fatalf("JSON %s, %v", data, err)
			}
			var j Move
			if err := json.Unmarshal(data, &j); err != nil || j.String() != c.text {
				t.Fatalf("JSON back %v, %v", j, err)
			}
		})
	}
}

func TestNotationRejectsMalformedText(t *testing.T) {
	for _, s := range []string{"", "s0", "x d", "0 d", "s-1 d", "s5 d", "s01 d", "S0 d", "s d", "s0 u3", "s0 p", "s0 p SE", "s0 p XX 1a 2a", "s0 p SE 1c 2a", "s0 p SE a 2a", "s0 p SE 1ab 2a",
		"s0 p SE 65a 2a", "s0 p SE 01a 2a", "s0 t", "s0 t 99", "s0 x", "s0 x Q1", "s0 x T0", "s0 x T9", "s0 x T03", "s0 e 1", "s0 q"} {
		t.Run("the text "+s+" is refused", func(t *testing.T) {
			if _, err := ParseMove(s); !errors.Is(err, ErrNotation) {
				t.Fatalf("got %v", err)
			}
		})
	}
	if _, err := json.Marshal(Move{}); err == nil {
		t.Fatal("a move without a kind was written")
	}
}
