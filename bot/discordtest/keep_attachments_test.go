package discordtest

import (
	"encoding/json"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestAnEditKeepsOnlyTheMessagesOwnAttachments: an edit's "attachments"
// keeps an attachment of the message by its id alone, with no upload (the
// same attachment, bytes and alt text stay); an id of another message's
// attachment is refused as Discord refuses it (400, 50035, the entry's id:
// "Attachment data not found"), and the message stays as it was.
func TestAnEditKeepsOnlyTheMessagesOwnAttachments(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{})
	world := srv.Seed()
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := world.Channel.ID
	send := func(desc string) discordgo.Message {
		t.Helper()
		raw, err := sendMultipart(dg, "POST", discordgo.EndpointChannelMessages(ch),
			map[string]any{"content": desc, "attachments": altText(0, desc)}, pngFile(t, "hand.png"))
		if err != nil {
			t.Fatalf("%v %v", err, srv.TakeViolations())
		}
		var m discordgo.Message
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	mine, other := send("my hand"), send("another hand")
	own, foreign := mine.Attachments[0].ID, other.Attachments[0].ID

	t.Run("its own attachment named by id is kept without an upload", func(t *testing.T) {
		_, err := dg.RequestRaw("PATCH", discordgo.EndpointChannelMessage(ch, mine.ID), "application/json",
			[]byte(`{"content":"my hand, edited","attachments":[{"id":"`+own+`"}]}`), discordgo.EndpointChannelMessage(ch, ""), 0)
		if err != nil {
			t.Fatalf("%v %v", err, srv.TakeViolations())
		}
		m, _ := srv.Message(mine.ID)
		if len(m.Attachments) != 1 || m.Attachments[0].ID != own || m.Attachments[0].Description != "my hand" || len(m.Attachments[0].Data) == 0 {
			t.Errorf("attachments = %d, want the one kept (%s) with its bytes and alt text", len(m.Attachments), own)
		}
		if m.Content != "my hand, edited" {
			t.Errorf("content = %q", m.Content)
		}
	})

	t.Run("another message's attachment is refused", func(t *testing.T) {
		_, err := dg.RequestRaw("PATCH", discordgo.EndpointChannelMessage(ch, mine.ID), "application/json",
			[]byte(`{"content":"stolen","attachments":[{"id":"`+foreign+`"}]}`), discordgo.EndpointChannelMessage(ch, ""), 0)
		if status, code := restErrCode(err); status != 400 || code != 50035 {
			t.Errorf("error = %v, want 400 50035", err)
		}
		if vs := srv.TakeViolations(); len(vs) == 0 || vs[0].Field != "attachments.0.id" || vs[0].Code != "ATTACHMENT_NOT_FOUND" {
			t.Errorf("violations = %v, want ATTACHMENT_NOT_FOUND on attachments.0.id", vs)
		}
		m, _ := srv.Message(mine.ID)
		if m.Content != "my hand, edited" || len(m.Attachments) != 1 || m.Attachments[0].ID != own {
			t.Errorf("a refused edit changed the message: %q, %d attachments", m.Content, len(m.Attachments))
		}
		if o, _ := srv.Message(other.ID); len(o.Attachments) != 1 || o.Attachments[0].ID != foreign {
			t.Error("the other message lost its attachment")
		}
	})
}
