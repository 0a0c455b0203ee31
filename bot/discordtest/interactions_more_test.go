package discordtest

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// panics reports whether f panics.
func panics(f func()) (did bool) {
	defer func() { did = recover() != nil }()
	f()
	return false
}

func TestInteractionsCarryLocalesPermissionsAndAltText(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{UploadLimit: 8 << 20})
	world := srv.Seed("alice", "bob")
	alice, bob := world.Users[0], world.Users[1]
	srv.SetGuildLocale(world.Guild.ID, "fr")
	srv.SetLocale(alice.ID, "fr")
	srv.PutMember(Member{GuildID: world.Guild.ID, User: bob, Permissions: DefaultMemberPermissions | discordgo.PermissionManageGuild})
	bot := startBot(t, srv, reply("ok", 0))

	t.Run("the guild's preferred locale reaches discordgo's state through GUILD_CREATE", func(t *testing.T) {
		eventually(func() bool {
			var locale string
			if g, err := bot.dg.State.Guild(world.Guild.ID); err == nil {
				// GUILD_CREATE overwrites the guild READY announced, in
				// place, under the state's lock.
				bot.dg.State.RLock()
				locale = g.PreferredLocale
				bot.dg.State.RUnlock()
			}
			return locale == "fr"
		})
	})

	locales := []struct {
		name        string
		user        User
		channel     string
		locale      discordgo.Locale
		guildLocale discordgo.Locale // empty: none (a DM)
		canManage   bool
	}{
		{"a French user in a French guild brings both locales", alice, world.Channel.ID, discordgo.French, discordgo.French, false},
		{"a user without a locale brings en-US and the guild's", bob, world.Channel.ID, discordgo.EnglishUS, discordgo.French, true},
		{"a DM brings the user's locale and no guild locale", alice, srv.DMChannel(alice.ID).ID, discordgo.French, "", false},
	}
	for _, tc := range locales {
		t.Run(tc.name, func(t *testing.T) {
			in, err := srv.SlashCommand(ctx, tc.user, tc.channel, "atheneum", Sub("hand"))
			if err != nil {
				t.Fatal(err)
			}
			got := bot.received(t, in.ID)
			if err := bot.result(t, in.ID); err != nil {
				t.Fatal(err)
			}
			if got.Locale != tc.locale {
				t.Errorf("locale = %q, want %q", got.Locale, tc.locale)
			}
			switch {
			case tc.guildLocale == "" && got.GuildLocale != nil:
				t.Errorf("guild_locale = %q in a DM, want none", *got.GuildLocale)
			case tc.guildLocale != "" && (got.GuildLocale == nil || *got.GuildLocale != tc.guildLocale):
				t.Errorf("guild_locale = %v, want %q", got.GuildLocale, tc.guildLocale)
			}
			if got.Member != nil {
				if manage := got.Member.Permissions&discordgo.PermissionManageGuild != 0; manage != tc.canManage {
					t.Errorf("member permissions %b: Manage Server = %v, want %v", got.Member.Permissions, manage, tc.canManage)
				}
			}
		})
	}

	t.Run("locales Discord does not have are refused at setup", func(t *testing.T) {
		if !panics(func() { srv.SetLocale(alice.ID, "fr-FR") }) || !panics(func() { srv.SetGuildLocale(world.Guild.ID, "french") }) ||
			!panics(func() { srv.PutUser(User{Username: "dan", Locale: "en"}) }) {
			t.Error("an unknown locale must be refused")
		}
	})

	t.Run("the interaction announces the upload limit", func(t *testing.T) {
		in, err := srv.SlashCommand(ctx, bob, world.Channel.ID, "atheneum", Sub("hand"))
		if err != nil {
			t.Fatal(err)
		}
		_ = bot.result(t, in.ID)
		var p struct {
			Limit int64 `json:"attachment_size_limit"`
		}
		if err := json.Unmarshal(in.Payload, &p); err != nil || p.Limit != 8<<20 {
			t.Errorf("attachment_size_limit = %d, %v; want 8 MiB", p.Limit, err)
		}
	})

	t.Run("alt text travels with a response, a follow-up and an @original edit", func(t *testing.T) {
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			if _, err := sendMultipart(s, "POST", discordgo.EndpointInteractionResponse(i.ID, i.Token), map[string]any{
				"type": 4, "data": map[string]any{"content": "board", "attachments": altText(0, "the board")},
			}, pngFile(t, "board.png")); err != nil {
				return fmt.Errorf("response: %w", err)
			}
			if _, err := sendMultipart(s, "POST", discordgo.EndpointFollowupMessage(i.AppID, i.Token)+"?wait=true", map[string]any{
				"content": "hand", "flags": 64, "attachments": altText(0, "your hand"),
			}, pngFile(t, "hand.png")); err != nil {
				return fmt.Errorf("follow-up: %w", err)
			}
			if _, err := sendMultipart(s, "PATCH", discordgo.EndpointInteractionResponseActions(i.AppID, i.Token), map[string]any{
				"attachments": altText(0, "the new board"),
			}, pngFile(t, "board2.png")); err != nil {
				return fmt.Errorf("edit: %w", err)
			}
			return nil
		})
		in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("status"))
		if err != nil {
			t.Fatal(err)
		}
		if err := bot.result(t, in.ID); err != nil {
			t.Fatalf("%v %v", err, srv.TakeViolations())
		}
		cb, _ := in.Callback()
		orig, _ := in.Original()
		fu := in.Followups()
		if len(cb.Files) != 1 || cb.Files[0].Description != "the board" {
			t.Errorf("callback files = %+v, want the described board", cb.Files)
		}
		if len(orig.Attachments) != 1 || orig.Attachments[0].Description != "the new board" || orig.Attachments[0].Filename != "board2.png" {
			t.Errorf("@original attachments = %+v, want only the described new board (the edit named no old one)", orig.Attachments)
		}
		if len(orig.Revisions) != 1 || orig.Revisions[0].Attachments[0].Description != "the board" {
			t.Errorf("@original revisions = %+v, want the first board with its alt text", orig.Revisions)
		}
		if len(fu) != 1 || fu[0].Attachments[0].Description != "your hand" {
			t.Errorf("follow-ups = %+v, want the described hand", fu)
		}
	})

	t.Run("an ephemeral response pings nobody but its viewer", func(t *testing.T) {
		bot.setHandler(reply(fmt.Sprintf("<@%s> <@%s>", alice.ID, bob.ID), discordgo.MessageFlagsEphemeral))
		in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("hand"))
		if err != nil {
			t.Fatal(err)
		}
		if err := bot.result(t, in.ID); err != nil {
			t.Fatal(err)
		}
		m, err := in.WaitResponse(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Ephemeral || !m.Pings(alice.ID) || m.Pings(bob.ID) {
			t.Errorf("ephemeral=%v pings alice %v bob %v, want only alice", m.Ephemeral, m.Pings(alice.ID), m.Pings(bob.ID))
		}
	})

	t.Run("a selection must respect the menu's bounds and options", func(t *testing.T) {
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			return s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		})
		menu, err := bot.dg.ChannelMessageSendComplex(world.Channel.ID, withSelect(discordgo.SelectMenu{
			MinValues: intPtr(0), MaxValues: 2, Options: []discordgo.SelectMenuOption{{Label: "A", Value: "a"}, {Label: "B", Value: "b"}, {Label: "C", Value: "c"}},
		}))
		if err != nil {
			t.Fatal(err)
		}
		single, err := bot.dg.ChannelMessageSendComplex(world.Channel.ID, withSelect(discordgo.SelectMenu{CustomID: "one", Options: options(2)}))
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name   string
			msg    string
			custom string
			values []string
			ok     bool
		}{
			{"choosing nothing is allowed when min_values is 0", menu.ID, "pick", nil, true},
			{"choosing up to max_values is allowed", menu.ID, "pick", []string{"a", "c"}, true},
			{"choosing more than max_values is refused", menu.ID, "pick", []string{"a", "b", "c"}, false},
			{"choosing a value twice is refused", menu.ID, "pick", []string{"a", "a"}, false},
			{"choosing a value the menu does not offer is refused", menu.ID, "pick", []string{"z"}, false},
			{"choosing nothing is refused when the default minimum of one applies", single.ID, "one", nil, false},
			{"choosing two is refused when the default maximum of one applies", single.ID, "one", []string{"0", "1"}, false},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				in, err := srv.SelectMenu(ctx, alice, tc.msg, tc.custom, tc.values...)
				if (err == nil) != tc.ok {
					t.Fatalf("SelectMenu error = %v, want success %v", err, tc.ok)
				}
				if err == nil {
					if err := bot.result(t, in.ID); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	})

	t.Run("a modal input outside its length bounds is refused", func(t *testing.T) {
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			if i.Type == discordgo.InteractionModalSubmit {
				return reply("ok", 0)(s, i)
			}
			return s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "name", Title: "Name", Components: []discordgo.MessageComponent{
					row(discordgo.TextInput{CustomID: "title", Label: "Title", Style: discordgo.TextInputShort, MinLength: 2, MaxLength: 5}),
				}},
			})
		})
		open, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("new"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := open.WaitAck(ctx); err != nil {
			t.Fatal(err)
		}
		for _, v := range []string{"x", "éééééé"} {
			if _, err := srv.SubmitModal(ctx, alice, open, map[string]string{"title": v}); err == nil {
				t.Errorf("submitting %q went through, want a refusal", v)
			}
		}
		if _, err := srv.SubmitModal(ctx, alice, open, map[string]string{"title": "ééééé"}); err != nil {
			t.Errorf("five accented letters were refused: %v", err)
		}
	})
}
