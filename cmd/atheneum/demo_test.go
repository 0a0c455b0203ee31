package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDemoPlaysAGameAndWritesWhatEveryoneSaw(t *testing.T) {
	dir := t.TempDir()
	demo := func() string {
		var out bytes.Buffer
		if err := run([]string{"demo", "--people", "2", "--ai", "normal", "--seed", "3", "--out", dir}, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	first := demo()
	for _, want := range []string{"turn 1 of 10", "turn 10 of 10", "game over", "winner: ", "Normal AI"} {
		if !strings.Contains(first, want) {
			t.Errorf("the demo's progress lacks %q:\n%s", want, first)
		}
	}
	text, err := os.ReadFile(filepath.Join(dir, "transcript.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the game has started", "**Normal AI** (computer player)", "the cards are revealed", "The game is over!", "I cannot send you direct messages", "(only basil sees it)"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	pictures, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	results, _ := filepath.Glob(filepath.Join(dir, "*-channel-results.png"))
	if len(results) != 1 {
		t.Errorf("%d results pictures", len(results))
	}
	t.Run("the same seed plays the same game and replaces the pictures", func(t *testing.T) {
		second := demo()
		if score(first) != score(second) {
			t.Errorf("two runs with seed 3 ended differently:\n%s\n%s", score(first), score(second))
		}
		again, _ := filepath.Glob(filepath.Join(dir, "*.png"))
		if len(again) != len(pictures) {
			t.Errorf("the second run left %d pictures, the first wrote %d", len(again), len(pictures))
		}
	})
}

// score is the demo's lines about the result.
func score(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "winner:") || strings.HasPrefix(l, "scores:") || strings.HasPrefix(l, "turn ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func TestCommandLineMistakesAreSaidOnce(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"a number that is not one names the flag", []string{"sim", "--players", "abc"}, `invalid value "abc" for flag -players`},
		{"an unknown command is named", []string{"dance"}, `unknown command "dance"`},
		{"an unknown flag is named", []string{"demo", "--colour", "red"}, "flag provided but not defined: -colour"},
		{"a stray argument is named", []string{"sim", "extra"}, `unexpected argument "extra"`},
		{"an unknown AI level is named", []string{"demo", "--ai", "genius", "--out", "unused"}, `unknown AI level "genius"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(c.args, &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
			if errOut.Len() > 0 || strings.Contains(out.String(), "usage") {
				t.Errorf("the mistake was also printed: stdout %q, stderr %q", out.String(), errOut.String())
			}
		})
	}
	t.Run("--help prints the usage and succeeds", func(t *testing.T) {
		for _, args := range [][]string{{"--help"}, {"sim", "--help"}, {"demo", "-h"}} {
			var out bytes.Buffer
			if err := run(args, &out, &bytes.Buffer{}); err != nil && err != errHelp {
				t.Errorf("%v: %v", args, err)
			}
			if !strings.Contains(out.String(), "usage") {
				t.Errorf("%v printed %q", args, out.String())
			}
		}
	})
}
