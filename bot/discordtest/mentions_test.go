package discordtest

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestPingsFollowDiscordsAllowedMentionsRules(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{})
	world := srv.Seed("alice", "bob")
	alice, bob := world.Users[0], world.Users[1]
	carol := srv.AddUser("carol") // not a member of the guild
	const role = "1300000000000000001"
	srv.PutMember(Member{GuildID: world.Guild.ID, User: bob, Roles: []string{role}, Permissions: DefaultMemberPermissions})
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	none := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	parse := func(kinds ...discordgo.AllowedMentionType) *discordgo.MessageAllowedMentions {
		return &discordgo.MessageAllowedMentions{Parse: kinds}
	}
	at := func(u User) string { return "<@" + u.ID + ">" }

	cases := []struct {
		name    string
		channel string
		msg     discordgo.MessageSend
		pinged  []User
	}{
		{"a mention without allowed_mentions pings the user", world.Channel.ID,
			discordgo.MessageSend{Content: "your turn " + at(alice)}, []User{alice}},
		{"the nickname form of a mention pings too", world.Channel.ID,
			discordgo.MessageSend{Content: "your turn <@!" + alice.ID + ">"}, []User{alice}},
		{"an empty parse list silences every mention", world.Channel.ID,
			discordgo.MessageSend{Content: "your turn " + at(alice), AllowedMentions: none}, nil},
		{"a users list pings only the listed users it mentions", world.Channel.ID,
			discordgo.MessageSend{Content: at(alice) + " and " + at(bob), AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{alice.ID}}}, []User{alice}},
		{"a listed user the content does not mention is not pinged", world.Channel.ID,
			discordgo.MessageSend{Content: "your turn", AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{alice.ID}}}, nil},
		{"users in parse pings every mentioned user", world.Channel.ID,
			discordgo.MessageSend{Content: at(alice) + at(bob), AllowedMentions: parse(discordgo.AllowedMentionTypeUsers)}, []User{alice, bob}},
		{"a role mention pings the role's members", world.Channel.ID,
			discordgo.MessageSend{Content: "<@&" + role + "> wake up"}, []User{bob}},
		{"a role mention is silent when only users are parsed", world.Channel.ID,
			discordgo.MessageSend{Content: "<@&" + role + "> wake up", AllowedMentions: parse(discordgo.AllowedMentionTypeUsers)}, nil},
		{"a listed role pings its members", world.Channel.ID,
			discordgo.MessageSend{Content: "<@&" + role + "> wake up", AllowedMentions: &discordgo.MessageAllowedMentions{Roles: []string{role}}}, []User{bob}},
		{"@everyone without allowed_mentions pings every member", world.Channel.ID,
			discordgo.MessageSend{Content: "@everyone the game starts"}, []User{alice, bob}},
		{"@everyone is silent unless everyone is parsed", world.Channel.ID,
			discordgo.MessageSend{Content: "@everyone the game starts", AllowedMentions: parse(discordgo.AllowedMentionTypeUsers)}, nil},
		{"@here pings every member when everyone is parsed", world.Channel.ID,
			discordgo.MessageSend{Content: "@here the game starts", AllowedMentions: parse(discordgo.AllowedMentionTypeEveryone)}, []User{alice, bob}},
		{"a mention inside an embed pings nobody", world.Channel.ID,
			discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Description: "your turn " + at(alice)}}}, nil},
		{"a silent message pings nobody", world.Channel.ID,
			discordgo.MessageSend{Content: "your turn " + at(alice), Flags: discordgo.MessageFlagsSuppressNotifications}, nil},
		{"a user outside the guild is not pinged", world.Channel.ID,
			discordgo.MessageSend{Content: "hello " + at(carol)}, nil},
		{"a DM pings its recipient when it mentions them", srv.DMChannel(alice.ID).ID,
			discordgo.MessageSend{Content: "your turn " + at(alice)}, []User{alice}},
		{"a DM does not ping someone else it mentions", srv.DMChannel(alice.ID).ID,
			discordgo.MessageSend{Content: at(bob) + " played"}, nil},
		{"@everyone in a DM pings nobody", srv.DMChannel(alice.ID).ID,
			discordgo.MessageSend{Content: "@everyone"}, nil},
	}
	everyone := []User{alice, bob, carol}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sent, err := dg.ChannelMessageSendComplex(tc.channel, &tc.msg)
			if err != nil {
				t.Fatalf("%v %v", err, srv.TakeViolations())
			}
			m, _ := srv.Message(sent.ID)
			for _, u := range everyone {
				want := slices.ContainsFunc(tc.pinged, func(p User) bool { return p.ID == u.ID })
				if got := m.Pings(u.ID); got != want {
					t.Errorf("Pings(%s) = %v, want %v", u.Username, got, want)
				}
			}
			// Discord lists a mention it allows even when @silent
			// keeps it from notifying.
			wantMentions := len(tc.pinged)
			if tc.msg.Flags&discordgo.MessageFlagsSuppressNotifications != 0 {
				wantMentions = 1
			}
			if len(sent.Mentions) != wantMentions {
				t.Errorf("discordgo saw mentions %v, want %d users", sent.Mentions, wantMentions)
			}
		})
	}

	t.Run("an edit keeps the allowed_mentions it does not replace", func(t *testing.T) {
		sent, err := dg.ChannelMessageSendComplex(world.Channel.ID, &discordgo.MessageSend{Content: "quiet", AllowedMentions: none})
		if err != nil {
			t.Fatal(err)
		}
		text := "now " + at(alice)
		if _, err := dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: sent.ID, Channel: world.Channel.ID, Content: &text}); err != nil {
			t.Fatal(err)
		}
		if m, _ := srv.Message(sent.ID); m.Pings(alice.ID) || m.AllowedMentions == nil {
			t.Errorf("message = %+v, want alice silenced by the kept allowed_mentions", m)
		}
		_, err = dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: sent.ID, Channel: world.Channel.ID, Content: &text,
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{alice.ID}}})
		if err != nil {
			t.Fatal(err)
		}
		if m, _ := srv.Message(sent.ID); !m.Pings(alice.ID) || !slices.Equal(m.PingedUsers(), []string{alice.ID}) {
			t.Errorf("pinged = %v, want alice once the edit allows her", m.PingedUsers())
		}
	})
}
