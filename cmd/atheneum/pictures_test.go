package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPicturesWritesTheREADMEPictures(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "fr"} {
		t.Run("the pictures command writes every picture in "+lang, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "pictures")
			var out bytes.Buffer
			if err := run([]string{"pictures", "--out", dir, "--seed", "1", "--lang", lang}, &out, &bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"shelf.png", "table.png", "results.png", "objectives.png", "hand.png", "reveal.png", "replay.png"} {
				b, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Errorf("%s: %v", f, err)
				}
				if !strings.Contains(out.String(), f) {
					t.Errorf("the output does not name %s:\n%s", f, out.String())
				}
			}
		})
	}
	for _, lang := range []string{"en", "fr"} {
		t.Run("the pictures command writes every kind of Anludim picture in "+lang+", each with its description", func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "pictures")
			var out bytes.Buffer
			if err := run([]string{"pictures", "--game", "anludim", "--out", dir, "--seed", "1", "--lang", lang}, &out, &bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			files := []string{"hand.png", "table.png", "items.png", "round.png", "results.png", "keep.png"}
			if len(lines) != len(files) {
				t.Fatalf("%d lines for %d pictures:\n%s", len(lines), len(files), out.String())
			}
			for i, f := range files {
				b, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Errorf("%s: %v", f, err)
				}
				if _, alt, _ := strings.Cut(lines[i], "): "); !strings.Contains(lines[i], f) || len(alt) < 20 {
					t.Errorf("the output does not name %s with its description: %q", f, lines[i])
				}
			}
		})
	}
	t.Run("the same seed draws the same Anludim pictures", func(t *testing.T) {
		var outs []string
		for range 2 {
			dir := t.TempDir()
			var out bytes.Buffer
			if err := run([]string{"pictures", "--game", "anludim", "--out", dir, "--seed", "7"}, &out, &bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
			outs = append(outs, strings.ReplaceAll(out.String(), dir, "DIR"))
		}
		if outs[0] != outs[1] {
			t.Errorf("two runs drew\n%s\nand\n%s", outs[0], outs[1])
		}
	})
	t.Run("an unknown language is refused and nothing is written", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "pictures")
		err := run([]string{"pictures", "--out", dir, "--lang", "de"}, &bytes.Buffer{}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "--lang") {
			t.Errorf("got %v", err)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("the folder was made: %v", err)
		}
	})
}
