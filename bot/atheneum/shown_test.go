package atheneum

import (
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/render"
)

func TestAMessageShowsOnlyThePictureItWasSent(t *testing.T) {
	var s shownPictures
	in := func(id string) *discordgo.Interaction {
		return &discordgo.Interaction{Message: &discordgo.Message{ID: id}}
	}
	pic := face.Picture{Name: "shelves.png", Picture: render.Picture{PNG: []byte("one"), Alt: "Ada's shelves"}}
	k := shownKey("g1", 0, in("m1"))
	if s.shows(k, pic) {
		t.Error("a message shows a picture before it is sent one")
	}
	s.set(k, pic)
	if !s.shows(k, pic) {
		t.Error("the picture sent is not remembered")
	}
	other := pic
	other.PNG = []byte("two")
	if s.shows(k, other) {
		t.Error("another picture counts as shown")
	}
	other = pic
	other.Alt = "Bo's shelves"
	if s.shows(k, other) {
		t.Error("the same bytes with another alt text count as shown")
	}
	for _, k2 := range []string{shownKey("g1", 1, in("m1")), shownKey("g2", 0, in("m1")), shownKey("g1", 0, in("m2"))} {
		if s.shows(k2, pic) {
			t.Errorf("%s shows what another seat, game or message was sent", k2)
		}
	}
	s.forget(k)
	if s.shows(k, pic) {
		t.Error("a forgotten message still shows its picture")
	}
	if shownKey("g1", 0, &discordgo.Interaction{}) != "" || shownKey("g1", 0, nil) != "" {
		t.Error("an interaction without a message is named")
	}
	s.set("", pic)
	if s.shows("", pic) {
		t.Error("a message without a name is remembered")
	}
	for i := 0; i < 3*shownMax; i++ {
		s.set(strconv.Itoa(i), pic)
	}
	if len(s.m) > shownMax {
		t.Errorf("%d messages remembered, more than %d", len(s.m), shownMax)
	}
	var none *shownPictures // a Face made without New
	none.set(k, pic)
	if none.shows(k, pic) {
		t.Error("no memory shows a picture")
	}
}
