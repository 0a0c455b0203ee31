package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	an "atheneum/engine/anludim"
)

// TestAnEditShowingTheSamePictureKeepsItsAttachment: a prompt whose
// picture an edit does not change keeps its attachment, named by its id in
// the edit, instead of uploading the same file again. In Anludim, a press
// that starts a move shows its next choices without the hand (the message
// keeps its picture); Cancel shows the start again, hand picture included,
// the same as the one attached: the edit sends no file, and the prompt
// still shows its first attachment.
func TestAnEditShowingTheSamePictureKeepsItsAttachment(t *testing.T) {
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	id, err := h.Open(drive.Lobby{Command: an.ID, People: []discordtest.User{ana, bo}})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := h.db.LoadGame(h.Ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seat := rec.State.Awaited()[0]
	user := ana
	if rec.Seats[seat].UserID == bo.ID {
		user = bo
	}
	prompt, ok := h.LastDM(user)
	if !ok || len(prompt.Attachments) != 1 {
		t.Fatalf("the prompt %q has attachments %+v, want its hand's picture", prompt.Content, prompt.Attachments)
	}
	first := prompt.Attachments[0]

	// A button that starts a move without making it.
	starts := ""
	for _, c := range rec.State.Next(seat, nil) {
		if c.Move != "" {
			continue
		}
		for _, ch := range drive.Choices(prompt) {
			cid, err := face.ParseID(ch.CustomID)
			if err == nil && len(ch.Values) == 0 && len(cid.Args) > 0 && face.UnescapeKey(cid.Args[len(cid.Args)-1]) == c.Key {
				starts = ch.CustomID
			}
		}
	}
	if starts == "" {
		t.Fatalf("the prompt offers no button that starts a move: %+v", drive.Choices(prompt))
	}
	started, _, err := h.Click(user, prompt, starts)
	if err != nil {
		t.Fatal(err)
	}
	cancel := ""
	walkButtons(started.Components, func(c discordtest.Component) {
		if cid, err := face.ParseID(c.CustomID); err == nil && len(cid.Args) > 0 && cid.Args[len(cid.Args)-1] == face.NavStart {
			cancel = c.CustomID
		}
	})
	if cancel == "" {
		t.Fatalf("the started move offers no Cancel: %q", started.Content)
	}
	mark := h.Srv.Mark()
	back, _, err := h.Click(user, started, cancel)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, a := range back.Attachments {
		ids = append(ids, a.ID)
	}
	if len(ids) != 1 || ids[0] != first.ID {
		t.Errorf("after Cancel the prompt shows the attachments %v, want its first attachment %s kept", ids, first.ID)
	}
	edits := 0
	for _, r := range h.Srv.RequestsSince(mark) {
		if r.Match("PATCH", "/webhooks/*/*/messages/*") {
			edits++
			if len(r.Files) > 0 {
				t.Errorf("the edit uploaded %d files again", len(r.Files))
			}
		}
	}
	if edits == 0 {
		t.Error("Cancel edited nothing")
	}
	if vs := h.Srv.TakeViolations(); len(vs) > 0 {
		t.Errorf("violations: %v", vs)
	}
}

// walkButtons calls f on every button of cs, rows included.
func walkButtons(cs []discordtest.Component, f func(discordtest.Component)) {
	for _, c := range cs {
		if c.Type == discordgo.ButtonComponent {
			f(c)
		}
		walkButtons(c.Components, f)
	}
}
