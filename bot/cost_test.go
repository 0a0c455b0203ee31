package bot

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"atheneum/engine/atheneum"
)

// TestDiscordCallsPerTurn plays whole games of 2 to 5 players with open
// direct messages and counts the bot's REST calls turn by turn: calls on
// the game's channel stay within 2 × players + 2 per turn (twice a turn: a
// step's post, the mark on the previous one, and an edit of its waiting
// line for each player who finishes before the last), and each person's
// direct message channel is opened once. Run with -v for the calls by
// route.
func TestDiscordCallsPerTurn(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	for players := atheneum.MinSeats; players <= atheneum.MaxSeats; players++ {
		t.Run(fmt.Sprintf("%d players", players), func(t *testing.T) {
			t.Parallel()
			names := []string{"ana", "bo", "cy", "dee", "eve"}[:players]
			h := newHarness(t, names...)
			ps := newPlayers(h, uint64(players))
			h.openGame(h.world.Users...)
			channel := h.world.Channel.ID
			total := map[string]int{}
			turns := 0
			for !h.gameOver() {
				turn := ath(h.state(channel).State).TurnNumber()
				mark := h.Srv.Mark()
				h.playUntil(ps, func() bool { return h.gameOver() || ath(h.state(channel).State).TurnNumber() != turn })
				inChannel := 0
				for _, r := range h.Srv.RequestsSince(mark) {
					where := "dm"
					if strings.HasPrefix(r.Path, "/channels/"+channel+"/") {
						where = "channel"
						inChannel++
					} else if strings.HasPrefix(r.Path, "/interactions/") || strings.HasPrefix(r.Path, "/webhooks/") {
						where = "interaction"
					}
					total[where+" "+r.Route]++
				}
				turns++
				if inChannel > 2*players+2 {
					t.Errorf("turn %d made %d calls on the game's channel, more than %d", turn, inChannel, 2*players+2)
				}
			}
			opened := h.Srv.CountRequests("POST", "/users/@me/channels")
			if opened > players {
				t.Errorf("%d direct message channels opened for %d people: they are not cached", opened, players)
			}
			var lines []string
			for route, n := range total {
				lines = append(lines, fmt.Sprintf("%-70s %6.2f per turn", route, float64(n)/float64(turns)))
			}
			sort.Strings(lines)
			t.Logf("%d players, %d turns, %d DM channels opened:\n%s", players, turns, opened, strings.Join(lines, "\n"))
		})
	}
}
