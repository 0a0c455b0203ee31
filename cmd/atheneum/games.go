package main

import (
	"fmt"
	"slices"
	"strings"

	anludimface "atheneum/bot/anludim"
	atheneumface "atheneum/bot/atheneum"
	"atheneum/bot/drive"
	exlibrisface "atheneum/bot/exlibris"
	"atheneum/bot/face"
	tictactoeface "atheneum/bot/tictactoe"
	"atheneum/engine"
	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
	"atheneum/engine/exlibris"
	"atheneum/engine/tictactoe"
	"atheneum/render"
)

// hostedGame is one game the program hosts: everything the bot, the
// search process, the demo, the pictures and sim need of it, in one entry.
// Adding a game is one entry here; its rules, words, pictures and face
// live in packages of its own. Its seats and computer levels come from its
// rules (the face's Kind), its words from the catalogue's files named
// after its id (i18n/locales/<id>.<lang>.json).
type hostedGame struct {
	// id is the rules' ID, which names the game everywhere.
	id string
	// offered games are offered to players by the bot; the others (the
	// fixture game) are hosted by tests and the demo only.
	offered bool
	// face is the game's Discord face, its hard computer player searching
	// with playouts (0: its default effort).
	face func(playouts int) face.Face
	// sim is how sim plays the game and sums it up beyond the summary
	// every game gets (nil: sim plays its computer players as they are).
	sim *simGame
	// pictures draws the sample pictures of `atheneum pictures` (nil:
	// the game has none).
	pictures func(seed uint64, o render.Options) ([]namedPicture, error)
	// demo plays the people's seats of a demo game to its end and fills
	// res (nil: the kit's driver, drive.PlayGame, and the final results).
	demo func(d *drive.Driver, gameID string, players []*drive.Player, o DemoOptions, res *DemoResult) error
	// variant turns the demo's --variant into the options the host sets in
	// the lobby (nil: the game has no variant).
	variant func(v string) (map[string]string, error)
}

// hostedGames are the games the program hosts, the default first.
var hostedGames = []hostedGame{
	{id: atheneum.GameID, offered: true, face: func(playouts int) face.Face { return atheneumface.New(hardPlayers(playouts)) },
		sim: &atheneumSim, pictures: samplePictures, demo: playAtheneum},
	{id: anludim.ID, offered: true, face: func(int) face.Face { return anludimface.New() },
		sim: &anludimSim, pictures: anludimPictures, demo: playAnludim, variant: anludimVariant},
	{id: exlibris.ID, offered: true, face: func(int) face.Face { return exlibrisface.New() },
		sim: &exlibrisSim, pictures: exlibrisPictures},
	{id: tictactoe.ID, face: func(int) face.Face { return tictactoeface.New() }},
}

// hosted finds a hosted game by its id.
func hosted(id string) (hostedGame, bool) {
	i := slices.IndexFunc(hostedGames, func(g hostedGame) bool { return g.id == id })
	if i < 0 {
		return hostedGame{}, false
	}
	return hostedGames[i], true
}

// hostedIDs are the ids of the hosted games that keep(g) accepts.
func hostedIDs(keep func(hostedGame) bool) []string {
	var out []string
	for _, g := range hostedGames {
		if keep(g) {
			out = append(out, g.id)
		}
	}
	return out
}

// checkGame accepts a hosted game for which keep holds, naming the
// others when it is not one.
func checkGame(id string, keep func(hostedGame) bool) (hostedGame, error) {
	if g, ok := hosted(id); ok && keep(g) {
		return g, nil
	}
	return hostedGame{}, fmt.Errorf("unknown game %q: choose %s", id, strings.Join(hostedIDs(keep), " or "))
}

// anyGame keeps every hosted game.
func anyGame(hostedGame) bool { return true }

// faces are the Discord faces of the games the bot offers players, the
// default first.
func faces(playouts int) []face.Face {
	var out []face.Face
	for _, g := range hostedGames {
		if g.offered {
			out = append(out, g.face(playouts))
		}
	}
	return out
}

// games are every hosted game with its computer players, as a search
// process plays them.
func games(playouts int) []engine.Game {
	var out []engine.Game
	for _, g := range hostedGames {
		out = append(out, g.face(playouts).Kind().Game)
	}
	return out
}

// simGames are the games `atheneum sim` plays, by id: every hosted game,
// with its own statistics where it has them.
var simGames = func() map[string]simGame {
	out := map[string]simGame{}
	for _, g := range hostedGames {
		if g.sim != nil {
			out[g.id] = *g.sim
			continue
		}
		f := g.face
		out[g.id] = simGame{play: func(*simOptions) (engine.Game, error) { return f(0).Kind().Game, nil }}
	}
	return out
}()

// anludimVariant is Anludim's --variant in the demo: base or expert.
func anludimVariant(v string) (map[string]string, error) {
	switch v {
	case "", "base":
		return nil, nil
	case "expert":
		return map[string]string{anludim.OptionVariant: v}, nil
	}
	return nil, fmt.Errorf("unknown variant %q: choose base or expert", v)
}
