package discordtest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestAnIdentifyNamingAShardThatDoesNotExistIsClosedWith4010(t *testing.T) {
	t.Parallel()
	for _, shard := range [][2]int{{2, 2}, {-1, 2}, {0, 0}} {
		t.Run(fmt.Sprintf("shard %d of %d", shard[0], shard[1]), func(t *testing.T) {
			s := New(t, Options{})
			ws := dialGateway(t, s)
			defer ws.Close()
			err := ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot t", "intents": discordgo.IntentsGuilds, "shard": shard}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = rawFrame(t, ws)
			if code := closeCode(err); code != 4010 {
				t.Fatalf("closed with %d (%v), want 4010 Invalid shard", code, err)
			}
		})
	}
}

func TestEachShardReceivesItsServersInteractionsAndDirectMessagesGoToShardZero(t *testing.T) {
	t.Parallel()
	s := New(t, Options{AllowUnregisteredCommands: true})
	w := s.Seed("ana")
	ana := w.Users[0]
	// Two servers on different shards of two: ids are consecutive
	// snowflakes, whose shard alternates.
	other := s.AddGuild("Other Guild")
	if ShardOf(w.Guild.ID, 2) == ShardOf(other.ID, 2) {
		other = s.AddGuild("Third Guild")
	}
	otherChannel := s.AddTextChannel(other.ID, "general")
	s.AddMember(other.ID, ana)
	channelOfShard := map[int]string{ShardOf(w.Guild.ID, 2): w.Channel.ID, ShardOf(other.ID, 2): otherChannel.ID}
	guildOfShard := map[int]string{ShardOf(w.Guild.ID, 2): w.Guild.ID, ShardOf(other.ID, 2): other.ID}

	sessions := make([]*discordgo.Session, 2)
	// told receives, per shard, the servers GUILD_CREATE announced.
	told := []chan string{make(chan string, 16), make(chan string, 16)}
	for shard := range sessions {
		dg, err := s.NewSession("test-token")
		if err != nil {
			t.Fatal(err)
		}
		dg.ShardID, dg.ShardCount = shard, 2
		dg.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { told[shard] <- g.ID })
		dg.AddHandler(func(ss *discordgo.Session, ic *discordgo.InteractionCreate) {
			_ = ss.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: fmt.Sprintf("shard %d", shard)}})
		})
		if err := dg.Open(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { dg.Close() })
		sessions[shard] = dg
	}
	for shard, dg := range sessions {
		// READY's list, which Open has read.
		var guilds []string
		dg.State.RLock()
		for _, g := range dg.State.Guilds {
			guilds = append(guilds, g.ID)
		}
		dg.State.RUnlock()
		if !slices.Equal(guilds, []string{guildOfShard[shard]}) {
			t.Errorf("shard %d was told of servers %v, want only %s", shard, guilds, guildOfShard[shard])
		}
	}
	for _, c := range s.Connections() {
		if c.Shard[1] != 2 {
			t.Errorf("connection %d identified as shard %v", c.ID, c.Shard)
		}
	}
	answeredBy := func(t *testing.T, channelID string) (string, int) {
		t.Helper()
		in, err := s.SlashCommand(testCtx(t), ana, channelID, "where")
		if err != nil {
			t.Fatal(err)
		}
		msg, err := in.WaitResponse(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range s.Connections() {
			if c.ID == in.ConnectionID() {
				return msg.Content, c.Shard[0]
			}
		}
		t.Fatalf("no connection %d", in.ConnectionID())
		return "", 0
	}
	for shard := range 2 {
		t.Run(fmt.Sprintf("a server of shard %d is answered by shard %d", shard, shard), func(t *testing.T) {
			if got, on := answeredBy(t, channelOfShard[shard]); got != fmt.Sprintf("shard %d", shard) || on != shard {
				t.Errorf("answered %q, delivered to shard %d", got, on)
			}
		})
	}
	t.Run("a direct message is answered by shard 0", func(t *testing.T) {
		if got, on := answeredBy(t, s.DMChannel(ana.ID).ID); got != "shard 0" || on != 0 {
			t.Errorf("answered %q, delivered to shard %d", got, on)
		}
	})
	t.Run("a server added later is announced to its shard alone", func(t *testing.T) {
		for _, ch := range told {
			for len(ch) > 0 {
				<-ch
			}
		}
		g := s.AddGuild("Late Guild")
		shard := ShardOf(g.ID, 2)
		select {
		case id := <-told[shard]:
			if id != g.ID {
				t.Errorf("shard %d was told of %s, want %s", shard, id, g.ID)
			}
		case <-testCtx(t).Done():
			t.Fatalf("shard %d was never told of its new server", shard)
		}
		// Shard 1-shard may be told only later: a last interaction on
		// it, answered after any GUILD_CREATE would have been, tells.
		answeredBy(t, channelOfShard[1-shard])
		if len(told[1-shard]) > 0 {
			t.Errorf("shard %d was told of a server of shard %d", 1-shard, shard)
		}
	})
}

func TestShardOfIsDiscordsFormula(t *testing.T) {
	for _, tc := range []struct {
		guild  string
		shards int
		want   int
	}{
		{"", 4, 0},
		{"41771983423143937", 1, 0},
		{fmt.Sprint(uint64(7) << 22), 4, 3},
		{fmt.Sprint(uint64(8)<<22 | 123), 4, 0},
		{"not-a-snowflake", 4, 0},
	} {
		t.Run(fmt.Sprintf("guild %q among %d shards is on shard %d", tc.guild, tc.shards, tc.want), func(t *testing.T) {
			if got := ShardOf(tc.guild, tc.shards); got != tc.want {
				t.Errorf("shard %d", got)
			}
		})
	}
}
