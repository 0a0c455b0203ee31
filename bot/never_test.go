package bot

import (
	"atheneum/bot/face"
	"context"
	"strings"
	"sync"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

// state returns the stored game of a channel, fully loaded.
func (h *harness) state(channelID string) *store.Game {
	h.t.Helper()
	rec, err := h.db.GameInChannel(h.Ctx, channelID)
	if err != nil {
		h.t.Fatal(err)
	}
	full, err := h.db.LoadGame(h.Ctx, rec.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return full
}

// encoded is the channel's game state as bytes, to prove nothing changed.
func (h *harness) encoded(channelID string) string {
	data, err := ath(h.state(channelID).State).Encode()
	if err != nil {
		h.t.Fatal(err)
	}
	return string(data)
}

// forge sends a forged component interaction and returns what the user saw.
func (h *harness) forge(user discordtest.User, msg discordtest.Message, customID string, values ...string) discordtest.Message {
	h.t.Helper()
	in, err := h.Srv.ForgeComponent(h.Ctx, user, msg.ID, customID, values...)
	if err != nil {
		h.t.Fatal(err)
	}
	seen, err := in.WaitResponse(h.Ctx)
	if err != nil {
		h.t.Fatalf("forged %s: %v", customID, err)
	}
	h.Settle()
	if !in.AckedInTime() {
		h.t.Errorf("forged %s was not acknowledged in time", customID)
	}
	return seen
}

func TestBadInputIsRefusedAndChangesNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy", "dee", "eve")
	ana, bo, cy, dee, eve := h.user("ana"), h.user("bo"), h.user("cy"), h.user("dee"), h.user("eve")
	h.openGame(ana, bo)
	other := h.Srv.AddTextChannel(h.world.Guild.ID, "other")
	otherLobby := h.openGameIn(other.ID, dee, eve)
	channel := h.world.Channel.ID

	anaPick, _ := h.LastDM(ana)
	cards := drive.Cards(anaPick)
	if len(cards) < 2 || len(cards[0].Values) > 0 {
		t.Fatalf("ana's DM has no buttons of cards: %q", anaPick.Content)
	}
	deePick, _ := h.LastDM(dee)
	deeCards := drive.Cards(deePick)
	gameID, _ := face.ParseID(cards[0].CustomID)
	forged := func(verb string, args ...string) string {
		id := gameID
		id.Verb, id.Args = verb, args
		return id.String()
	}
	// The pick menu of earlier versions, whose presses are still read,
	// and the cards of the first two buttons.
	pick := struct{ CustomID string }{forged("pick")}
	second, _ := face.ParseID(cards[1].CustomID)
	pickCard, secondCard := gameID.Arg(1), second.Arg(1)
	cardButton := cards[0].CustomID

	tests := []struct {
		name     string
		who      discordtest.User
		customID string
		values   []string
		want     string
	}{
		{"a spectator pressing a seat's menu is refused", cy, pick.CustomID, []string{pickCard}, en("play.refuse.spectator")},
		{"a player using another seat's menu is refused", bo, pick.CustomID, []string{pickCard}, en("play.refuse.not.yours")},
		{"a player of another game is refused", dee, pick.CustomID, []string{pickCard}, en("play.refuse.spectator")},
		{"a spectator pressing a seat's card is refused", cy, cardButton, nil, en("play.refuse.spectator")},
		{"a player pressing another seat's card is refused", bo, cardButton, nil, en("play.refuse.not.yours")},
		{"a menu of the other game cannot touch this one", ana, deeCards[0].CustomID, deeCards[0].Values, en("play.refuse.spectator")},
		{"a garbled custom id is refused", ana, "a1:%%%:??", nil, en("play.refuse.button")},
		{"a custom id from another bot is refused", ana, "confirm_button", nil, en("play.refuse.button")},
		{"a custom id naming an unknown game is refused", ana, strings.Replace(pick.CustomID, gameID.Game, "nosuchgame000000", 1), []string{pickCard}, refusalText(game.CodeNoGame)},
		{"a card that is not in the hand is refused", ana, pick.CustomID, []string{"Z99"}, en("play.refuse.card")},
		{"another seat's card is refused", ana, pick.CustomID, []string{ath(h.state(channel).State).CardCode(ath(h.state(channel).State).Seats[1].Hand[0])}, en("play.refuse.card")},
		{"no value at all is refused", ana, pick.CustomID, []string{}, en("play.refuse.card")},
		{"two cards at once from a one-card menu are refused", ana, pick.CustomID, []string{pickCard, secondCard}, en("play.refuse.card")},
		{"a card's button for a card not in the hand is refused", ana, forged("btn", "pick", "Z99"), nil, en("play.refuse.card")},
		{"a card's button with a value is refused", ana, cardButton, []string{pickCard}, en("play.refuse.card")},
		{"an item menu during the pick step is refused", ana, forged("it"), []string{"i1"}, en("play.refuse.picking")},
		{"an unknown verb is refused", ana, forged("explode"), []string{"x"}, en("play.refuse.stale")},
		{"a shelving menu during the pick step is refused", ana, forged("spc", "item", "1", "-", "-1", "II"), []string{"1.1"}, en("play.refuse.picking")},
		{"a menu built for another step is refused", ana, strings.Replace(pick.CustomID, ":t1p:", ":t2r:", 1), []string{pickCard}, en("play.refuse.earlier", "Position", position(1, en("status.step.pick")))},
		{"a menu from before the seat's last move is refused", ana, strings.Replace(pick.CustomID, ":0:0:pick", ":0:7:pick", 1), []string{pickCard}, en("play.refuse.outdated")},
		{"a lobby button of a started game is refused", ana, face.ID{Game: gameID.Game, Step: "lobby", Seat: -1, Moves: -1, Verb: "join"}.String(), nil, refusalText(game.CodeNotLobby)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := h.encoded(channel)
			seen := h.forge(tc.who, anaPick, tc.customID, tc.values...)
			if seen.Content != tc.want {
				t.Errorf("answer %q, want it to mention %q", seen.Content, tc.want)
			}
			if !seen.Ephemeral && seen.GuildID != "" {
				t.Errorf("the refusal was visible to everyone")
			}
			if h.encoded(channel) != before {
				t.Errorf("the game changed")
			}
		})
	}

	t.Run("a seat's menu pressed in another channel of the server is refused", func(t *testing.T) {
		before := h.encoded(channel)
		seen := h.forge(ana, otherLobby, pick.CustomID, pickCard)
		if seen.Content != en("play.refuse.channel") || h.encoded(channel) != before {
			t.Errorf("answer %q; game changed: %v", seen.Content, h.encoded(channel) != before)
		}
	})

	t.Run("a stale menu from an earlier step is refused", func(t *testing.T) {
		h.click(ana, anaPick, cardButton)
		boPick, _ := h.LastDM(bo)
		bp := drive.Cards(boPick)
		h.click(bo, boPick, bp[0].CustomID, bp[0].Values...)
		if ath(h.state(channel).State).Step != atheneum.StepResolve {
			t.Fatal("the cards were not revealed")
		}
		before := h.encoded(channel)
		seen := h.forge(ana, anaPick, pick.CustomID, pickCard)
		if seen.Content != en("play.refuse.earlier", "Position", position(1, en("status.step.resolve"))) || h.encoded(channel) != before {
			t.Errorf("answer %q; game changed: %v", seen.Content, h.encoded(channel) != before)
		}
	})

	t.Run("a double click is applied once", func(t *testing.T) {
		bench, _ := h.LastDM(ana)
		done, ok := drive.Component(bench, "done")
		if !ok {
			t.Fatalf("no Done button on %q", bench.Content)
		}
		seq := h.state(channel).Seq
		h.click(ana, bench, done.CustomID)
		seen := h.forge(ana, bench, done.CustomID)
		if got := h.state(channel).Seq; got != seq+1 {
			t.Errorf("seq went from %d to %d, want one action", seq, got)
		}
		if seen.Content != en("play.refuse.outdated") && seen.Content != en("engine.seat_finished") {
			t.Errorf("second click answered %q", seen.Content)
		}
	})

	t.Run("two clicks at once are applied once", func(t *testing.T) {
		bench, _ := h.LastDM(bo)
		done, _ := drive.Component(bench, "done")
		seq := h.state(channel).Seq
		var wg sync.WaitGroup
		ins := make([]*discordtest.Interaction, 2)
		for k := 0; k < 2; k++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				in, err := h.Srv.ForgeComponent(h.Ctx, bo, bench.ID, done.CustomID)
				if err != nil {
					t.Error(err)
					return
				}
				if _, err := in.WaitResponse(h.Ctx); err != nil {
					t.Error(err)
				}
				ins[k] = in
			}()
		}
		wg.Wait()
		h.Settle()
		if got := h.state(channel).Seq; got != seq+1 {
			t.Errorf("seq went from %d to %d, want exactly one action", seq, got)
		}
		refused := 0
		for _, in := range ins {
			for _, f := range in.Followups() {
				if f.Content == en("play.refuse.outdated") || strings.HasPrefix(f.Content, stem(i18n.English, "play.refuse.earlier")) {
					refused++
				}
			}
		}
		if refused != 1 {
			t.Errorf("%d refusals, want exactly one", refused)
		}
	})
	if strings.Contains(h.logs.String(), secretToken) {
		t.Error("the token appears in the logs")
	}
}

// panickyStore panics when asked to load a game while armed.
type panickyStore struct {
	Store
	mu    sync.Mutex
	armed bool
}

func (p *panickyStore) GameInChannel(ctx context.Context, channelID string) (*store.Game, error) {
	p.mu.Lock()
	armed := p.armed
	p.armed = false
	p.mu.Unlock()
	if armed {
		panic("simulated bug")
	}
	return p.Store.GameInChannel(ctx, channelID)
}

func TestAPanicIsRecoveredAndAnswered(t *testing.T) {
	t.Parallel()
	ps := &panickyStore{}
	h := newHarnessWith(t, func(s Store) Store { ps.Store = s; return ps }, "ana", "bo")
	ana := h.user("ana")
	h.openGame(ana, h.user("bo"))
	ps.mu.Lock()
	ps.armed = true
	ps.mu.Unlock()
	seen := h.slash(ana, "status")
	if seen.Content != en("play.internal") {
		t.Fatalf("after a panic the user saw %q", seen.Content)
	}
	if !strings.Contains(h.logs.String(), "panic") || !strings.Contains(h.logs.String(), "simulated bug") {
		t.Error("the panic was not logged")
	}
	if seen := h.slash(ana, "status"); !strings.Contains(seen.Content, statusTurn(1)) {
		t.Fatalf("the bot does not work after a panic: %q", seen.Content)
	}
}
