package bot

import (
	"atheneum/bot/face"
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/i18n"
)

// longNames are display names of Discord's largest length (32
// characters), with accents, so that posts about five of them run long.
var longNames = []string{
	"Marie-Antoinette de Montmorency1",
	"Jean-Baptiste Poquelin-Molière 2",
	"Éléonore d'Aquitaine-Plantagenêt",
	"Guillaume-Apollinaire Kostrowitz",
	"Françoise-Athénaïs de Rochechoua",
}

// TestLongPostsArriveWhole plays five-seat games in English and French
// with the longest display names: every post that would pass Discord's
// 2,000 characters is split at line boundaries and nothing is clipped;
// every turn's post keeps its whole score table; and the player whose
// direct messages are closed is mentioned, with a ping, at every step.
func TestLongPostsArriveWhole(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	for _, lang := range i18n.Langs {
		t.Run("in "+lang.String(), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, "u1", "u2", "u3", "u4", "u5")
			for k, u := range h.world.Users {
				if n := utf8.RuneCountInString(longNames[k]); n != 32 {
					t.Fatalf("%q has %d characters, want 32", longNames[k], n)
				}
				h.Srv.PutMember(discordtest.Member{GuildID: h.world.Guild.ID, User: u, Nick: longNames[k], Permissions: discordtest.DefaultMemberPermissions})
			}
			closed := h.user("u5")
			players := newPlayers(h, 7, "u5")
			if lang == i18n.French {
				speakFrench(h)
				h.openFrenchGame(h.world.Users...)
			} else {
				h.openGame(h.world.Users...)
			}
			h.playUntil(players, h.gameOver)
			h.checkLongPosts(lang, closed)
		})
	}
}

// checkLongPosts reads the channel as its members saw it.
func (h *harness) checkLongPosts(l i18n.Lang, closed discordtest.User) {
	h.t.Helper()
	var posts []discordtest.Message
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		if m.Author.ID == h.Srv.BotUser().ID && !m.Ephemeral {
			posts = append(posts, m)
		}
	}
	split, steps, started := 0, 0, false
	// group is the text of a post and the plain parts sent right before it.
	var group []string
	for k, m := range posts {
		if utf8.RuneCountInString(m.Content) > maxContent {
			h.t.Errorf("post %s has %d characters", m.ID, utf8.RuneCountInString(m.Content))
		}
		if strings.HasSuffix(m.Content, "…") {
			h.t.Errorf("post %s was clipped: %q", m.ID, m.Content[max(0, len(m.Content)-80):])
		}
		group = append(group, m.Content)
		plain := len(m.Embeds) == 0 && len(m.Attachments) == 0 && len(m.PingedUsers()) == 0
		if plain && k+1 < len(posts) && utf8.RuneCountInString(m.Content) > maxContent/2 {
			split++
			continue // a leading part: the rest of its post follows
		}
		text := strings.Join(group, "\n")
		group = nil
		if _, ok := m.Attachment("table.png"); ok {
			h.checkScoreTable(l, text)
		}
		if len(m.Embeds) > 0 && !started {
			// The start message, an edit of the lobby: edits ping nobody,
			// so its pings are the post right after it.
			started = true
			if k+1 >= len(posts) || !posts[k+1].Pings(closed.ID) {
				h.t.Errorf("the first step does not ping %s, whose direct messages are closed", closed.Username)
			}
			continue
		}
		if len(m.Embeds) > 0 {
			steps++
			sent := m // as posted: retiring the step later edits its embed
			if len(m.Revisions) > 0 {
				sent = m.Revisions[0]
			}
			if !sent.Pings(closed.ID) {
				h.t.Errorf("the step post %s does not ping %s, whose direct messages are closed: %q", m.ID, closed.Username, m.Content)
			}
		}
	}
	if steps < 19 {
		h.t.Errorf("only %d step posts, want one per step after the first (19)", steps)
	}
	longest := 0
	for _, m := range posts {
		longest = max(longest, utf8.RuneCountInString(m.Content))
	}
	h.t.Logf("%s: %d posts, %d leading parts of split posts, %d step posts, the longest part %d characters", l, len(posts), split, steps, longest)
}

// checkScoreTable holds a turn's post to list every seat's score.
func (h *harness) checkScoreTable(l i18n.Lang, text string) {
	h.t.Helper()
	titles := []string{l.T("play.scores.final.title"), l.T("play.scores.title.first")}
	for n := 1; n <= 10; n++ {
		titles = append(titles, l.T("play.scores.title", "Turns", l.T("count.turns", "Count", n)))
	}
	at := -1
	for _, title := range titles {
		if i := strings.Index(text, title); i >= 0 {
			at = i
		}
	}
	if at < 0 {
		h.t.Errorf("a turn's post has no score table: %q", text)
		return
	}
	table := text[at:]
	for _, name := range longNames {
		if !strings.Contains(table, name) {
			h.t.Errorf("the score table lacks %s: %q", name, table)
		}
	}
	if strings.Count(table, "\n") < len(longNames) {
		h.t.Error(fmt.Sprintf("the score table has %d lines for %d seats", strings.Count(table, "\n"), len(longNames)))
	}
}

// TestLongMessagesAreSplitNeverClipped sends what no game of ours has made
// long enough yet, through the real client and the fake: a channel post
// of three long lines with its embed, picture and ping, and the answer to
// /atheneum games of a member in sixty lobbies. Each arrives whole, in
// parts cut at line boundaries; the post's last part carries the embed,
// the picture and the ping, and the answer's last part is seen by the
// same person only.
func TestLongMessagesAreSplitNeverClipped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	rec := h.state(h.Channel)

	t.Run("a long post comes in parts, the last one pinging", func(t *testing.T) {
		lines := []string{strings.Repeat("a", 1500), strings.Repeat("b", 1500), strings.Repeat("c", 1500), "<@" + bo.ID + ">"}
		text := strings.Join(lines, "\n")
		before := len(h.Srv.Messages(h.Channel))
		pic := face.Picture{Name: "x.png"}
		pic.PNG, pic.Alt = tinyPNG(t), "a picture"
		last := h.bot.post(h.Ctx, rec, &discordgo.MessageSend{Content: text, Embeds: waitingEmbed("waiting"), AllowedMentions: pingsOnly([]string{bo.ID})}, pic)
		if last == nil {
			t.Fatal("the post failed")
		}
		sent := h.Srv.Messages(h.Channel)[before:]
		if len(sent) != 3 {
			t.Fatalf("%d messages, want 3", len(sent))
		}
		var got []string
		for _, m := range sent {
			got = append(got, m.Content)
		}
		if strings.Join(got, "\n") != text {
			t.Error("the parts do not add up to the post")
		}
		end := sent[len(sent)-1]
		if end.ID != last.ID || len(end.Embeds) != 1 || len(end.Attachments) != 1 || !end.Pings(bo.ID) {
			t.Errorf("the last part is %s with %d embeds, %d pictures, pinging %v", end.ID, len(end.Embeds), len(end.Attachments), end.PingedUsers())
		}
		for _, m := range sent[:len(sent)-1] {
			if len(m.PingedUsers()) > 0 || len(m.Embeds) > 0 || len(m.Attachments) > 0 {
				t.Errorf("a leading part carries more than text: %+v", m)
			}
		}
	})
	t.Run("a long answer comes in parts that only its asker sees", func(t *testing.T) {
		for k := range 60 {
			ch := h.Srv.AddTextChannel(h.world.Guild.ID, fmt.Sprintf("lobby-%d", k))
			h.slashIn(ch.ID, ana, "new")
		}
		in, err := h.Srv.SlashCommand(h.Ctx, ana, h.Channel, "atheneum", discordtest.SubGroup("records", discordtest.Sub("games")))
		if err != nil {
			t.Fatal(err)
		}
		first, err := in.WaitResponse(h.Ctx)
		if err != nil {
			t.Fatal(err)
		}
		h.Settle()
		parts := append([]discordtest.Message{first}, in.Followups()...)
		if len(parts) < 2 {
			t.Fatalf("the answer came in %d message of %d characters", len(parts), utf8.RuneCountInString(first.Content))
		}
		var all []string
		for _, p := range parts {
			if !p.Ephemeral || p.VisibleTo != ana.ID {
				t.Errorf("a part is seen by more than ana: %+v", p)
			}
			if utf8.RuneCountInString(p.Content) > maxContent {
				t.Errorf("a part has %d characters", utf8.RuneCountInString(p.Content))
			}
			all = append(all, p.Content)
		}
		text := strings.Join(all, "\n")
		if n := strings.Count(text, "<#"); n != 61 {
			t.Errorf("%d games listed, want 61", n)
		}
	})
}

// tinyPNG is a real, one-pixel PNG to attach.
func tinyPNG(t *testing.T) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
