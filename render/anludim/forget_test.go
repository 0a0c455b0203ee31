package anludim

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"atheneum/render"
)

// TestGoldenPicturesAreTheSameBytesWhetherTheCachesKeepTheirSpritesOrNot
// draws every golden picture with the caches as they are, then with
// caches that keep nothing (each sprite forgotten as soon as another is
// kept, and every frame and sprite drawn anew): both must be the golden
// file byte for byte, which the golden test's tolerance does not check.
func TestGoldenPicturesAreTheSameBytesWhetherTheCachesKeepTheirSpritesOrNot(t *testing.T) {
	all := goldens()
	if raceEnabled {
		all = all[:4] // drawing anew is slow under the race detector
	}
	for _, budget := range []int64{render.DefaultCacheBudget, 0} {
		old := render.SetCacheBudget(budget)
		for _, gc := range all {
			p, err := gc.draw(t)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", gc.file))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(p.PNG, want) {
				t.Errorf("with a cache budget of %d bytes, %s is not its golden file byte for byte", budget, gc.file)
			}
		}
		if u := render.Caches(); budget == 0 && u.Sprites > 1 {
			t.Errorf("caches with no budget keep %d sprites", u.Sprites)
		}
		render.SetCacheBudget(old)
	}
}
