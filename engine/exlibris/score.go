package exlibris

// The result categories, in display order (engine.Result Rows).
const (
	RowStability  = "stability"
	RowPopular    = "popular"
	RowBanned     = "banned"
	RowDiversity  = "diversity"
	RowSpeciality = "speciality"
	// RowPublic is the public library's total, in a solo game's result.
	RowPublic = "public_library"
)

// The tie-breaks, in the order they apply (Result.TieBreak).
const (
	TieBooks  = "books"  // more books in the collection
	TieHand   = "hand"   // fewer cards in hand
	TieBanned = "banned" // fewer banned books
)

// scoreRows is one library's inspection.
type scoreRows struct {
	stability, popular, banned, diversity, speciality int
	total                                             int
	icons                                             [NumCategories]int
	buried                                            int
	books, hand                                       int
}

// Row is one line of a seat's results.
type Row struct {
	Category string
	Points   int
}

// Result is one seat's standing.
type Result struct {
	Seat int
	// Rank is 1 for the winners; tied seats share a rank.
	Rank int
	// Score is the total points.
	Score int
	// TieBreak names the rule that set this seat's rank against a seat with
	// the same Score ("" when none was needed).
	TieBreak string
	Rows     []Row
}

// booksOf counts the books of the face-up cards of a set.
func booksOf(s cardSet) (icons [NumCategories]int) {
	for c := s.first(); c >= 0; c = s.next(c) {
		for k := 0; k < NumCategories; k++ {
			icons[k] += int(cardIcons[c][k])
		}
	}
	return icons
}

// inspect scores one set of books (without the popular books, which are
// compared between libraries).
func (g *Game) inspect(icons [NumCategories]int, spec Category) scoreRows {
	r := scoreRows{icons: icons}
	r.banned = -icons[g.banned]
	low := -1
	for k := Category(0); k < NumCategories; k++ {
		if k != g.banned && (low < 0 || icons[k] < low) {
			low = icons[k]
		}
	}
	r.diversity = 3 * low
	if spec >= 0 {
		r.speciality = 2 * icons[spec]
	}
	for _, n := range icons {
		r.books += n
	}
	return r
}

// tally makes the inspection of every library (and, solo, of the public
// one). The game keeps no scores: once it is over nothing changes, so the
// inspection reads the same whenever it is made, and a game copied for a
// view or a play-out stays smaller.
func (g *Game) tally() (rows [MaxSeats]scoreRows, public scoreRows) {
	for s := 0; s < g.n; s++ {
		r := g.inspect(booksOf(g.faceUp(s)), g.spec[s])
		r.buried = g.buried[s].count()
		r.stability = g.stability(s) + 2*r.buried
		r.hand = int(g.handN[s])
		rows[s] = r
	}
	if g.solo {
		pub := g.inspect(booksOf(g.discardSet()), g.publicSpec)
		if rows[0].icons[g.popular] > pub.icons[g.popular] {
			rows[0].popular = popularRewards[0]
		} else {
			pub.popular = popularRewards[0]
		}
		pub.total = pub.popular + pub.banned + pub.diversity + pub.speciality
		public = pub
	} else {
		var counts [MaxSeats]int
		for s := 0; s < g.n; s++ {
			counts[s] = rows[s].icons[g.popular]
		}
		pts := popularPoints(counts[:g.n])
		for s := 0; s < g.n; s++ {
			rows[s].popular = pts[s]
		}
	}
	for s := 0; s < g.n; s++ {
		r := &rows[s]
		r.total = r.stability + r.popular + r.banned + r.diversity + r.speciality
	}
	return rows, public
}

// score tells each library's total at the inspection.
func (g *Game) score(ev *[]Event) {
	if ev == nil {
		return
	}
	rows, public := g.tally()
	for s := 0; s < g.n; s++ {
		emit(ev, Event{Kind: EvScored, Seat: s, Count: rows[s].total})
	}
	if g.solo {
		emit(ev, Event{Kind: EvScored, Seat: -1, Count: public.total})
	}
}

// popularPoints shares the popular rewards (ruling 43): seats with as
// many popular books share the rewards of the places they take, rounded
// up; a seat without any popular book takes no place.
func popularPoints(counts []int) []int {
	out := make([]int, len(counts))
	var placed [MaxSeats]bool
	place := 0
	for place < len(popularRewards) {
		top := 0
		for i, c := range counts {
			if !placed[i] && c > top {
				top = c
			}
		}
		if top == 0 {
			break
		}
		var tied [MaxSeats]int
		n := 0
		for i, c := range counts {
			if !placed[i] && c == top {
				tied[n] = i
				n++
			}
		}
		sum := 0
		for p := place; p < place+n && p < len(popularRewards); p++ {
			sum += popularRewards[p]
		}
		for _, i := range tied[:n] {
			out[i] = (sum + n - 1) / n
			placed[i] = true
		}
		place += n
	}
	return out
}

// Results gives each seat's standing once the game is over (nil before):
// the points by category, ranked by total, then by the rulebook's
// tie-breaks (ruling 45).
func (g *Game) Results() []Result {
	if !g.over {
		return nil
	}
	rows, public := g.tally()
	return g.ranked(&rows, public)
}

// ranked turns the inspection's rows into results.
func (g *Game) ranked(rows *[MaxSeats]scoreRows, public scoreRows) []Result {
	out := make([]Result, g.n)
	for s := 0; s < g.n; s++ {
		r := &rows[s]
		res := Result{Seat: s, Score: r.total, Rows: []Row{
			{RowStability, r.stability}, {RowPopular, r.popular}, {RowBanned, r.banned},
			{RowDiversity, r.diversity}, {RowSpeciality, r.speciality},
		}}
		if g.solo {
			res.Rows = append(res.Rows, Row{RowPublic, public.total})
		}
		res.Rank = 1
		for o := 0; o < g.n; o++ {
			if o == s {
				continue
			}
			better, why := beats(&rows[o], r)
			if better {
				res.Rank++
			}
			if why != "" && res.TieBreak == "" {
				res.TieBreak = why
			}
		}
		out[s] = res
	}
	return out
}

// beats reports whether library a ranks above library b, and the
// tie-break that decided when their totals are equal.
func beats(ra, rb *scoreRows) (bool, string) {
	switch {
	case ra.total != rb.total:
		return ra.total > rb.total, ""
	case ra.books != rb.books:
		return ra.books > rb.books, TieBooks
	case ra.hand != rb.hand:
		return ra.hand < rb.hand, TieHand
	case ra.banned != rb.banned:
		return ra.banned > rb.banned, TieBanned
	}
	return false, ""
}

// SoloWon reports whether the solo player beat the public library (false
// before the end and in a game of several seats).
func (g *Game) SoloWon() bool {
	if !g.over || !g.solo {
		return false
	}
	rows, public := g.tally()
	return rows[0].total > public.total
}

// PublicLibrary gives the public library's points by category once a solo
// game is over (nil otherwise).
func (g *Game) PublicLibrary() []Row {
	if !g.over || !g.solo {
		return nil
	}
	_, p := g.tally()
	return []Row{{RowStability, 0}, {RowPopular, p.popular}, {RowBanned, p.banned},
		{RowDiversity, p.diversity}, {RowSpeciality, p.speciality}}
}
