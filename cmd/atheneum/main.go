// Command atheneum hosts library board games on Discord: Atheneum: Mystic
// Library, Anludim and the others listed once in games.go (hostedGames).
//
//	atheneum
//
// runs the bot (configuration in the environment or .env; see .env.example)
// until SIGINT or SIGTERM.
//
//	atheneum sim [--game GAME] --games N --players P --seed S [--ai LEVELS] [--json] [--record DIR] [--report FILE]
//
// plays games between computer players to check and measure the rules
// engine and the content's balance.
//
//	atheneum demo [--game GAME] [--variant base|expert] [--lang en|fr] [--people N] [--ai LEVELS] [--seed S] [--clock] [--out DIR]
//
// plays a whole game through the bot and a fake Discord on 127.0.0.1, with
// scripted players, and writes the transcript and every picture.
//
//	atheneum pictures [--game GAME] [--out DIR] [--seed S] [--lang en|fr]
//
// plays a game between computer players and writes one picture of each kind
// (the README's pictures).
//
//	atheneum think [--playouts N]
//
// answers computer players' searches for a running bot, which starts it
// itself (bot/apart), at the lowest processor priority.
//
//	atheneum migrate-db --from FILE --to URL [--force]
//
// copies every game and setting of the bot's SQLite file to a PostgreSQL
// database, for running several processes, and checks each game by
// replaying it from the copy.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
)

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case err == nil, errors.Is(err, errHelp):
	default:
		fmt.Fprintln(os.Stderr, "atheneum:", err)
		os.Exit(1)
	}
}

// errHelp ends a run that printed the help a user asked for: exit status 0.
var errHelp = errors.New("help printed")

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return runBot(nil, stderr)
	}
	switch args[0] {
	case "run":
		return runBot(args[1:], stderr)
	case "sim":
		return runSim(args[1:], stdout, stderr)
	case "demo":
		return runDemo(args[1:], stdout, stderr)
	case "pictures":
		return runPictures(args[1:], stdout, stderr)
	case "think":
		return runThink(args[1:], stderr)
	case "migrate-db":
		return runMigrateDB(args[1:], stdout)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return errHelp
	}
	return fmt.Errorf("unknown command %q: the commands are run, demo, sim, pictures, think, migrate-db and help (see atheneum --help)", args[0])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, `usage:
  atheneum [run]           run the bot (needs DISCORD_TOKEN in the environment or in ./.env; see .env.example)
  atheneum demo [--game atheneum|anludim] [--variant base|expert] [--lang en|fr] [--people N] [--ai LEVELS] [--seed S] [--out DIR]
                           play a game through the bot and a fake Discord, and write what everyone saw
  atheneum sim [--game atheneum|anludim] --games N --players P --seed S [--ai LEVELS] [--json] [--record DIR] [--report FILE]
                           play games between computer players and print totals
  atheneum pictures [--game atheneum|anludim] [--out DIR] [--seed S] [--lang en|fr]
                           write one picture of each kind from a game between computer players
  atheneum think [--playouts N]
                           answer computer players' searches for a running bot (the bot starts it itself)
  atheneum migrate-db --from FILE --to URL [--force]
                           copy every game and setting of an SQLite file to a PostgreSQL database, each game checked by replay
Run atheneum COMMAND --help for a command's options.`)
}

// parseFlags parses a command's flags. A mistake is returned once, naming
// what was wrong (the flag package's own printing is silenced); --help
// prints the command's usage to stdout and returns errHelp.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return errHelp
	case err != nil:
		return fmt.Errorf("%s: %v (see atheneum %s --help)", fs.Name(), err, fs.Name())
	case fs.NArg() > 0:
		return fmt.Errorf("%s: unexpected argument %q (see atheneum %s --help)", fs.Name(), fs.Arg(0), fs.Name())
	}
	return nil
}

// seedFlag defines --seed (default 1), whose mistakes say what a seed is.
func seedFlag(fs *flag.FlagSet, usage string) *uint64 {
	seed := uint64(1)
	fs.Func("seed", usage+" (default 1)", func(v string) error {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return fmt.Errorf("a seed is a whole number from 0 to %d, not %q", uint64(math.MaxUint64), v)
		}
		seed = n
		return nil
	})
	return &seed
}
