package anludim

import (
	"math/bits"
	"reflect"
	"testing"
)

// refCheckPlay is checkPlay as it was before playFault: every refusal
// built where it is found. TestPlayFaultAgreesWithTheRefusals holds
// playFault and the refusals checkPlay builds from it to it.
func refCheckPlay(g *Game, m Move) (plan, error) {
	var pl plan
	if g.mainDone {
		return pl, refuse(CodeMainDone)
	}
	if m.Prof < 0 || m.Prof >= NumProfessors {
		return pl, refuse(CodeBadProfessor, "Prof", int(m.Prof))
	}
	if len(m.Cards) < 2 || len(m.Cards) > NumCards {
		return pl, refuse(CodeNotCombination, "Prof", m.Prof.ID())
	}
	auto := 0
	for _, u := range m.Cards {
		if u.Side == AutoSide {
			auto++
		}
		if u.Card < 0 || u.Card >= NumCards || u.Side < AutoSide || u.Side > 1 || auto > maxAuto {
			return pl, refuse(CodeBadCard, "Card", u.Card)
		}
		if pl.cards.has(u.Card) {
			return pl, refuse(CodeDuplicateCard, "Card", u.Card)
		}
		pl.cards.add(u.Card)
		if g.hands[m.Seat].has(u.Card) {
			continue
		}
		slot := g.comboOf(u.Card)
		if !g.opts.Expert || slot < 0 {
			return pl, refuse(CodeNotInHand, "Card", u.Card)
		}
		c := &g.combos[slot]
		if int(c.owner) != m.Seat || Professor(c.prof) > m.Prof {
			return pl, refuse(CodeCardNotMovable, "Card", u.Card)
		}
		pl.sources |= 1 << slot
	}
	// Ruling 17: cards move only to a higher combination. The seat's own
	// combinations of the same professor are only taken whole; since
	// EditionHigherOnly, one of them at most, and with at least one card
	// more, never laid again as it was nor joined to another of that
	// professor (the first edition allowed both).
	var same uint64
	for s := 0; s < maxCombos; s++ {
		if pl.sources&(1<<s) != 0 && Professor(g.combos[s].prof) == m.Prof {
			same |= 1 << s
		}
	}
	if bits.OnesCount64(same) > 1 && g.higherOnly() {
		return pl, refuse(CodeMergedCombinations, "Prof", m.Prof.ID())
	}
	for s := 0; s < maxCombos; s++ {
		if same&(1<<s) == 0 {
			continue
		}
		if missing := g.combos[s].cards.andNot(pl.cards); !missing.empty() {
			return pl, refuse(CodeWholeCombination, "Card", missing.min())
		}
		if pl.cards == g.combos[s].cards && g.higherOnly() {
			return pl, refuse(CodeNothingAdded, "Prof", m.Prof.ID())
		}
	}
	bar := g.bar(m.Prof, pl.sources)
	pl.uses = m.Cards
	if auto > 0 {
		// Sides left to the game: the strongest reading that takes the
		// professor, else the strongest valid one to say why it fails.
		pl.uses = bestReading(m.Prof, m.Cards, auto, bar)
	}
	pl.strength = strengthOf(m.Prof, pl.uses)
	if pl.strength == 0 {
		return pl, refuse(CodeNotCombination, "Prof", m.Prof.ID())
	}
	if pl.strength <= bar {
		return pl, refuse(CodeNotStrongest, "Prof", m.Prof.ID())
	}
	return pl, nil
}

// randomPlay is a play for seat to be checked: cards from its hand, from
// the combinations on the table (any seat's), or any number, some named
// twice; sides read, left to the game or out of range; a professor now
// and then out of range; or (expert) one or two of the seat's own
// combinations taken whole with a few cards of its hand or none. Most are
// refused, for every reason checkPlay has.
func randomPlay(g *Game, r *testRNG, seat int) Move {
	m := Move{Seat: seat, Kind: Play, Prof: Professor(r.intn(NumProfessors))}
	var own []int
	for s := range g.combos {
		if int(g.combos[s].owner) == seat {
			own = append(own, s)
		}
	}
	if len(own) > 0 && r.intn(3) == 0 {
		var cards cardSet
		first := own[r.intn(len(own))]
		cards = g.combos[first].cards
		m.Prof = Professor(g.combos[first].prof)
		if r.intn(3) == 0 {
			second := own[r.intn(len(own))]
			cards = cards.or(g.combos[second].cards)
			m.Prof = max(m.Prof, Professor(g.combos[second].prof))
		}
		if r.intn(4) == 0 {
			m.Prof = Professor(r.intn(NumProfessors))
		}
		hand := g.hands[seat].appendTo(nil)
		for range r.intn(3) {
			if len(hand) > 0 {
				cards.add(hand[r.intn(len(hand))])
			}
		}
		for _, c := range cards.appendTo(nil) {
			m.Cards = append(m.Cards, Use{Card: c, Side: r.intn(3) - 1})
		}
		return m
	}
	var pool []int
	pool = g.hands[seat].appendTo(pool)
	for s := range g.combos {
		if g.combos[s].owner >= 0 {
			pool = g.combos[s].cards.appendTo(pool)
		}
	}
	if r.intn(50) == 0 {
		m.Prof = Professor(r.intn(NumProfessors+4) - 2)
	}
	n := 2 + r.intn(5)
	switch r.intn(20) {
	case 0:
		n = r.intn(2)
	case 1:
		n = 7 + r.intn(NumCards)
	}
	for range n {
		u := Use{Card: r.intn(NumCards), Side: r.intn(2)}
		if len(pool) > 0 && r.intn(10) > 0 {
			u.Card = pool[r.intn(len(pool))]
		}
		switch r.intn(40) {
		case 0:
			u.Card = r.intn(NumCards+4) - 2
		case 1:
			u.Side = r.intn(5) - 2
		case 2, 3, 4, 5, 6, 7:
			u.Side = AutoSide
		}
		m.Cards = append(m.Cards, u)
	}
	return m
}

// TestPlayFaultAgreesWithTheRefusals: on positions of random games, base
// and expert, at both editions, random plays (and every reading of the
// seat's first cards, as ReadingOptions tries them) are refused by
// playFault for exactly the reason, and passed with exactly the plan, of
// the check as it was (refCheckPlay), whose refusal, Code and Args,
// checkPlay and Apply still return.
func TestPlayFaultAgreesWithTheRefusals(t *testing.T) {
	games, checks := faultGames, faultChecks
	codes := map[string]int{}
	compare := func(g *Game, m Move) {
		t.Helper()
		want, wantErr := refCheckPlay(g, m)
		got, f := g.playFault(m)
		if !reflect.DeepEqual(got, want) || f.code == "" != (wantErr == nil) || wantErr != nil && f.code != wantErr.(*Refusal).Code {
			t.Fatalf("%v: playFault gives %+v, %+v; the check as it was %+v, %v", m, got, f, want, wantErr)
		}
		got, err := g.checkPlay(m)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(err, wantErr) {
			t.Fatalf("%v: checkPlay gives %+v, %v; the check as it was %+v, %v", m, got, err, want, wantErr)
		}
		if wantErr != nil && m.Seat == g.awaited() && g.phase != phaseKeep {
			c := g.Clone()
			if _, err := c.Apply(m); !reflect.DeepEqual(err, wantErr) {
				t.Fatalf("%v: Apply refuses %v; the check as it was %v", m, err, wantErr)
			}
		}
		codes[f.code]++
	}
	for i := range games {
		opts := []Options{{}, {Expert: true}, {Expert: true, Edition: EditionFirst}}[i%3]
		seed := uint64(1000 + i)
		g, err := New(seed, 2+i%4, opts)
		if err != nil {
			t.Fatal(err)
		}
		r := newTestRNG(seed * 13)
		var buf []Move
		for !g.Over() {
			if g.phase != phaseKeep {
				n := checks
				if g.mainDone {
					n = 2 // refused at once, whatever the play
				}
				for range n {
					seat := g.awaited()
					if r.intn(4) == 0 {
						seat = r.intn(g.Seats())
					}
					compare(g, randomPlay(g, r, seat))
				}
				seat := g.awaited()
				hand := g.hands[seat].appendTo(nil)
				if len(hand) > 4 {
					hand = hand[:4]
				}
				for code := range 1 << len(hand) {
					m := Move{Seat: seat, Kind: Play, Prof: Professor(r.intn(NumProfessors))}
					for j, c := range hand {
						m.Cards = append(m.Cards, Use{Card: c, Side: code >> j & 1})
					}
					compare(g, m)
				}
			}
			var m Move
			buf, m = randomMove(g, r, buf)
			if err := g.Do(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Two combinations of one professor in one seat's hands, which random
	// games seldom reach: the position of ruling 17's merge (see
	// TestRulings), at both editions.
	for _, opts := range []Options{{Expert: true}, {Expert: true, Edition: EditionFirst}} {
		g := rig(t, 2, opts, []int{id(4, Amber), id(4, Azure), id(5, Amber), id(5, Azure)})
		must(t, g, play(Necromancer, 0, a(id(4, Amber)), a(id(4, Azure))), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
		must(t, g, play(Necromancer, 0, a(id(5, Amber)), a(id(5, Azure))), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
		setHand(g, 0, []int{id(3, Jade), id(3, Ruby)})
		merged := []Use{a(id(4, Amber)), a(id(4, Azure)), a(id(5, Amber)), a(id(5, Azure))}
		compare(g, play(Necromancer, 0, merged...))
		compare(g, play(Necromancer, 0, append(merged, a(id(3, Jade)), a(id(3, Ruby)))...))
		r := newTestRNG(uint64(opts.Edition))
		for range 10 * checks {
			compare(g, randomPlay(g, r, 0))
		}
	}
	for _, c := range []string{"", CodeMainDone, CodeBadProfessor, CodeNotCombination, CodeBadCard, CodeDuplicateCard,
		CodeNotInHand, CodeCardNotMovable, CodeMergedCombinations, CodeWholeCombination, CodeNothingAdded, CodeNotStrongest} {
		if codes[c] == 0 {
			t.Errorf("no play checked came out %q: %v", c, codes)
		}
	}
	t.Logf("%v", codes)
}
