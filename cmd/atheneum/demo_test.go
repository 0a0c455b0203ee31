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
	var out bytes.Buffer
	if err := run([]string{"demo", "--players", "2", "--seed", "3", "--out", dir}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "winner: ") {
		t.Fatalf("demo printed %q", out.String())
	}
	text, err := os.ReadFile(filepath.Join(dir, "transcript.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the game has started", "the cards are revealed", "The game is over!", "I cannot send you direct messages"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*results.png"))
	if len(pngs) != 1 {
		t.Errorf("%d results pictures", len(pngs))
	}
}
