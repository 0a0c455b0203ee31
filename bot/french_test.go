package bot

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

// englishOnly lists the distinctive parts of the English catalogue: the
// stretches of each message between placeholders that have three words or
// more and that no French message contains. Seeing one in a French game
// means a text was left in English.
func englishOnly() []string {
	var french []string
	for _, id := range i18n.IDs(i18n.French) {
		for _, f := range i18n.Forms(i18n.French, id) {
			french = append(french, f)
		}
	}
	frenchText := strings.Join(french, "\n")
	seen := map[string]bool{}
	var out []string
	for _, id := range i18n.IDs(i18n.English) {
		for _, form := range i18n.Forms(i18n.English, id) {
			for _, part := range placeholderField.Split(form, -1) {
				part = strings.TrimSpace(part)
				if words(part) < 3 || seen[part] || strings.Contains(frenchText, part) {
					continue
				}
				seen[part] = true
				out = append(out, part)
			}
		}
	}
	return out
}

// englishWhole lists the English catalogue texts without placeholders that
// no French message has word for word: a button, a menu or an option
// showing one is in English, however short it is ("Undo", "Teal").
func englishWhole() map[string]bool {
	french := map[string]bool{}
	for _, id := range i18n.IDs(i18n.French) {
		for _, f := range i18n.Forms(i18n.French, id) {
			french[f] = true
		}
	}
	out := map[string]bool{}
	for _, id := range i18n.IDs(i18n.English) {
		if id == "lang.name" {
			continue // a language menu names each language in itself
		}
		for _, f := range i18n.Forms(i18n.English, id) {
			if !placeholderField.MatchString(f) && !french[f] && words(f) > 0 {
				out[f] = true
			}
		}
	}
	return out
}

// words counts the words of s that have a letter.
func words(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n
}

// neverFrench are English words a French reader should never meet.
var neverFrench = []string{" the ", " you ", "your ", "Waiting", "turn ", "Done", "Undo", "points so far"}

var missingMessage = regexp.MustCompile(`\[[a-z_]+(\.[a-z_0-9]+)+\]`)

// seenText is one text a member saw, and where.
type seenText struct{ where, text string }

// everythingSeen gathers every text of a message as its readers saw it,
// edits included: content, embeds, buttons, menus and their options, and
// the pictures' alt text.
func everythingSeen(where string, m discordtest.Message) []seenText {
	var out []seenText
	add := func(what, text string) {
		if text != "" {
			out = append(out, seenText{where + " " + what, text})
		}
	}
	for _, v := range append(slices.Clone(m.Revisions), m) {
		add("content", v.Content)
		for _, e := range v.Embeds {
			add("embed", e.Title)
			add("embed", e.Description)
			for _, f := range e.Fields {
				add("embed field", f.Name)
				add("embed field", f.Value)
			}
			if e.Footer != nil {
				add("embed footer", e.Footer.Text)
			}
		}
		var walk func([]discordtest.Component)
		walk = func(cs []discordtest.Component) {
			for _, c := range cs {
				add("button", c.Label)
				add("menu", c.Placeholder)
				for _, o := range c.Options {
					add("menu option", o.Label)
					add("menu option", o.Description)
				}
				walk(c.Components)
			}
		}
		walk(v.Components)
		for _, a := range v.Attachments {
			add("alt text of "+a.Filename, a.Description)
		}
	}
	return out
}

// seenByEveryone is every text the members of h saw: the channel's posts
// and private replies, their direct messages, and every answer to their
// interactions.
func seenByEveryone(h *harness) []seenText {
	var out []seenText
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		out = append(out, everythingSeen("channel", m)...)
	}
	for _, u := range h.world.Users {
		for _, m := range h.Srv.DMMessages(u.ID) {
			out = append(out, everythingSeen("DM to "+u.Username, m)...)
		}
	}
	for _, in := range h.Srv.Interactions() {
		for _, m := range in.Responses() {
			out = append(out, everythingSeen("answer", m)...)
		}
	}
	return out
}

// checkNoEnglish fails on any English left in texts, and on messages
// missing from the catalogue.
func checkNoEnglish(t *testing.T, texts []seenText) {
	t.Helper()
	english := englishOnly()
	if len(english) < 100 {
		t.Fatalf("only %d distinctive English texts in the catalogue: the check would prove little", len(english))
	}
	reported := map[string]bool{}
	report := func(s seenText, what string) {
		if !reported[what] {
			reported[what] = true
			t.Errorf("%s shows %s:\n%s", s.where, what, s.text)
		}
	}
	whole := englishWhole()
	for _, s := range texts {
		if whole[s.text] && !strings.Contains(s.where, "content") {
			report(s, "the English "+strconvQuote(s.text))
		}
		for _, e := range english {
			if strings.Contains(s.text, e) {
				report(s, "the English "+strconvQuote(e))
			}
		}
		for _, w := range neverFrench {
			if strings.Contains(s.text, w) {
				report(s, "the English word "+strconvQuote(w))
			}
		}
		if m := missingMessage.FindString(s.text); m != "" {
			report(s, "the missing message "+m)
		}
	}
}

func strconvQuote(s string) string { return "«" + s + "»" }

// speakFrench makes the server and its members French.
func speakFrench(h *harness) {
	h.Srv.SetGuildLocale(h.world.Guild.ID, "fr")
	for _, u := range h.world.Users {
		h.Srv.SetLocale(u.ID, "fr")
	}
}

// openFrenchGame opens a lobby in French, has the others join and starts.
func (h *harness) openFrenchGame(players ...discordtest.User) {
	h.t.Helper()
	lobby := h.slash(players[0], "new", discordtest.StringOpt("language", "fr"))
	for _, p := range players[1:] {
		join, ok := drive.Component(lobby, "join")
		if !ok {
			h.t.Fatalf("the lobby has no join button: %q", lobby.Content)
		}
		lobby, _ = h.click(p, lobby, join.CustomID)
	}
	start, _ := drive.Component(lobby, "start")
	h.click(players[0], lobby, start.CustomID)
	if rec := h.state(h.world.Channel.ID); rec.Status != store.StatusPlaying || rec.Options.Language != "fr" {
		h.t.Fatalf("the game is %s in %q, want playing in French", rec.Status, rec.Options.Language)
	}
}

// TestAWholeGameInFrench plays a French game from the lobby to the
// results, with a member whose direct messages are closed, reminders, the
// autopilot, the read-only commands and a few refusals, then reads
// everything every member saw for English.
func TestAWholeGameInFrench(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	speakFrench(h)
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	players := newPlayers(h, 4, "cy")
	h.openFrenchGame(ana, bo, cy)
	channel := h.world.Channel.ID

	// Ana picks; bo and cy are reminded, then run out of time and the
	// autopilot plays for them; they take their seats back.
	h.pickFirst(ana)
	h.elapse(13 * time.Hour)
	h.elapse(12 * time.Hour)
	rec := h.state(channel)
	if !rec.Seats[1].Autopilot || !rec.Seats[2].Autopilot {
		t.Fatalf("bo and cy are not on autopilot after the deadline")
	}
	for _, u := range []discordtest.User{bo, cy} {
		play := h.slash(u, "play")
		back, ok := drive.Component(play, "back")
		if !ok {
			t.Fatalf("%s's /atheneum play offers no way back: %q", u.Username, play.Content)
		}
		seen, _ := h.click(u, play, back.CustomID)
		if !strings.HasPrefix(seen.Content, i18n.French.T("play.back")) {
			t.Errorf("%s, back, saw %q", u.Username, seen.Content)
		}
	}

	// The read-only commands, the rules and a few refusals, as a player
	// and as nobody in particular.
	for _, sub := range []string{"status", "table", "objectives", "scores", "shelf", "hand", "rules", "help"} {
		h.slash(ana, sub)
	}
	h.slash(ana, "place", discordtest.StringOpt("item", "#1"), discordtest.StringOpt("space", "nulle part"))
	if seen := h.slash(ana, "place", discordtest.StringOpt("item", "#99"), discordtest.StringOpt("space", "V.3.2")); seen.Content != i18n.French.T("engine.no_such_item") {
		t.Errorf("placing an item not held answered %q", seen.Content)
	}
	if first, ok := h.LastDM(ana); ok {
		h.forge(ana, first, "a1:%%%:??")
	}

	h.playUntil(players, h.gameOver)
	h.checkFinalScores()
	h.slash(ana, "scores")
	h.slash(bo, "status")

	texts := seenByEveryone(h)
	if len(texts) < 200 {
		t.Fatalf("only %d texts seen in a whole game", len(texts))
	}
	checkNoEnglish(t, texts)
	saw := func(where string, id string) bool {
		for _, x := range texts {
			if strings.HasPrefix(x.where, where) && strings.Contains(x.text, stem(i18n.French, id)) {
				return true
			}
		}
		return false
	}
	t.Run("the channel speaks French from the lobby to the results", func(t *testing.T) {
		for _, id := range []string{"lobby.title", "start.title", "play.reveal.title", "play.turn.over", "play.scores.final.title", "flow.dm.closed", "flow.autopilot.on"} {
			if !saw("channel", id) {
				t.Errorf("no channel post read %q (%s)", stem(i18n.French, id), id)
			}
		}
	})
	t.Run("direct messages speak French", func(t *testing.T) {
		for _, id := range []string{"play.pick.title", "play.bench.title", "flow.remind.half.dm"} {
			if !saw("DM to bo", id) {
				t.Errorf("bo's direct messages never read %q (%s)", stem(i18n.French, id), id)
			}
		}
	})
	t.Run("private answers speak French", func(t *testing.T) {
		for _, id := range []string{"play.refuse.button", "play.place.space", "play.objectives.title", "status.position"} {
			if !saw("answer", id) {
				t.Errorf("no answer read %q (%s)", stem(i18n.French, id), id)
			}
		}
	})
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
	h.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_FR"))
	checkAtheneumWords(t, h, i18n.French, "ana")
}

// TestTheEnglishScanFindsEnglish: the scan of a French game must find
// English where there is some, or its silence would prove nothing.
func TestTheEnglishScanFindsEnglish(t *testing.T) {
	english := englishOnly()
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := &store.Game{ChannelID: "1", State: &atheneum.State{Game: g}, Seats: []store.Seat{{Name: "Ana"}, {Name: "Bo", Index: 1}, {Name: "Cy", Index: 2}}}
	found := func(text string) bool {
		return slices.ContainsFunc(english, func(e string) bool { return strings.Contains(text, e) })
	}
	for _, text := range []string{athFace.StartText(i18n.English, rec), athFace.RulesText(i18n.English, "shelving"), athFace.Scores(i18n.English, rec)} {
		if !found(text) {
			t.Errorf("the scan sees no English in %q", text)
		}
	}
	for _, text := range []string{athFace.StartText(i18n.French, rec), athFace.RulesText(i18n.French, "shelving"), athFace.Scores(i18n.French, rec)} {
		if found(text) {
			t.Errorf("the scan sees English in %q", text)
		}
	}
	whole := englishWhole()
	for _, id := range []string{"play.undo.label", "color.teal.label", "play.color.placeholder"} {
		if !whole[en(id)] || whole[i18n.French.T(id)] {
			t.Errorf("the scan of buttons and menus does not tell %q from %q", en(id), i18n.French.T(id))
		}
	}
}

// TestAFrenchMemberWhoChoosesEnglish: a member of a French server who
// chooses English is answered in English, privately and by direct
// message, while the game's channel stays French.
func TestAFrenchMemberWhoChoosesEnglish(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	speakFrench(h)
	ana, bo := h.user("ana"), h.user("bo")
	h.openFrenchGame(ana, bo)

	if seen := h.slash(ana, "language", discordtest.StringOpt("language", "en")); seen.Content != en("language.set") {
		t.Fatalf("/atheneum language en answered %q", seen.Content)
	}
	tests := []struct {
		name string
		sub  string
		want string
	}{
		{"the prompt", "play", stem(i18n.English, "play.pick.title")},
		{"the status", "status", statusTurn(1)},
		{"the scores", "scores", stem(i18n.English, "play.scores.title")},
	}
	for _, tt := range tests {
		t.Run(tt.name+" is in English for her", func(t *testing.T) {
			if seen := h.slash(ana, tt.sub); !strings.Contains(seen.Content, tt.want) {
				t.Errorf("/atheneum %s answered %q, want %q", tt.sub, seen.Content, tt.want)
			}
		})
		t.Run(tt.name+" stays French for the others", func(t *testing.T) {
			if seen := h.slash(bo, tt.sub); strings.Contains(seen.Content, tt.want) {
				t.Errorf("/atheneum %s answered bo %q", tt.sub, seen.Content)
			}
		})
	}
	h.pickFirst(ana, bo)
	t.Run("her direct messages are in English", func(t *testing.T) {
		dm, ok := h.LastDM(ana)
		if !ok || !strings.HasPrefix(dm.Content, before(i18n.English, "play.bench.title", "Turn")) {
			t.Errorf("ana's workbench reads %q", dm.Content)
		}
		if done, ok := drive.Component(dm, "done"); !ok || !strings.HasPrefix(done.Label, en("play.done.label")) {
			t.Errorf("ana's Done button reads %q", done.Label)
		}
		bench, _ := h.LastDM(bo)
		if !strings.HasPrefix(bench.Content, before(i18n.French, "play.bench.title", "Turn")) {
			t.Errorf("bo's workbench reads %q", bench.Content)
		}
	})
	t.Run("the channel stays French", func(t *testing.T) {
		reveals := h.channelPosts(stem(i18n.French, "play.reveal.title"))
		if len(reveals) != 1 || len(h.channelPosts(stem(i18n.English, "play.reveal.title"))) != 0 {
			t.Errorf("%d French reveal posts; the channel shows %q", len(reveals), postsText(h))
		}
	})
}
