package game

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// upgradeFixture is a database written by the bot of November 2026 (see
// store/testdata/README.md), with how each of its running games ends.
const upgradeFixture = "../../store/testdata/upgrade-v1"

// TestADatabaseOfNovember2026CarriesOn opens the fixture database with
// today's code: the lobby is still a lobby, the finished and ended games
// are in the server's history with their results, and each running game
// plays on to the end with the scores the old code gave.
func TestADatabaseOfNovember2026CarriesOn(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "upgrade.db")
	copyFixture(t, upgradeFixture+".db", path)
	var endings map[string]struct {
		Status  string            `json:"status"`
		Moves   int               `json:"moves"`
		Results []atheneum.Result `json:"results"`
	}
	data, err := os.ReadFile(upgradeFixture + "-endings.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &endings); err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, path)
	active, err := f.db.ListActive(f.ctx)
	if err != nil {
		t.Fatal(err)
	}
	lobbies, playing := 0, 0
	for _, rec := range active {
		if rec.Status == store.StatusLobby {
			lobbies++
			continue
		}
		playing++
		want, ok := endings[rec.ID]
		if !ok {
			t.Fatalf("game %s is not in the endings", rec.ID)
		}
		t.Run(fmt.Sprintf("running game %s plays on to the old ending", rec.ID), func(t *testing.T) {
			full, err := f.db.LoadGame(f.ctx, rec.ID)
			if err != nil {
				t.Fatal(err)
			}
			if ath(full.State).Seq != want.Moves {
				t.Fatalf("%d moves stored, the fixture says %d", ath(full.State).Seq, want.Moves)
			}
			g := ath(full.State).Clone()
			for n := 0; g.Step != atheneum.StepOver; n++ {
				if n > 5000 {
					t.Fatal("the game did not end")
				}
				seat := g.Waiting()[0]
				p, err := ai.New("normal", ai.Options{Seed: 20261124})
				if err != nil {
					t.Fatal(err)
				}
				a, err := p.Propose(g.View(seat), seat)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			got, _ := json.Marshal(g.Results)
			wanted, _ := json.Marshal(want.Results)
			if string(got) != string(wanted) {
				t.Errorf("ended with %s, the old code with %s", got, wanted)
			}
		})
	}
	if lobbies != 1 || playing != 2 {
		t.Errorf("%d lobbies and %d running games, want 1 and 2", lobbies, playing)
	}
	guild := active[0].GuildID
	history, err := f.svc.History(f.ctx, store.Scope{GuildID: guild}, 10)
	if err != nil {
		t.Fatal(err)
	}
	finished, ended := 0, 0
	for _, fg := range history {
		switch fg.Game.Status {
		case store.StatusFinished:
			finished++
			if len(fg.Results) != len(fg.Game.Seats) {
				t.Errorf("finished game %s has %d results for %d seats", fg.Game.ID, len(fg.Results), len(fg.Game.Seats))
			}
		case store.StatusAbandoned:
			ended++
			if fg.Game.EndReason != "moving house" {
				t.Errorf("the ended game's reason is %q", fg.Game.EndReason)
			}
		}
	}
	if finished != 2 || ended != 1 {
		t.Errorf("the history holds %d finished and %d ended games, want 2 and 1", finished, ended)
	}
}

func copyFixture(t *testing.T, from, to string) {
	data, err := os.ReadFile(from)
	if err == nil {
		err = os.WriteFile(to, data, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}
