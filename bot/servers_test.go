package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/i18n"
	"atheneum/store"
)

// forgeSlash sends a command that claims to come from guildID while its
// channel is channelID, and returns what the user saw.
func (h *harness) forgeSlash(user discordtest.User, guildID, channelID string, opt discordtest.Option) discordtest.Message {
	h.t.Helper()
	in, err := h.Srv.ForgeSlashCommand(h.Ctx, user, guildID, channelID, "atheneum", opt)
	if err != nil {
		h.t.Fatal(err)
	}
	seen, err := in.WaitResponse(h.Ctx)
	if err != nil {
		h.t.Fatalf("forged /atheneum %s: %v", opt.Name, err)
	}
	h.Settle()
	return seen
}

// serverState is what a forged command must not change: the channel's
// game as stored (state, options, seats, status) and the posts people see.
func (h *harness) serverState(channelID string) string {
	h.t.Helper()
	rec := h.state(channelID)
	var sb strings.Builder
	sb.WriteString(h.encoded(channelID))
	sb.WriteString(string(rec.Status) + rec.EndReason)
	for _, s := range rec.Seats {
		sb.WriteString(s.UserID + s.Name)
		if s.Autopilot {
			sb.WriteString("(autopilot)")
		}
	}
	for _, m := range h.Srv.Messages(channelID) {
		if m.Ephemeral {
			continue // answers only their asker sees
		}
		sb.WriteString(m.ID + m.Content)
	}
	return sb.String()
}

// TestEveryCommandChecksItsServer sends every command with one server's
// id and a manager's permissions there, but the channel of another
// server's game: Discord never sends that, and the bot must not act on
// the other server's game, show it, or repair it.
func TestEveryCommandChecksItsServer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "mod")
	ana, bo, mod := h.user("ana"), h.user("bo"), h.user("mod")
	// A finished game of the victim's server, for the records.
	ended := h.Srv.AddTextChannel(h.world.Guild.ID, "ended")
	h.openGameIn(ended.ID, ana, bo)
	endedID := h.state(ended.ID).ID
	in, err := h.Srv.SlashCommand(h.Ctx, ana, ended.ID, "atheneum", discordtest.SubGroup("admin", discordtest.Sub("end", discordtest.StringOpt("reason", "secret reason"))))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.WaitResponse(h.Ctx); err != nil {
		t.Fatal(err)
	}
	h.Settle()
	// The game under attack, in the victim's server.
	h.openGame(ana, bo)
	channel := h.world.Channel.ID

	// The attacker's own server, where mod may manage the server.
	attacker := h.Srv.AddGuild("Attacker's server")
	h.Srv.PutMember(discordtest.Member{GuildID: attacker.ID, User: mod, Permissions: discordtest.DefaultMemberPermissions | discordgo.PermissionManageGuild | discordgo.PermissionAdministrator})
	h.Srv.AddMember(attacker.ID, ana)

	refused := i18n.English.T("play.refusal.other_server")
	before := h.serverState(channel)
	bound := []struct {
		name string
		who  discordtest.User
		opt  discordtest.Option
	}{
		{"status", mod, discordtest.Sub("status")},
		{"shelf", mod, discordtest.Sub("shelf", discordtest.UserOpt("player", ana))},
		{"table", mod, discordtest.Sub("table")},
		{"objectives", mod, discordtest.Sub("objectives")},
		{"scores", mod, discordtest.Sub("scores")},
		{"hand, by a player of the game", ana, discordtest.Sub("hand")},
		{"play, by a player of the game", ana, discordtest.Sub("play")},
		{"place, by a player of the game", ana, discordtest.Sub("place", discordtest.StringOpt("item", "#1"), discordtest.StringOpt("space", "I.1.1"))},
		{"resign, by a player of the game", ana, discordtest.Sub("resign")},
		{"new, in a channel that has a game", mod, discordtest.Sub("new")},
		{"admin extend, by a manager", mod, discordtest.SubGroup("admin", discordtest.Sub("extend", discordtest.IntOpt("hours", 5)))},
		{"admin hours, by a manager", mod, discordtest.SubGroup("admin", discordtest.Sub("hours", discordtest.IntOpt("hours", 1)))},
		{"admin pause, by a manager", mod, discordtest.SubGroup("admin", discordtest.Sub("pause"))},
		{"admin resume, by a manager", mod, discordtest.SubGroup("admin", discordtest.Sub("resume"))},
		{"admin autopilot, by a manager", mod, discordtest.SubGroup("admin", discordtest.Sub("autopilot", discordtest.UserOpt("player", bo)))},
		{"admin replace, by a manager", mod, discordtest.SubGroup("admin", discordtest.Sub("replace", discordtest.UserOpt("player", bo), discordtest.UserOpt("member", mod)))},
		{"admin remove, by a manager", mod, discordtest.SubGroup("admin", discordtest.Sub("remove", discordtest.UserOpt("player", bo)))},
		{"admin end, by a manager", mod, discordtest.SubGroup("admin", discordtest.Sub("end", discordtest.StringOpt("reason", "taken over")))},
		{"admin pause, by the host herself", ana, discordtest.SubGroup("admin", discordtest.Sub("pause"))},
		{"away, by a player of the game", ana, discordtest.Sub("away", discordtest.IntOpt("hours", 5))},
		{"back, by a player of the game", ana, discordtest.Sub("back")},
		{"tutorial, in a channel that has a game", ana, discordtest.Sub("tutorial")},
	}
	for _, c := range bound {
		t.Run(c.name+" is refused and changes nothing", func(t *testing.T) {
			seen := h.forgeSlash(c.who, attacker.ID, channel, c.opt)
			if seen.Content != refused {
				t.Errorf("answer %q, want %q", seen.Content, refused)
			}
			if after := h.serverState(channel); after != before {
				t.Error("the other server's game or channel changed")
			}
		})
	}
	t.Run("a lobby of the other server is neither shown nor repaired", func(t *testing.T) {
		lobbyChannel := h.Srv.AddTextChannel(h.world.Guild.ID, "lobby")
		h.slashIn(lobbyChannel.ID, bo, "new")
		lobby := h.state(lobbyChannel.ID)
		h.advance(phantomAge * 2)
		seen := h.forgeSlash(mod, attacker.ID, lobbyChannel.ID, discordtest.Sub("new"))
		if seen.Content != refused {
			t.Errorf("answer %q, want %q", seen.Content, refused)
		}
		if now := h.state(lobbyChannel.ID); now.ID != lobby.ID || now.Status != store.StatusLobby || now.HostID != lobby.HostID {
			t.Errorf("the lobby became %s %s hosted by %s", now.ID, now.Status, now.HostID)
		}
	})
	records := []struct {
		name string
		opt  discordtest.Option
	}{
		{"history of the channel", discordtest.SubGroup("records", discordtest.Sub("history"))},
		{"history of the server", discordtest.SubGroup("records", discordtest.Sub("history", discordtest.StringOpt("scope", "server")))},
		{"stats", discordtest.SubGroup("records", discordtest.Sub("stats", discordtest.UserOpt("member", ana)))},
		{"leaderboard", discordtest.SubGroup("records", discordtest.Sub("leaderboard"))},
		{"games", discordtest.SubGroup("records", discordtest.Sub("games"))},
		{"replay", discordtest.SubGroup("records", discordtest.Sub("replay", discordtest.StringOpt("game", endedID)))},
	}
	for _, c := range records {
		t.Run(c.name+" shows only the asking server's records", func(t *testing.T) {
			seen := h.forgeSlash(ana, attacker.ID, ended.ID, c.opt)
			secrets := []string{"secret reason", h.state(channel).ID}
			if c.opt.Options[0].Name != "replay" {
				secrets = append(secrets, endedID) // the replay may quote the id the user typed
			}
			for _, secret := range secrets {
				if strings.Contains(seen.Content, secret) {
					t.Errorf("the answer shows %q from the other server: %q", secret, seen.Content)
				}
			}
			if len(seen.Attachments) > 0 {
				t.Errorf("the answer carries %d pictures of the other server", len(seen.Attachments))
			}
			if after := h.serverState(channel); after != before {
				t.Error("the other server's game or channel changed")
			}
		})
	}
}
