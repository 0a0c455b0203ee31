package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"atheneum/engine"
	"atheneum/engine/anludim"
	anludimai "atheneum/engine/anludim/ai"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
	"atheneum/render"
	anrender "atheneum/render/anludim"
	atrender "atheneum/render/atheneum"
)

// pictureNames are the seats' names on the sample pictures.
var pictureNames = []string{"Ada", "Bartholomew", "Céline"}

// runPictures plays a game between computer players and writes the
// pictures a player sees during it: for Atheneum the README's three (a
// seat's shelves on the workbench, the table, the results) and the others;
// for Anludim every kind its face posts (a hand, the table, the item
// stacks, the end of a round, the results) and a hand between rounds.
func runPictures(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pictures", flag.ContinueOnError)
	withPictures := func(g hostedGame) bool { return g.pictures != nil }
	gameFlag := fs.String("game", atheneum.GameID, "the game to draw: "+strings.Join(hostedIDs(withPictures), " or "))
	out := fs.String("out", "", "folder to write the pictures into (made if needed; default docs/GAME/pictures)")
	seed := fs.Uint64("seed", 1, "seed of the game played")
	langFlag := fs.String("lang", "en", "language of the pictures (en or fr)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: atheneum pictures [--game "+strings.Join(hostedIDs(withPictures), "|")+"] [--out DIR] [--seed S] [--lang en|fr]")
		fmt.Fprintln(fs.Output(), "Plays a game between three computer players and writes what the players see, with each picture's description.")
		fmt.Fprintln(fs.Output(), "Atheneum: shelf.png, table.png, results.png, and objectives.png, hand.png, reveal.png and replay.png.")
		fmt.Fprintln(fs.Output(), "Anludim: hand.png, table.png, items.png, round.png, results.png and keep.png (a hand between rounds).")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	g, err := checkGame(*gameFlag, withPictures)
	if err != nil {
		return fmt.Errorf("pictures: %w", err)
	}
	lang, ok := i18n.Parse(*langFlag)
	if !ok {
		return fmt.Errorf("pictures: --lang must be en or fr, not %q", *langFlag)
	}
	if *out == "" {
		*out = filepath.Join("docs", *gameFlag, "pictures")
	}
	o := render.Options{Lang: lang, Names: pictureNames}
	pics, err := g.pictures(*seed, o)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	for _, p := range pics {
		path := filepath.Join(*out, p.file)
		if err := os.WriteFile(path, p.pic.PNG, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s (%dx%d, %d bytes): %s\n", path, p.pic.Width, p.pic.Height, len(p.pic.PNG), p.pic.Alt)
	}
	return nil
}

// namedPicture is a picture and the file it goes to.
type namedPicture struct {
	file string
	pic  render.Picture
}

// samplePictures plays one game between normal computer players and draws
// it: seat 1's shelves on the workbench in phase B (the book it holds lit,
// its last move outlined), its hand and the objectives at that moment's
// pick, the reveal and the table then, and at the end the results and the
// replay.
func samplePictures(seed uint64, o render.Options) ([]namedPicture, error) {
	cfg := atheneum.Config{Subjects: atheneum.Colors[:len(pictureNames)], Seed: seed}
	players := make([]ai.Player, len(pictureNames))
	for i := range players {
		p, err := ai.New("normal", ai.Options{Seed: seed*10 + uint64(i)})
		if err != nil {
			return nil, err
		}
		players[i] = p
	}
	_, actions, err := ai.PlayGame(cfg, players)
	if err != nil {
		return nil, err
	}
	// Replay the game to catch the moments worth drawing and each turn's
	// scores.
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		return nil, err
	}
	var (
		scores      [][]int
		turn        = g.TurnNumber()
		hand        *atheneum.Game // seat 0 about to pick, in phase B
		work        *atheneum.Game // seat 0 shelving, one move made, a book held
		workItem    int
		workLast    atheneum.Action
		last        atheneum.Action // seat 0's last shelving move this turn
		lastTurnNum = -1
	)
	row := func() []int {
		r := make([]int, len(g.Seats))
		for s := range g.Seats {
			r[s] = g.Seats[s].Score()
		}
		return r
	}
	for _, a := range actions {
		if hand == nil && g.Phase == 1 && g.Step == atheneum.StepPick && g.Seats[0].Pick < 0 {
			hand = g.Clone()
		}
		if _, err := g.Apply(a); err != nil {
			return nil, err
		}
		if a.Seat == 0 && a.Type == atheneum.ActShelve {
			last, lastTurnNum = a, g.TurnNumber()
		}
		if work == nil && g.Phase == 1 && g.Step == atheneum.StepResolve && lastTurnNum == g.TurnNumber() &&
			g.Seats[0].Status == atheneum.StatusShelving {
			for _, it := range g.Seats[0].Held {
				if it.Kind == atheneum.ItemBook || it.Kind == atheneum.ItemPair {
					work, workItem, workLast = g.Clone(), it.ID, last
					break
				}
			}
		}
		if n := g.TurnNumber(); n != turn && g.Step != atheneum.StepOver {
			scores = append(scores, row())
			turn = n
		}
	}
	if g.Step != atheneum.StepOver {
		return nil, errors.New("pictures: the game did not end")
	}
	final := make([]int, len(g.Seats))
	for _, r := range g.Results {
		final[r.Seat] = r.Total
	}
	scores = append(scores, final)
	if work == nil || hand == nil {
		return nil, fmt.Errorf("pictures: the game of seed %d never had seat 1 shelving with a book held in phase B; try another seed", seed)
	}
	draws := []struct {
		file string
		draw func() (render.Picture, error)
	}{
		{"shelf.png", func() (render.Picture, error) {
			return atrender.DrawShelves(work.View(0), 0, atrender.Marks{Item: workItem, Last: &workLast}, o)
		}},
		{"table.png", func() (render.Picture, error) { return atrender.DrawTable(work.View(atheneum.Spectator), o) }},
		{"results.png", func() (render.Picture, error) { return atrender.DrawResults(g.View(atheneum.Spectator), o) }},
		{"objectives.png", func() (render.Picture, error) { return atrender.DrawObjectives(hand.View(0), o) }},
		{"hand.png", func() (render.Picture, error) { return atrender.DrawHand(hand.View(0), 0, o) }},
		{"reveal.png", func() (render.Picture, error) { return atrender.DrawReveal(work.View(atheneum.Spectator), o) }},
		{"replay.png", func() (render.Picture, error) { return atrender.DrawReplay(scores, g.View(atheneum.Spectator), o) }},
	}
	var pics []namedPicture
	for _, d := range draws {
		p, err := d.draw()
		if err != nil {
			return nil, fmt.Errorf("pictures: %s: %w", d.file, err)
		}
		pics = append(pics, namedPicture{d.file, p})
	}
	return pics, nil
}

// anludimPictures plays one game of Anludim between three normal computer
// players and draws it: seat 1's hand, the table and the item stacks at
// seat 1's last turn of the first round (the fullest table of that round),
// the end of the first round as the channel sees it, a hand between rounds
// with the cards kept so far marked, and the final results.
func anludimPictures(seed uint64, o render.Options) ([]namedPicture, error) {
	seats := len(pictureNames)
	g, err := anludim.New(seed, seats, anludim.Options{})
	if err != nil {
		return nil, err
	}
	players := make([]anludimai.Player, seats)
	for s := range players {
		if players[s], err = anludimai.New("normal", seed+uint64(s)); err != nil {
			return nil, err
		}
	}
	var (
		turn  *anludim.Game // seat 0 about to play, the latest such turn of round 1
		round *anludim.Game // round 1 just ended
		keep  *anludim.Game // a seat choosing its cards, one kept already
	)
	keeper := -1
	for moves := 0; !g.Over(); moves++ {
		if moves > 100000 {
			return nil, errors.New("pictures: the game did not end")
		}
		seat := g.Awaited()[0]
		switch {
		case g.Round() == 1 && !g.Keeping() && seat == 0 && !g.MainDone() && !g.OptionalDone():
			turn = g.Clone()
		case g.Keeping() && keep == nil && len(g.Kept(seat)) > 0:
			keep, keeper = g.Clone(), seat
		}
		if _, err := g.Apply(players[seat].Propose(g.View(seat), seat)); err != nil {
			return nil, fmt.Errorf("pictures: %w", err)
		}
		if round == nil && g.RoundsFinished() == 1 {
			round = g.Clone()
		}
	}
	if turn == nil || round == nil || keep == nil {
		return nil, fmt.Errorf("pictures: the game of seed %d never had a seat keep a card between rounds; try another seed", seed)
	}
	draws := []struct {
		file string
		draw func() (render.Picture, error)
	}{
		{"hand.png", func() (render.Picture, error) { return anrender.DrawHand(turn.View(0), 0, o) }},
		{"table.png", func() (render.Picture, error) { return anrender.DrawTable(turn.View(engine.Spectator), o) }},
		{"items.png", func() (render.Picture, error) { return anrender.DrawItems(turn.View(engine.Spectator), o) }},
		{"round.png", func() (render.Picture, error) { return anrender.DrawRoundEnd(round.View(engine.Spectator), o) }},
		{"results.png", func() (render.Picture, error) { return anrender.DrawResults(g.View(engine.Spectator), o) }},
		{"keep.png", func() (render.Picture, error) { return anrender.DrawHand(keep.View(keeper), keeper, o) }},
	}
	var pics []namedPicture
	for _, d := range draws {
		p, err := d.draw()
		if err != nil {
			return nil, fmt.Errorf("pictures: %s: %w", d.file, err)
		}
		pics = append(pics, namedPicture{d.file, p})
	}
	return pics, nil
}
