package atheneum

import (
	"encoding/json"
	"testing"
)

// TestActionJSONWritesEveryDocumentedField checks the JSON form of each
// action type against docs/atheneum/notation.md, with the zero values that used to
// be dropped: space I.1.1 and the first candle space.
func TestActionJSONWritesEveryDocumentedField(t *testing.T) {
	tests := []struct {
		name string
		a    Action
		want string
	}{
		{"a pick writes its card",
			Action{Type: ActPick, Seat: 1, Card: "A07"}, `{"type":"pick","seat":1,"card":"A07"}`},
		{"a book shelved at I.1.1 writes the space",
			Action{Type: ActShelve, Seat: 0, Item: 3, At: Pos{CompI, 0, 0}}, `{"type":"shelve","seat":0,"item":3,"at":"I.1.1"}`},
		{"a book of any colour writes its colour, a turned pair its flip",
			Action{Type: ActShelve, Seat: 2, Item: 1, Color: Teal, Flip: true, At: Pos{CompII, 1, 2}}, `{"type":"shelve","seat":2,"item":1,"color":"T","flip":true,"at":"II.2.3"}`},
		{"a removal from I.1.1 writes the space",
			Action{Type: ActRemove, Seat: 0, At: Pos{CompI, 0, 0}}, `{"type":"remove","seat":0,"at":"I.1.1"}`},
		{"a candle in the first candle space writes candle 0",
			Action{Type: ActToken, Seat: 0, Item: 4, Use: UseCandle}, `{"type":"token","seat":0,"item":4,"use":"candle","candle":0}`},
		{"a candle elsewhere writes its space",
			Action{Type: ActToken, Seat: 0, Item: 4, Use: UseCandle, Candle: 5}, `{"type":"token","seat":0,"item":4,"use":"candle","candle":5}`},
		{"a token used for its benefit writes no candle",
			Action{Type: ActToken, Seat: 0, Item: 4, Use: UseBenefit}, `{"type":"token","seat":0,"item":4,"use":"benefit"}`},
		{"a spider's reward writes the reward",
			Action{Type: ActReward, Seat: 0, Item: 5, Reward: RewardBook}, `{"type":"reward","seat":0,"item":5,"reward":"book"}`},
		{"a side shelf writes the shelf and the side",
			Action{Type: ActSideShelf, Seat: 0, Item: 6, Shelf: 3, Side: SideLeft}, `{"type":"side_shelf","seat":0,"item":6,"shelf":3,"side":"left"}`},
		{"a score writes the objective",
			Action{Type: ActScore, Seat: 0, Objective: "O12"}, `{"type":"score","seat":0,"objective":"O12"}`},
		{"done writes no space and no candle",
			Action{Type: ActDone, Seat: 3}, `{"type":"done","seat":3}`},
		{"undo writes no space and no candle",
			Action{Type: ActUndo, Seat: 0}, `{"type":"undo","seat":0}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.a)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
			var back Action
			if err := json.Unmarshal(got, &back); err != nil || back != tc.a {
				t.Fatalf("%s reads back as %+v (%v)", got, back, err)
			}
			again, _ := json.Marshal(back)
			if string(again) != string(got) {
				t.Fatalf("not canonical: %s then %s", got, again)
			}
		})
	}
}

// TestOldActionRecordsStillLoad reads actions as records wrote them before
// "at" and "candle" were always written: a missing space is I.1.1 and a
// missing candle space is the first one.
func TestOldActionRecordsStillLoad(t *testing.T) {
	tests := []struct {
		name string
		json string
		want Action
	}{
		{"a shelve without at is a move to I.1.1",
			`{"type":"shelve","seat":1,"item":2}`, Action{Type: ActShelve, Seat: 1, Item: 2, At: Pos{CompI, 0, 0}}},
		{"a remove without at takes the book at I.1.1",
			`{"type":"remove","seat":0}`, Action{Type: ActRemove, Seat: 0, At: Pos{CompI, 0, 0}}},
		{"a candle without candle goes in the first candle space",
			`{"type":"token","seat":0,"item":4,"use":"candle"}`, Action{Type: ActToken, Seat: 0, Item: 4, Use: UseCandle, Candle: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var a Action
			if err := json.Unmarshal([]byte(tc.json), &a); err != nil {
				t.Fatal(err)
			}
			if a != tc.want {
				t.Fatalf("read %+v, want %+v", a, tc.want)
			}
		})
	}
	t.Run("an old record replays to the same game as a new one", func(t *testing.T) {
		g := newTestGame(t, 2)
		id := give(g, 0, Item{Kind: ItemBook, Color: Teal})
		var a Action
		if err := json.Unmarshal([]byte(`{"type":"shelve","seat":0,"item":`+itoa(id)+`}`), &a); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if got := g.Seats[0].Comps[CompI].rows(); got != "T..." {
			t.Fatalf("compartment I is %q after the old action, want T...", got)
		}
	})
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
