package discordtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func floatPtr(f float64) *float64 { return &f }

// frenchCommand is a command localized the way the bot localizes its own
// into French: accents, an apostrophe, bounds on integers and strings,
// localized choices.
func frenchCommand() *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Name:                     "atheneum",
		NameLocalizations:        &map[discordgo.Locale]string{discordgo.French: "athénée"},
		Description:              "Play Atheneum",
		DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.French: "Jouer à Atheneum", discordgo.EnglishGB: "Play Atheneum"},
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game",
				NameLocalizations:        map[discordgo.Locale]string{discordgo.French: "nouvelle"},
				DescriptionLocalizations: map[discordgo.Locale]string{discordgo.French: "Lancer une partie"},
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionInteger, Name: "seats", Description: "Most players (2-5)",
						NameLocalizations: map[discordgo.Locale]string{discordgo.French: "places"},
						MinValue:          floatPtr(2), MaxValue: 5},
					{Type: discordgo.ApplicationCommandOptionNumber, Name: "hours", Description: "Hours per step",
						NameLocalizations: map[discordgo.Locale]string{discordgo.French: "heures"},
						MinValue:          floatPtr(0.5), MaxValue: 336},
					{Type: discordgo.ApplicationCommandOptionString, Name: "title", Description: "Game title",
						NameLocalizations: map[discordgo.Locale]string{discordgo.French: "titre"},
						MinLength:         intPtr(1), MaxLength: 40},
					{Type: discordgo.ApplicationCommandOptionString, Name: "pack", Description: "Content pack",
						NameLocalizations: map[discordgo.Locale]string{discordgo.French: "l'édition"},
						Choices: []*discordgo.ApplicationCommandOptionChoice{
							{Name: "First edition", Value: "atheneum-1", NameLocalizations: map[discordgo.Locale]string{discordgo.French: "Première édition"}},
						}},
				}},
		},
	}
}

// bigChoices is an option with 25 short choices whose French names are
// long, so only the localizations weigh on the command's size.
func bigChoices(name string, frenchLength int) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: "pick"}
	for i := range 25 {
		c := &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprint("c", i), Value: fmt.Sprint(i)}
		if frenchLength > 0 {
			c.NameLocalizations = map[discordgo.Locale]string{discordgo.French: strings.Repeat("é", frenchLength)}
		}
		o.Choices = append(o.Choices, c)
	}
	return o
}

func TestCommandRegistrationsBeyondDiscordsLimitsAreRefused(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{})
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	opt := func(o *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
		if o.Description == "" {
			o.Description = "an option"
		}
		return &discordgo.ApplicationCommand{Name: "game", Description: "Play", Options: []*discordgo.ApplicationCommandOption{o}}
	}
	fr := func(s string) map[discordgo.Locale]string { return map[discordgo.Locale]string{discordgo.French: s} }
	str := discordgo.ApplicationCommandOptionString
	integer := discordgo.ApplicationCommandOptionInteger
	var tooMany []*discordgo.ApplicationCommandOption
	for i := range 26 {
		tooMany = append(tooMany, &discordgo.ApplicationCommandOption{Type: str, Name: fmt.Sprint("o", i), Description: "o"})
	}
	heavy := &discordgo.ApplicationCommand{Name: "heavy", Description: "Heavy"}
	for i := range 4 {
		heavy.Options = append(heavy.Options, bigChoices(fmt.Sprint("o", i), 90))
	}

	cases := []struct {
		name  string
		cmd   *discordgo.ApplicationCommand
		field string // the first violation's field
	}{
		{"an upper-case command name is refused", &discordgo.ApplicationCommand{Name: "Atheneum", Description: "Play"}, "name"},
		{"a command name with a space is refused", &discordgo.ApplicationCommand{Name: "new game", Description: "Play"}, "name"},
		{"a command name of 33 characters is refused", &discordgo.ApplicationCommand{Name: strings.Repeat("é", 33), Description: "Play"}, "name"},
		{"a French name with a capital letter is refused",
			&discordgo.ApplicationCommand{Name: "game", Description: "Play", NameLocalizations: &map[discordgo.Locale]string{discordgo.French: "Partie"}},
			"name_localizations.fr"},
		{"a localization keyed by a locale Discord does not have is refused",
			&discordgo.ApplicationCommand{Name: "game", Description: "Play", NameLocalizations: &map[discordgo.Locale]string{"fr-FR": "partie"}},
			"name_localizations.fr-FR"},
		{"a localized description of 101 characters is refused",
			&discordgo.ApplicationCommand{Name: "game", Description: "Play", DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.French: strings.Repeat("é", 101)}},
			"description_localizations.fr"},
		{"an option name localized with a capital letter is refused",
			opt(&discordgo.ApplicationCommandOption{Type: str, Name: "title", NameLocalizations: fr("Titre")}),
			"options.0.name_localizations.fr"},
		{"an empty localized option description is refused",
			opt(&discordgo.ApplicationCommandOption{Type: str, Name: "title", DescriptionLocalizations: fr("")}),
			"options.0.description_localizations.fr"},
		{"a choice name of 101 characters is refused",
			opt(&discordgo.ApplicationCommandOption{Type: str, Name: "pack", Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: strings.Repeat("é", 101), Value: "x"}}}),
			"options.0.choices.0.name"},
		{"a localized choice name of 101 characters is refused",
			opt(&discordgo.ApplicationCommandOption{Type: str, Name: "pack", Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "x", Value: "x", NameLocalizations: fr(strings.Repeat("é", 101))}}}),
			"options.0.choices.0.name_localizations.fr"},
		{"a string choice value of 101 characters is refused",
			opt(&discordgo.ApplicationCommandOption{Type: str, Name: "pack", Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "x", Value: strings.Repeat("v", 101)}}}),
			"options.0.choices.0.value"},
		{"a text choice on an integer option is refused",
			opt(&discordgo.ApplicationCommandOption{Type: integer, Name: "seats", Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "two", Value: "2"}}}),
			"options.0.choices.0.value"},
		{"a fractional min_value on an integer option is refused",
			opt(&discordgo.ApplicationCommandOption{Type: integer, Name: "seats", MinValue: floatPtr(1.5)}),
			"options.0.min_value"},
		{"a min_value above the max_value is refused",
			opt(&discordgo.ApplicationCommandOption{Type: integer, Name: "seats", MinValue: floatPtr(5), MaxValue: 2}),
			"options.0.min_value"},
		{"an integer bound beyond 2^53 is refused",
			opt(&discordgo.ApplicationCommandOption{Type: integer, Name: "seats", MaxValue: 1 << 54}),
			"options.0.max_value"},
		{"a min_length of 6001 is refused",
			opt(&discordgo.ApplicationCommandOption{Type: str, Name: "title", MinLength: intPtr(6001)}),
			"options.0.min_length"},
		{"a max_length of 6001 is refused",
			opt(&discordgo.ApplicationCommandOption{Type: str, Name: "title", MaxLength: 6001}),
			"options.0.max_length"},
		{"a min_length above the max_length is refused",
			opt(&discordgo.ApplicationCommandOption{Type: str, Name: "title", MinLength: intPtr(10), MaxLength: 5}),
			"options.0.min_length"},
		{"26 options are refused",
			&discordgo.ApplicationCommand{Name: "game", Description: "Play", Options: tooMany},
			"options"},
		{"a command whose longest localizations pass 8000 characters is refused", heavy, "(body)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dg.ApplicationCommandCreate(srv.AppID(), "", tc.cmd)
			if status, code := restErrCode(err); status != 400 || code != 50035 {
				t.Errorf("error = %v, want 400 50035", err)
			}
			vs := srv.TakeViolations()
			if len(vs) == 0 || vs[0].Field != tc.field {
				t.Errorf("violations = %v, want the first on %q", vs, tc.field)
			}
			if len(srv.Commands("")) != 0 {
				t.Error("a refused command must not be registered")
			}
		})
	}

	t.Run("a bulk overwrite names the refused command by its index", func(t *testing.T) {
		_, err := dg.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{
			{Name: "game", Description: "Play"}, {Name: "Rules", Description: "Read the rules"},
		})
		if _, code := restErrCode(err); code != 50035 {
			t.Errorf("error = %v, want 50035", err)
		}
		if vs := srv.TakeViolations(); len(vs) != 1 || vs[0].Field != "1.name" {
			t.Errorf("violations = %v, want one on 1.name", vs)
		}
	})

	accepted := []struct {
		name string
		cmd  *discordgo.ApplicationCommand
	}{
		{"a command localized into French is accepted", frenchCommand()},
		{"names in scripts without case are accepted", &discordgo.ApplicationCommand{Name: "日本語", Description: "Play",
			NameLocalizations: &map[discordgo.Locale]string{discordgo.Hindi: "खेल", discordgo.Thai: "เกม"}}},
		{"the same heavy command without its long localizations is accepted", func() *discordgo.ApplicationCommand {
			light := &discordgo.ApplicationCommand{Name: "light", Description: "Light"}
			for i := range 4 {
				light.Options = append(light.Options, bigChoices(fmt.Sprint("o", i), 0))
			}
			return light
		}()},
		{"a user command keeps its capitals and spaces", &discordgo.ApplicationCommand{Type: discordgo.UserApplicationCommand, Name: "Invite to Game",
			NameLocalizations: &map[discordgo.Locale]string{discordgo.French: "Inviter à jouer"}}},
	}
	for _, tc := range accepted {
		t.Run(tc.name, func(t *testing.T) {
			got, err := dg.ApplicationCommandCreate(srv.AppID(), "", tc.cmd)
			if err != nil {
				t.Fatalf("refused: %v %v", err, srv.TakeViolations())
			}
			if got.NameLocalizations != nil && tc.cmd.NameLocalizations != nil && len(*got.NameLocalizations) != len(*tc.cmd.NameLocalizations) {
				t.Errorf("echoed localizations %v, want %v", *got.NameLocalizations, *tc.cmd.NameLocalizations)
			}
		})
	}

	t.Run("the stored command keeps its localizations and bounds", func(t *testing.T) {
		var cmd Command
		for _, c := range srv.Commands("") {
			if c.Name == "atheneum" {
				cmd = c
			}
		}
		seats, _ := cmd.Options[0].Option("seats")
		if cmd.NameLocalizations["fr"] != "athénée" || seats.NameLocalizations["fr"] != "places" ||
			seats.MinValue == nil || *seats.MinValue != 2 || seats.MaxValue == nil || *seats.MaxValue != 5 {
			t.Errorf("stored command = %+v, seats = %+v", cmd, seats)
		}
	})
}

func TestInvocationsTheDiscordClientWouldNotSendAreRefused(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{})
	world := srv.Seed("alice")
	alice := world.Users[0]
	bot := startBot(t, srv, reply("ok", 0))
	if _, err := bot.dg.ApplicationCommandCreate(srv.AppID(), "", frenchCommand()); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		opt  Option
		ok   bool
	}{
		{"an integer below min_value is refused", IntOpt("seats", 1), false},
		{"an integer above max_value is refused", IntOpt("seats", 6), false},
		{"an integer at its bounds is sent", IntOpt("seats", 5), true},
		{"a number below min_value is refused", NumberOpt("hours", 0.25), false},
		{"a number above max_value is refused", NumberOpt("hours", 336.5), false},
		{"a number within its bounds is sent", NumberOpt("hours", 0.5), true},
		{"a string longer than max_length is refused", StringOpt("title", strings.Repeat("é", 41)), false},
		{"a string at max_length in accented letters is sent", StringOpt("title", strings.Repeat("é", 40)), true},
		{"a string shorter than min_length is refused", StringOpt("title", ""), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("new", tc.opt))
			if (err == nil) != tc.ok {
				t.Fatalf("SlashCommand error = %v, want success %v", err, tc.ok)
			}
			if err == nil {
				if err := bot.result(t, in.ID); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
