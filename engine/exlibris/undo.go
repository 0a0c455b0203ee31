package exlibris

// Taking a placement back (ruling 50). A placement is several moves: the
// assistant placed, then what its arrival asks of its seat (the card
// taken, where it is archived...). Until something hidden comes to light
// or another seat answers, the seat may take the whole placement back
// with the undo move: the game returns to the moment before the assistant
// was placed, as if it had not been. The game keeps that moment itself,
// so that a game stays its seed and its moves: the undo move is stored and
// replayed like any other, and a snapshot carries the moment too.

// UndoKey is the undo move's only key ("s0 undo"): Next offers it at the
// start of a move while CanUndo. It is not a decision of the game, so
// AppendOptions leaves it out and no computer player ever plays it.
const UndoKey = "undo"

// CanUndo reports whether seat may take its placement back now: it is
// asked to decide within its own placement, after its assistant was
// placed, and since then nothing hidden came to light (Reveals) and no
// other seat moved. A view answers as its game does.
func (g *Game) CanUndo(seat int) bool {
	return g.undoBy != 0 && int(g.undoBy)-1 == seat && g.waiting(seat) != nil
}

// midPlacement reports whether seat is asked something within its own
// placement: the arrival of the assistant it placed is still under way
// (the game's task and the round's lie under it) and asks seat alone.
func (g *Game) midPlacement(seat int) bool {
	if g.depth < 3 || g.stack[1].op != opRound || g.stack[2].op != opArrive || int(g.stack[2].seat) != seat {
		return false
	}
	t := g.waiting(seat)
	return t != nil && !t.ask.parallel()
}

// keepUndo writes the game as it stands into its undo buffer, before a
// placement is played.
func (g *Game) keepUndo() {
	buf := g.undo
	if buf == nil {
		buf = new(Game)
	}
	*buf = *g
	buf.undo, buf.undoBy = nil, 0
	g.undo = buf
}

// afterMove settles whether the placement under way may still be taken
// back once seat's move (placing: a placement, kept: the game before it
// kept) is played: only while the placing seat alone has moved since,
// nothing came to light and the placement goes on.
func (g *Game) afterMove(seat int, placing, kept bool) {
	if placing {
		g.undoBy = 0
		if kept {
			g.undoBy = int8(seat + 1)
		}
	}
	if g.undoBy != 0 && (g.revealed || int(g.undoBy)-1 != seat || !g.midPlacement(seat)) {
		g.undoBy = 0
	}
}

// takeBack plays seat's undo: the game as it stood before the placement,
// with the moves and steps counted on (the undo is a move, and a step, of
// its own: a store counts it, a button built before it is stale).
func (g *Game) takeBack(seat int, ev *[]Event) {
	arrival := g.stack[2]
	buf := g.undo
	played, steps := g.played+1, g.steps+1
	*g = *buf
	g.undo, g.undoBy = buf, 0
	g.played, g.steps, g.revealed = played, steps, false
	emit(ev, Event{Kind: EvUndone, Seat: seat, Lib: Library(arrival.by), Loc: Location(arrival.loc)})
}

// scratch is a copy of g to work on and throw away (the scores of a
// position): without the undo buffer, which it will not need.
func (g *Game) scratch() *Game {
	c := *g
	c.undo, c.undoBy = nil, 0
	return &c
}
