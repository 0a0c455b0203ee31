// Command atheneum plays Atheneum: Mystic Library on Discord.
//
//	atheneum
//
// runs the bot (configuration in the environment or .env; see .env.example)
// until SIGINT or SIGTERM.
//
//	atheneum sim --games N --players P --seed S [--json] [--record DIR]
//
// plays games between random players to check and measure the rules engine.
//
//	atheneum demo [--players N] [--seed S] [--out DIR]
//
// plays a whole game through the bot and a fake Discord on 127.0.0.1, with
// scripted players, and writes the transcript and every picture.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "atheneum:", err)
		}
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return runBot(nil, stderr)
	}
	if len(args) > 0 {
		switch args[0] {
		case "run":
			return runBot(args[1:], stderr)
		case "sim":
			return runSim(args[1:], stdout, stderr)
		case "demo":
			return runDemo(args[1:], stdout, stderr)
		case "help", "-h", "--help":
			usage(stdout)
			return nil
		}
	}
	usage(stderr)
	return errors.New("unknown command")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, `usage:
  atheneum                 run the bot (needs DISCORD_TOKEN; see .env.example)
  atheneum demo [--players N] [--seed S] [--out DIR]   play a game through the bot and a fake Discord, write what everyone saw
  atheneum sim --games N --players P --seed S [--json] [--record DIR]   play random games and print totals`)
}
