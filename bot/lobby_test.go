package bot

import (
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/i18n"
)

func TestComputerPlayersAreNamedInTheGamesLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana")
	ana := h.user("ana")
	lobby := h.slash(ana, "new", discordtest.StringOpt("language", "fr"))
	addAI, _ := drive.Component(lobby, "addai")
	lobby, _ = h.click(ana, lobby, addAI.CustomID, "normal")
	addAI, _ = drive.Component(lobby, "addai")
	lobby, _ = h.click(ana, lobby, addAI.CustomID, "normal")
	rec := h.snapshot().Rec
	want := i18n.French.T("ai.normal.name")
	if len(rec.Seats) != 3 || rec.Seats[1].Name != want || rec.Seats[2].Name != want+" 2" {
		t.Fatalf("the computer players of a French game are called %q and %q", rec.Seats[1].Name, rec.Seats[2].Name)
	}
	lang, _ := drive.Component(lobby, "lang")
	h.click(ana, lobby, lang.CustomID, "en")
	rec = h.snapshot().Rec
	want = i18n.English.T("ai.normal.name")
	if rec.Seats[1].Name != want || rec.Seats[2].Name != want+" 2" {
		t.Fatalf("after switching to English they are called %q and %q", rec.Seats[1].Name, rec.Seats[2].Name)
	}
}
