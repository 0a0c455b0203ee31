package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCITestsEveryPackageOnceAsTheReadmeSays runs the test command of
// .ci/run with a go that lists packages but only writes down what it is
// asked to test, and checks that the README shows that very command, that
// every package of the module is tested exactly once, that the packages
// where goroutines meet are tested under the race detector, and that the
// line fails when go vet or either go test fails (the race pass runs
// beside the others, and its failure must not be lost).
func TestCITestsEveryPackageOnceAsTheReadmeSays(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for l := range strings.Lines(string(ci)) {
		if strings.Contains(l, "go test") {
			line = strings.TrimSpace(l)
		}
	}
	if line == "" {
		t.Fatal(".ci/run runs no go test")
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(strings.Split(string(readme), "\n"), line) {
		t.Errorf("the README does not show the test command of .ci/run:\n%s", line)
	}
	// go test's own vet (a few of vet's checks) is turned off only because
	// go vet ./..., every check on every package and its tests, runs too
	// and fails the line when it fails (checked below, by running it).
	if strings.Contains(line, "-vet=off") && !strings.Contains(line, "go vet ./... && ") {
		t.Errorf("go test runs with -vet=off but go vet ./... does not gate the line:\n%s", line)
	}

	// The race detector may be switched off only for code the project
	// does not write (SQLite's translation from C), never for its own.
	for _, f := range strings.Fields(line) {
		if pkg, ok := strings.CutPrefix(f, "-gcflags="); ok && strings.Contains(f, "-race=false") && (strings.HasPrefix(pkg, "atheneum") || strings.HasPrefix(pkg, "all=") || strings.HasPrefix(pkg, "-")) {
			t.Errorf("the race detector is switched off for the project's code: %s", f)
		}
	}

	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	dir := t.TempDir()
	asked := filepath.Join(dir, "asked")
	// The shim fails the call FAIL names: vet, the race pass or the plain
	// one.
	shim := "#!/bin/sh\ncase \"$1\" in\nlist) exec '" + realGo + "' \"$@\" ;;\n" +
		"vet) [ \"$FAIL\" = vet ] && exit 1 ;;\n" +
		"test) echo \"$*\" >> '" + asked + "'\n" +
		"  case \"$*\" in *' -race '*) [ \"$FAIL\" = race ] && exit 1 ;; *) [ \"$FAIL\" = plain ] && exit 1 ;; esac ;;\n" +
		"esac\nexit 0\n"
	if err := os.WriteFile(filepath.Join(dir, "go"), []byte(shim), 0o755); err != nil {
		t.Fatal(err)
	}
	runLine := func(fail string) ([]byte, error) {
		cmd := exec.Command("bash", "-c", "set -euo pipefail; "+line)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), "FAIL="+fail)
		return cmd.CombinedOutput()
	}
	for _, fail := range []string{"vet", "race", "plain"} {
		if out, err := runLine(fail); err == nil {
			t.Errorf("the test command succeeds when %s fails: %s", fail, out)
		}
	}
	if err := os.Remove(asked); err != nil {
		t.Fatal(err)
	}
	if out, err := runLine(""); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	list := func(patterns ...string) []string {
		cmd := exec.Command(realGo, append([]string{"list"}, patterns...)...)
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", patterns, err)
		}
		return strings.Fields(string(out))
	}
	calls, err := os.ReadFile(asked)
	if err != nil {
		t.Fatal(err)
	}
	tested := map[string]int{}
	raced := map[string]int{}
	for call := range strings.Lines(string(calls)) {
		var patterns []string
		race := false
		for _, arg := range strings.Fields(call) {
			switch {
			case arg == "-race":
				race = true
			case !strings.HasPrefix(arg, "-") && arg != "test" && !isFlagValue(call, arg):
				patterns = append(patterns, arg)
			}
		}
		for _, p := range list(patterns...) {
			tested[p]++
			if race {
				raced[p]++
			}
		}
	}
	// The bot's package runs twice: under -race, where its flows played
	// one move at a time are skipped, then whole without it; so do its
	// service and its search processes, whose whole games and searches
	// are cut short under -race, and the pictures' package, whose heap
	// test draws 2 games of its 100 under -race.
	twice := map[string]bool{"atheneum/bot": true, "atheneum/bot/apart": true, "atheneum/bot/game": true, "atheneum/render": true}
	for _, p := range list("./...") {
		want := 1
		if twice[p] {
			want = 2
		}
		if tested[p] != want {
			t.Errorf("%s is tested %d times, want %d", p, tested[p], want)
		}
		if twice[p] && raced[p] != 1 {
			t.Errorf("%s is tested %d times under the race detector, want once (and once without)", p, raced[p])
		}
	}
	for _, p := range []string{"atheneum/bot", "atheneum/bot/game", "atheneum/bot/apart", "atheneum/store", "atheneum/render"} {
		if raced[p] == 0 {
			t.Errorf("%s is not tested under the race detector", p)
		}
	}
}

// isFlagValue reports whether arg is the value of a flag of call that
// takes one (-timeout 20m, -count 1 written apart).
func isFlagValue(call, arg string) bool {
	fields := strings.Fields(call)
	for i := 1; i < len(fields); i++ {
		if fields[i] == arg && slices.Contains([]string{"-timeout", "-count", "-run", "-p"}, fields[i-1]) {
			return true
		}
	}
	return false
}
