package atheneum

import (
	"testing"

	"atheneum/render"
	"atheneum/render/rendertest"
)

// TestGoldenPicturesAreTheSameBytesWhetherTheCachesKeepTheirSpritesOrNot:
// see rendertest.SameBytesWithoutCaches.
func TestGoldenPicturesAreTheSameBytesWhetherTheCachesKeepTheirSpritesOrNot(t *testing.T) {
	all := goldens()
	if raceEnabled {
		all = all[:4] // drawing anew is slow under the race detector
	}
	var pics []rendertest.Golden
	for _, gc := range all {
		pics = append(pics, rendertest.Golden{File: gc.file, Draw: func() (render.Picture, error) { return gc.draw(t) }})
	}
	rendertest.SameBytesWithoutCaches(t, pics)
}
