package bot

import (
	"fmt"
	"log/slog"
	"os"
	"testing"

	anludimface "atheneum/bot/anludim"
	"atheneum/bot/apart"
	atheneumface "atheneum/bot/atheneum"
	"atheneum/bot/face"
	"atheneum/engine"
	"atheneum/engine/atheneum/ai"
)

// searcherEnv makes this test binary a search process (bot/apart) whose
// computer players search with the effort it names (see newTestSearcher):
// "default" at idle priority, as the bot's.
const searcherEnv = "ATHENEUM_BOT_TEST_SEARCHER"

func TestMain(m *testing.M) {
	if effort := os.Getenv(searcherEnv); effort != "" {
		var faces []face.Face
		switch effort {
		case "quick":
			faces = testFaces()
		case "default":
			faces = []face.Face{atheneumface.New(ai.Players{}), anludimface.New()}
		default:
			fmt.Fprintf(os.Stderr, "%s: no effort %q\n", searcherEnv, effort)
			os.Exit(2)
		}
		games := make([]engine.Game, len(faces))
		for i, f := range faces {
			games[i] = f.Kind().Game
		}
		// The benchmark's searches run as the bot's do, at idle priority;
		// the tests' at normal priority, so that the other packages' tests
		// running beside them do not starve them.
		serve := func(games []engine.Game) error { return apart.Serve(games, os.Stdin, os.Stdout) }
		if effort == "default" {
			serve = apart.Main
		}
		if err := serve(games); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// newTestSearcher runs searches in children of this test binary, with
// computer players of that effort: "quick" (testFaces' fixed play-outs) or
// "default" (the real budget).
func newTestSearcher(t testing.TB, effort string) *apart.Searcher {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := apart.New(apart.Options{Command: []string{exe, "-test.run=^$"}, Env: []string{searcherEnv + "=" + effort},
		Logger: slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))})
	t.Cleanup(func() { s.Close() })
	return s
}
