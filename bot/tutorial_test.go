package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/game"
	"atheneum/i18n"
)

// TestATutorialIsAPrivatePracticeGameWithHints: /atheneum tutorial opens,
// in a private thread, a game against computer players that counts in no
// record and whose every prompt says what to do; hints show in a player's
// first real games too, until they turn them off.
func TestATutorialIsAPrivatePracticeGameWithHints(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	seen := h.slash(ana, "tutorial")
	if !seen.Ephemeral || !strings.Contains(seen.Content, stem(i18n.English, "tutorial.ready")) {
		t.Fatalf("/atheneum tutorial answered %q", seen.Content)
	}
	games, err := h.db.MemberGames(h.Ctx, h.world.Guild.ID, ana.ID)
	if err != nil || len(games) != 1 {
		t.Fatalf("ana's games: %d, %v", len(games), err)
	}
	rec := games[0]
	thread, ok := h.Srv.Channel(rec.ChannelID)
	t.Run("the game runs in a private thread of the channel", func(t *testing.T) {
		if !ok || thread.Type != 12 || thread.ParentID != h.world.Channel.ID {
			t.Errorf("the game's channel is %+v", thread)
		}
		if !strings.Contains(seen.Content, "<#"+rec.ChannelID+">") {
			t.Errorf("the answer does not point at the thread: %q", seen.Content)
		}
	})
	t.Run("it is a practice game against computer players", func(t *testing.T) {
		if !rec.Options.Practice || len(rec.Seats) != 3 || rec.Seats[1].AILevel == "" || rec.Seats[2].AILevel == "" {
			t.Errorf("options %+v, seats %+v", rec.Options, rec.Seats)
		}
		posts := h.Srv.Messages(rec.ChannelID)
		if len(posts) == 0 || !posts[0].Pings(ana.ID) {
			t.Error("ana was not called into the thread")
		}
	})
	t.Run("the prompt says what to do and why", func(t *testing.T) {
		dm, _ := h.LastDM(ana)
		if !strings.Contains(dm.Content, en("atheneum.hint.pick")) {
			t.Errorf("the tutorial's prompt has no hint: %q", dm.Content)
		}
	})
	t.Run("a first real game shows hints until they are turned off", func(t *testing.T) {
		ch := h.Srv.AddTextChannel(h.world.Guild.ID, "real")
		h.openGameIn(ch.ID, bo, ana)
		dm, _ := h.LastDM(bo)
		if !strings.Contains(dm.Content, en("atheneum.hint.pick")) {
			t.Errorf("bo's first game has no hint: %q", dm.Content)
		}
		if seen := h.slashIn(ch.ID, bo, "hints", discordtest.StringOpt("mode", "off")); seen.Content != en("hints.set.off") {
			t.Errorf("turning hints off answered %q", seen.Content)
		}
		dm = h.slashIn(ch.ID, bo, "play")
		if strings.Contains(dm.Content, en("atheneum.hint.pick")) {
			t.Errorf("bo turned hints off and still sees one: %q", dm.Content)
		}
	})
}

// TestPracticeGamesStayWithinBounds: a member runs at most one practice
// game of each game at a time (a second request points to the first and
// makes no thread), and a server at most game.MaxPracticePerServer.
func TestPracticeGamesStayWithinBounds(t *testing.T) {
	t.Parallel()
	var names []string
	for k := range game.MaxPracticePerServer + 1 {
		names = append(names, fmt.Sprintf("m%d", k))
	}
	h := newHarness(t, names...)
	threads := func() int {
		n := 0
		for _, c := range h.Srv.Threads(h.world.Channel.ID) {
			if c.Type == discordgo.ChannelTypeGuildPrivateThread {
				n++
			}
		}
		return n
	}
	first := h.slash(h.user("m0"), "tutorial")
	games, err := h.db.MemberGames(h.Ctx, h.world.Guild.ID, h.user("m0").ID)
	if err != nil || len(games) != 1 {
		t.Fatalf("m0's games: %d, %v (first answer %q)", len(games), err, first.Content)
	}
	thread := games[0].ChannelID
	t.Run("a second practice game of the same game points to the first", func(t *testing.T) {
		before := threads()
		seen := h.slash(h.user("m0"), "tutorial")
		want := i18n.English.T("play.refusal.practice_running", "Command", "atheneum", "Channel", "<#"+thread+">", "Game", i18n.English.T("atheneum.title"))
		if seen.Content != want {
			t.Errorf("answer %q, want %q", seen.Content, want)
		}
		if threads() != before {
			t.Error("a thread was made for a refused practice game")
		}
	})
	t.Run("a practice game of another game may run beside it", func(t *testing.T) {
		ms, err := h.Slash("anludim", h.Channel, h.user("m0"), "tutorial")
		if err != nil || len(ms) == 0 || !strings.Contains(ms[0].Content, stem(i18n.English, "tutorial.ready")) {
			t.Fatalf("/anludim tutorial answered %v, %v", ms, err)
		}
	})
	t.Run("a server runs at most its bound of practice games", func(t *testing.T) {
		for k := 1; k < game.MaxPracticePerServer-1; k++ {
			if seen := h.slash(h.user(names[k]), "tutorial"); !strings.Contains(seen.Content, stem(i18n.English, "tutorial.ready")) {
				t.Fatalf("%s's practice game was refused: %q", names[k], seen.Content)
			}
		}
		before := threads()
		seen := h.slash(h.user(names[game.MaxPracticePerServer]), "tutorial")
		if want := i18n.English.T("play.refusal.practice_full", "Command", "atheneum", "Max", game.MaxPracticePerServer); seen.Content != want {
			t.Errorf("answer %q, want %q", seen.Content, want)
		}
		if threads() != before {
			t.Error("a thread was made for a refused practice game")
		}
	})
}

// gamesWithoutHints are the hosted games whose practice games teach
// nothing, and why: every other game says what to do and why at every
// step of a practice game.
var gamesWithoutHints = map[string]string{
	"tictactoe": "the fixture game, hosted by tests and the demo only",
}

// TestEveryGameTeachesInItsPracticeGame starts a practice game of every
// game the test bot hosts: the first prompt its member gets says what to
// do and why (a hint, in the member's language), unless the game is one of
// gamesWithoutHints.
func TestEveryGameTeachesInItsPracticeGame(t *testing.T) {
	t.Parallel()
	for _, f := range testFaces() {
		for _, lang := range i18n.Langs {
			t.Run(f.Command()+" in "+string(lang), func(t *testing.T) {
				t.Parallel()
				h := newHarness(t, "ana")
				if lang == i18n.French {
					speakFrench(h)
				}
				ana := h.user("ana")
				ms, err := h.Slash(f.Command(), h.Channel, ana, "tutorial")
				if err != nil || len(ms) == 0 {
					t.Fatalf("/%s tutorial: %v", f.Command(), err)
				}
				// The game's hints are its catalogue's "<command>.hint.*".
				var hints []string
				for _, id := range i18n.IDs(lang) {
					if strings.HasPrefix(id, f.Command()+".hint.") {
						hints = append(hints, stem(lang, id))
					}
				}
				var prompt string
				for _, m := range h.Srv.DMMessages(ana.ID) {
					if len(m.Components) > 0 {
						prompt = m.Content
					}
				}
				if prompt == "" {
					t.Fatal("no prompt came by direct message")
				}
				_, none := gamesWithoutHints[f.Command()]
				has := slices.ContainsFunc(hints, func(h string) bool { return h != "" && strings.Contains(prompt, h) })
				if has == none {
					t.Errorf("the practice game's first prompt (hints: %v, listed without: %v): %q", has, none, prompt)
				}
			})
		}
	}
}
