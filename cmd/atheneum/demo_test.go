package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atheneum/i18n"
)

func TestDemoPlaysAGameAndWritesWhatEveryoneSaw(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	demo := func() string {
		var out bytes.Buffer
		if err := run([]string{"demo", "--people", "2", "--ai", "normal", "--seed", seedOfDemoPlays, "--out", dir}, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	// TestDemoTapsPerBook, which runs before the parallel tests, plays the
	// same demo (its people and computer player are the defaults): its
	// run is the first one here, when it ran.
	var first string
	if played := demoPlayed.Load(); played != nil {
		dir, first = played.dir, played.progress
	} else {
		first = demo()
	}
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

func TestTheAnludimDemoPlaysAGameThroughTheFace(t *testing.T) {
	t.Parallel()
	demo := func(dir string, args ...string) string {
		t.Helper()
		var out bytes.Buffer
		args = append([]string{"demo", "--game", "anludim", "--people", "2", "--ai", "normal", "--seed", "5", "--out", dir}, args...)
		if err := run(args, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	read := func(dir string) string {
		t.Helper()
		text, err := os.ReadFile(filepath.Join(dir, "transcript.txt"))
		if err != nil {
			t.Fatal(err)
		}
		return string(text)
	}
	first := filepath.Join(t.TempDir(), "one")
	progress := demo(first)
	text := read(first)
	en := i18n.English
	t.Run("the progress tells each round and the winner", func(t *testing.T) {
		for _, want := range []string{"round 1, turn 1: ", "game over after ", "winner: ", "rounds won (", "interactions, acknowledged in"} {
			if !strings.Contains(progress, want) {
				t.Errorf("the demo's progress lacks %q:\n%s", want, progress)
			}
		}
	})
	t.Run("the transcript shows the game from the lobby to the results, privately and in the channel", func(t *testing.T) {
		for _, want := range []string{
			en.T("lobby.seat.ai", "Name", en.T("ai.normal.name")),
			en.T("anludim.menu.cards.placeholder"),
			before(en, "anludim.start", "Variant"),
			before(en, "anludim.prompt.turn", "Round"),
			en.T("anludim.post.results"),
			"(only basil sees it)",
			"===== direct messages of ada =====",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("the transcript lacks %q", want)
			}
		}
		for _, bad := range []string{"[anludim.", "<no value>"} {
			if strings.Contains(text, bad) {
				t.Errorf("the transcript shows %q", bad)
			}
		}
		for _, kind := range []string{"channel-table.png", "channel-results.png", "ada-hand.png", "basil-hand.png"} {
			if found, _ := filepath.Glob(filepath.Join(first, "*-"+kind)); len(found) == 0 {
				t.Errorf("no picture *-%s was written", kind)
			}
		}
	})
	t.Run("the same seed writes the same transcript and pictures", func(t *testing.T) {
		second := filepath.Join(t.TempDir(), "two")
		demo(second)
		if again := read(second); again != text {
			t.Errorf("two runs with seed 5 wrote different transcripts:\n%s", firstDifference(text, again))
		}
		one, _ := filepath.Glob(filepath.Join(first, "*.png"))
		two, _ := filepath.Glob(filepath.Join(second, "*.png"))
		if len(one) != len(two) || len(one) == 0 {
			t.Fatalf("the runs wrote %d and %d pictures", len(one), len(two))
		}
		for i := range one {
			a, _ := os.ReadFile(one[i])
			b, _ := os.ReadFile(two[i])
			if !bytes.Equal(a, b) {
				t.Errorf("%s differs between the runs", filepath.Base(one[i]))
			}
		}
	})
	t.Run("a French expert game speaks French and was set in the lobby", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "fr")
		demo(dir, "--lang", "fr", "--variant", "expert")
		fr := read(dir)
		for _, want := range []string{
			i18n.French.T("anludim.variant.expert.choice"),
			before(i18n.French, "anludim.prompt.turn", "Round"),
			i18n.French.T("anludim.post.results"),
		} {
			if !strings.Contains(fr, want) {
				t.Errorf("the French transcript lacks %q", want)
			}
		}
		for _, english := range []string{en.T("anludim.post.results"), before(en, "anludim.prompt.turn", "Round")} {
			if strings.Contains(fr, english) {
				t.Errorf("the French transcript shows the English %q", english)
			}
		}
	})
}

// before is message id filled from kv, up to where placeholder cut goes.
func before(l i18n.Lang, id, cut string, kv ...any) string {
	text := l.T(id, append(kv, cut, "\x00")...)
	head, _, _ := strings.Cut(text, "\x00")
	return head
}

// firstDifference shows where two texts part.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n%s\n%s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("one has %d lines, the other %d", len(al), len(bl))
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
	t.Parallel()
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
		{"an unknown game names the games", []string{"demo", "--game", "chess", "--out", "unused"}, `unknown game "chess": choose atheneum or anludim`},
		{"an unknown variant names the variants", []string{"demo", "--game", "anludim", "--variant", "hard", "--out", "unused"}, `unknown variant "hard": choose base or expert`},
		{"a variant without Anludim says whose it is", []string{"demo", "--variant", "expert", "--out", "unused"}, `the variant "expert" is Anludim's`},
		{"an unknown language names the languages", []string{"demo", "--lang", "de", "--out", "unused"}, `unknown language "de": choose en or fr`},
		{"an Anludim level that does not exist names Anludim's", []string{"demo", "--game", "anludim", "--ai", "genius", "--out", "unused"}, `choose among random, normal, hard`},
		{"the pictures of an unknown game name the games", []string{"pictures", "--game", "chess", "--out", "unused"}, `unknown game "chess": choose atheneum or anludim`},
		{"a seed that is not one says what a seed is", []string{"demo", "--seed", "-1", "--out", "unused"}, `a seed is a whole number from 0 to 18446744073709551615, not "-1"`},
		{"too many seats say how to fix them", []string{"demo", "--people", "5", "--out", "unused"}, `5 people and 1 AIs make 6; use fewer --people, or fewer --ai levels (--ai "" adds none)`},
		{"too few seats say how to fix them", []string{"demo", "--people", "1", "--ai", "", "--out", "unused"}, `add computer players with --ai, or more --people`},
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
			if _, err := os.Stat("unused"); err == nil {
				t.Errorf("the mistake still made the folder %q", "unused")
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

func TestTheDemoOnTheClockShowsTheDays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var out bytes.Buffer
	if err := run([]string{"demo", "--clock", "--seed", "2", "--out", dir}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	progress := out.String()
	for _, want := range []string{"day 1 09:00 · turn 1 of 10 begins", "the deadline of turn 2 passes", "basil uses /atheneum back", "ada uses /atheneum away hours:30", "game over: "} {
		if !strings.Contains(progress, want) {
			t.Errorf("the progress lacks %q:\n%s", want, progress)
		}
	}
	raw, err := os.ReadFile(filepath.Join(dir, "transcript.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	en := i18n.English
	for _, want := range []string{
		before(en, "flow.waiting.until", "Deadline", "Who", "Ada and Basil"), // the live waiting line
		"[edit 1]", en.T("flow.step.over"),
		before(en, "flow.remind.half", "Deadline", "Who", "@basil"),    // a reminder, in the channel: basil's DMs are closed
		before(en, "flow.remind.last", "Deadline", "Who", "@basil"),    // the last one, past a quarter of the step
		before(en, "flow.autopilot.on", "Command", "Name", "@basil"),   // the missed deadline
		en.T("away.post.back", "Name", "Basil", "Command", "atheneum"), // back by /atheneum back
		before(en, "away.post", "Until", "Name", "Ada"),                // time away
		en.T("away.post.back", "Name", "Ada", "Command", "atheneum"),   // and its end
		"(in 24 h)", // timestamps read on the simulated clock
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if strings.Contains(text, "<t:") {
		t.Error("the transcript leaves Discord timestamps unread")
	}
}

// TestEveryGamePlaysOnTheClock: demo --clock plays any game, the fixture
// game here: its missed deadline, the autopilot, a time away and the
// returns show as for Atheneum.
func TestEveryGamePlaysOnTheClock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var out bytes.Buffer
	if err := run([]string{"demo", "--clock", "--game", "tictactoe", "--ai", "", "--out", dir}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	progress := out.String()
	for _, want := range []string{"turn 1 begins", "the deadline of turn 2 passes", "basil uses /tictactoe back", "game over: "} {
		if !strings.Contains(progress, want) {
			t.Errorf("the progress lacks %q:\n%s", want, progress)
		}
	}
}
