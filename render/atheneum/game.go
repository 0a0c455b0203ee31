package atheneum

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// Errors returned when one of Atheneum's pictures cannot be made from the
// game given, next to the shared ErrNoGame, ErrNoSeat and ErrNotOver.
var (
	// ErrNotRevealed is returned by DrawReveal when no card has been played
	// this turn.
	ErrNotRevealed = errors.New("render: no cards are revealed")
	// ErrNoScores is returned by DrawReplay without scores to chart or
	// with rows that do not have one score per seat.
	ErrNoScores = errors.New("render: no scores for every seat")
)

// sprites keeps the pieces drawn once (books, cards, icons) and frames each
// picture's static frame, by a key that names its layout and language.
var sprites, frames render.SpriteCache

func check(g *atheneum.Game) error {
	if g == nil || g.Content == nil || len(g.Seats) == 0 {
		return render.ErrNoGame
	}
	return nil
}

func checkSeat(g *atheneum.Game, seat int) error {
	if err := check(g); err != nil {
		return err
	}
	if seat < 0 || seat >= len(g.Seats) {
		return fmt.Errorf("%w: %d of %d", render.ErrNoSeat, seat, len(g.Seats))
	}
	return nil
}

// score is what a seat has scored so far, or its final total.
func score(g *atheneum.Game, seat int) (int, bool) {
	if g.Step == atheneum.StepOver {
		for _, r := range g.Results {
			if r.Seat == seat {
				return r.Total, true
			}
		}
	}
	return g.Seats[seat].Score(), false
}

// subjectName is a subject's name in l ("" for no subject).
func subjectName(l i18n.Lang, col atheneum.Color) string {
	if !col.IsBook() {
		return ""
	}
	return render.T(l, "render.subject."+col.String())
}

// letter is the letter a book of a subject's colour carries in l, and the
// subject's discs: in English the notation's (T teal, V purple, G green, P
// pink, K black), in French the colours' own initials, two letters where
// two colours share one (T turquoise, Vi violet, Ve vert, R rose, N noir).
func letter(l i18n.Lang, col atheneum.Color) string {
	if !col.IsBook() {
		return ""
	}
	return render.T(l, "render.letter."+col.String())
}

// colourName is a book colour's name in l.
func colourName(l i18n.Lang, col atheneum.Color) string {
	return render.T(l, "render.colour."+col.String())
}

// seatTitle writes a seat's subject disc, name, wands and score on one
// line between x0 and x1, baseline y, in the given sizes.
func seatTitle(c *render.Canvas, g *atheneum.Game, seat int, names []string, x0, x1, y float64, big, small render.FontSpec) {
	s := &g.Seats[seat]
	pts, final := score(g, seat)
	label := c.T("render.score") + " "
	if final {
		label = c.T("render.final") + " "
	}
	right := strconv.Itoa(pts)
	wands := c.T("render.wands", "Count", s.Wands) + "  "
	rw := c.Measure(label, small) + c.Measure(right, big) + c.Measure(wands, small)
	x := x1 - rw
	x += c.Text(wands, x, y, small, render.InkSoft, 0)
	x += c.Text(label, x, y, small, render.InkSoft, 0)
	c.Text(right, x, y, big, render.Ink, 0)

	capH := c.CapHeight(big)
	r := big.Size * 0.5
	subjectDisc(c, x0+r, y-capH/2, r, s.Subject, render.Sans(max(minText, big.Size*0.55)))
	nx := x0 + 2*r + 10
	c.TextFit(render.NameOf(c.Lang, names, seat), nx, y, x1-rw-nx-16, big, render.Ink)
}

// WriteAll writes every picture the game's state can show into dir (made
// if needed) as PNG files: table.png, objectives.png, shelves-N.png and
// hand-N.png for each seat N (from 1), reveal.png while cards are revealed
// and results.png once the game is over, each seat's pictures from its own
// view. It is meant for people to look at all the pictures at once.
func WriteAll(dir string, g *atheneum.Game, o render.Options) error {
	if err := check(g); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	type job struct {
		name string
		draw func() (render.Picture, error)
	}
	spectator := g.View(atheneum.Spectator)
	jobs := []job{
		{"table.png", func() (render.Picture, error) { return DrawTable(spectator, o) }},
		{"objectives.png", func() (render.Picture, error) { return DrawObjectives(spectator, o) }},
	}
	for i := range g.Seats {
		n := strconv.Itoa(i + 1)
		v := g.View(i)
		jobs = append(jobs,
			job{"shelves-" + n + ".png", func() (render.Picture, error) { return DrawShelves(v, i, Marks{}, o) }},
			job{"hand-" + n + ".png", func() (render.Picture, error) { return DrawHand(v, i, o) }})
	}
	jobs = append(jobs,
		job{"reveal.png", func() (render.Picture, error) { return DrawReveal(spectator, o) }},
		job{"results.png", func() (render.Picture, error) { return DrawResults(spectator, o) }})
	for _, j := range jobs {
		p, err := j.draw()
		if errors.Is(err, ErrNotRevealed) || errors.Is(err, render.ErrNotOver) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, j.name), p.PNG, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// minText is the smallest text of the pictures, a book's or a badge's
// number, a subject's letter: its capitals and digits are 12 pixels tall,
// 8 or more on a phone's 450 px for pictures up to 672 px wide
// (render.PhoneCapHeight); at render.MinText (15 px) they would be 11,
// 7.4 to 7.8 on a phone.
const minText = 16
