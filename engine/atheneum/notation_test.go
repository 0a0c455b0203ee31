package atheneum

import "testing"

func TestShelvesNotationRoundTrips(t *testing.T) {
	tests := []string{
		"I*:T... II:.../TV. III*:../.. IV*:..... V*:.../.../Kgp L3*:.../... c=o..|..|--",
		"I:TTTT II*:.../... III:TT/KK IV*:..... V*:.../.../... L3:TTT/GKV R8:VK/GP/KV c=ooo|.o|o.",
		"I*:.... II*:.../... III*:../.. IV*:..... V*:.../.../... R10*:./././. c=...|--|..",
	}
	for _, text := range tests {
		t.Run(text+" reads back the same", func(t *testing.T) {
			g := newTestGame(t, 2)
			mustShelves(t, g, 1, text)
			if got := g.Shelves(1); got != text {
				t.Fatalf("got  %s\nwant %s", got, text)
			}
		})
	}
	for _, bad := range []string{"II:..../...", "V:.../.../Kg.", "Q:....", "L99:..", "I:.... c=o", "IV:....!"} {
		t.Run(bad+" is refused", func(t *testing.T) {
			g := newTestGame(t, 2)
			if err := g.SetShelves(0, bad); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

func TestPositionsParseAsPlayersTypeThem(t *testing.T) {
	for _, s := range []string{"II.2.3", "ii 2 3", "II-2-3"} {
		p, err := ParsePos(s)
		if err != nil || p != (Pos{CompII, 1, 2}) || p.String() != "II.2.3" {
			t.Errorf("%q -> %v, %v", s, p, err)
		}
	}
	for _, s := range []string{"", "VI.1.1", "II.0.1", "II.1", "II.a.1"} {
		if _, err := ParsePos(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestCardAndObjectiveNotation(t *testing.T) {
	c, err := Load("atheneum-1") // frozen, so the pieces below never change
	if err != nil {
		t.Fatal(err)
	}
	i, _ := c.CardIndex("A01")
	if got := c.Cards[i].Notation(); got != "A01 T T | V | G" {
		t.Errorf("A01 = %q", got)
	}
	o, _ := c.ObjectiveIndex("O19")
	if got := c.Objectives[o].Notation(); got != "O19 named 3pt+W II|III:V/P" {
		t.Errorf("O19 = %q", got)
	}
	o, _ = c.ObjectiveIndex("O29")
	if got := c.Objectives[o].Notation(); got != "O29 shape 6pt I:####,III:##" {
		t.Errorf("O29 = %q", got)
	}
}
