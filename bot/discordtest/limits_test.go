package discordtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// options makes n select options "0".."n-1".
func options(n int) []discordgo.SelectMenuOption {
	var out []discordgo.SelectMenuOption
	for i := range n {
		out = append(out, discordgo.SelectMenuOption{Label: fmt.Sprint("option ", i), Value: fmt.Sprint(i)})
	}
	return out
}

// withSelect is a message holding one select menu.
func withSelect(m discordgo.SelectMenu) *discordgo.MessageSend {
	if m.CustomID == "" {
		m.CustomID = "pick"
	}
	return &discordgo.MessageSend{Content: "pick", Components: []discordgo.MessageComponent{row(m)}}
}

// postRaw sends body (a discordgo type or a map, for what discordgo's types
// cannot express) through the real client.
func postRaw(dg *discordgo.Session, url string, body any) error {
	_, err := dg.RequestWithBucketID("POST", url, body, url)
	return err
}

func TestMessagePayloadsBeyondDiscordsLimitsAreRefused(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{})
	world := srv.Seed("alice")
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := world.Channel.ID
	url := discordgo.EndpointChannelMessages(ch)
	users := make([]string, 101)
	for i := range users {
		users[i] = fmt.Sprint(1000 + i)
	}
	twoDefaults := options(3)
	twoDefaults[0].Default, twoDefaults[1].Default = true, true
	dupValues := options(2)
	dupValues[1].Value = dupValues[0].Value
	longDescription := options(1)
	longDescription[0].Description = strings.Repeat("d", 101)

	cases := []struct {
		name  string
		body  any
		field string // the first violation's field
	}{
		{"a select whose min_values exceeds its max_values is refused",
			withSelect(discordgo.SelectMenu{MinValues: intPtr(3), MaxValues: 2, Options: options(3)}),
			"components.0.components.0.min_values"},
		{"a select requiring two values while allowing the default one is refused",
			withSelect(discordgo.SelectMenu{MinValues: intPtr(2), Options: options(3)}),
			"components.0.components.0.min_values"},
		{"a select allowing 26 values is refused",
			withSelect(discordgo.SelectMenu{MaxValues: 26, Options: options(25)}),
			"components.0.components.0.max_values"},
		{"a select requiring 26 values is refused",
			withSelect(discordgo.SelectMenu{MinValues: intPtr(26), MaxValues: 25, Options: options(25)}),
			"components.0.components.0.min_values"},
		{"a select allowing more values than it has options is refused",
			withSelect(discordgo.SelectMenu{MaxValues: 4, Options: options(3)}),
			"components.0.components.0.max_values"},
		{"a string select without options is refused",
			withSelect(discordgo.SelectMenu{}),
			"components.0.components.0.options"},
		{"two default options on a single-choice select are refused",
			withSelect(discordgo.SelectMenu{Options: twoDefaults}),
			"components.0.components.0.options"},
		{"two options with the same value are refused",
			withSelect(discordgo.SelectMenu{Options: dupValues}),
			"components.0.components.0.options.1.value"},
		{"an option description over 100 characters is refused",
			withSelect(discordgo.SelectMenu{Options: longDescription}),
			"components.0.components.0.options.0.description"},
		{"a placeholder of 151 characters is refused",
			withSelect(discordgo.SelectMenu{Placeholder: strings.Repeat("é", 151), Options: options(1)}),
			"components.0.components.0.placeholder"},
		{"content of 2001 characters is refused even when each is four bytes",
			&discordgo.MessageSend{Content: strings.Repeat("🂡", 2001)},
			"content"},
		{"a button label of 81 characters is refused",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: strings.Repeat("é", 81), Style: discordgo.PrimaryButton, CustomID: "b"})}},
			"components.0.components.0.label"},
		{"a custom_id of 101 characters is refused",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: "b", Style: discordgo.PrimaryButton, CustomID: strings.Repeat("é", 101)})}},
			"components.0.components.0.custom_id"},
		{"an embed title of 257 characters is refused",
			&discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Title: strings.Repeat("é", 257)}}},
			"embeds.0.title"},
		{"an allowed_mentions parse type Discord does not know is refused",
			&discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{"channels"}}},
			"allowed_mentions.parse.0"},
		{"users in parse together with a list of users are refused",
			&discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{
				Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{world.Users[0].ID}}},
			"allowed_mentions"},
		{"roles in parse together with a list of roles are refused",
			&discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{
				Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeRoles}, Roles: []string{world.Guild.ID}}},
			"allowed_mentions"},
		{"more than 100 users in allowed_mentions are refused",
			&discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{Users: users}},
			"allowed_mentions.users"},
		{"an allowed_mentions user that is not a snowflake is refused",
			&discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{"alice"}}},
			"allowed_mentions.users.0"},
		{"a replied_user that is not a boolean is refused",
			map[string]any{"content": "hi", "allowed_mentions": map[string]any{"parse": []string{}, "replied_user": "yes"}},
			"allowed_mentions.replied_user"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(srv.Messages(ch))
			err := postRaw(dg, url, tc.body)
			if status, code := restErrCode(err); status != 400 || code != 50035 {
				t.Errorf("error = %v, want 400 50035", err)
			}
			vs := srv.TakeViolations()
			if len(vs) == 0 || vs[0].Field != tc.field {
				t.Errorf("violations = %v, want the first on %q", vs, tc.field)
			}
			if len(srv.Messages(ch)) != before {
				t.Error("a refused message must not be stored")
			}
		})
	}

	accepted := []struct {
		name string
		body any
	}{
		{"2000 characters of four bytes each are accepted", &discordgo.MessageSend{Content: strings.Repeat("🂡", 2000)}},
		{"labels, placeholders and custom_ids at their limits in accented letters are accepted",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{
				row(discordgo.Button{Label: strings.Repeat("é", 80), Style: discordgo.PrimaryButton, CustomID: strings.Repeat("é", 100)}),
				row(discordgo.SelectMenu{CustomID: "s", Placeholder: strings.Repeat("é", 150), Options: options(1)}),
			}}},
		{"a select with min_values 0 and every option allowed is accepted",
			withSelect(discordgo.SelectMenu{MinValues: intPtr(0), MaxValues: 25, Options: options(25)})},
		{"two defaults on a two-choice select are accepted",
			withSelect(discordgo.SelectMenu{MaxValues: 2, Options: twoDefaults})},
		{"an explicit list of 100 users is accepted",
			&discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{Users: users[:100]}}},
		{"an empty parse list silences every mention",
			&discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}},
	}
	for _, tc := range accepted {
		t.Run(tc.name, func(t *testing.T) {
			if err := postRaw(dg, url, tc.body); err != nil {
				t.Errorf("refused: %v %v", err, srv.TakeViolations())
			}
		})
	}

	t.Run("an edit is held to the same allowed_mentions rules", func(t *testing.T) {
		m, err := dg.ChannelMessageSend(ch, "hello")
		if err != nil {
			t.Fatal(err)
		}
		text := "hello <@" + world.Users[0].ID + ">"
		_, err = dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: ch, Content: &text,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{world.Users[0].ID}}})
		if _, code := restErrCode(err); code != 50035 {
			t.Errorf("error = %v, want 50035", err)
		}
		if vs := srv.TakeViolations(); len(vs) != 1 || vs[0].Code != "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE" {
			t.Errorf("violations = %v, want the exclusive parse", vs)
		}
		if got, _ := srv.Message(m.ID); got.Content != "hello" {
			t.Errorf("content = %q, a refused edit must change nothing", got.Content)
		}
	})
}

func TestThreadsTakeOnlyDiscordsArchiveDurationsAndNames(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{})
	world := srv.Seed()
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	refused := []struct {
		name  string
		start discordgo.ThreadStart
		field string
	}{
		{"an archive duration of 30 minutes is refused", discordgo.ThreadStart{Name: "game", AutoArchiveDuration: 30}, "auto_archive_duration"},
		{"an archive duration of two weeks is refused", discordgo.ThreadStart{Name: "game", AutoArchiveDuration: 20160}, "auto_archive_duration"},
		{"a name of 101 characters is refused", discordgo.ThreadStart{Name: strings.Repeat("é", 101)}, "name"},
		{"an empty name is refused", discordgo.ThreadStart{Name: ""}, "name"},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			tc.start.Type = discordgo.ChannelTypeGuildPublicThread
			_, err := dg.ThreadStartComplex(world.Channel.ID, &tc.start)
			if status, code := restErrCode(err); status != 400 || code != 50035 {
				t.Errorf("error = %v, want 400 50035", err)
			}
			if vs := srv.TakeViolations(); len(vs) != 1 || vs[0].Field != tc.field {
				t.Errorf("violations = %v, want one on %q", vs, tc.field)
			}
		})
	}
	for _, minutes := range []int{60, 1440, 4320, 10080} {
		t.Run(fmt.Sprintf("an archive duration of %d minutes is kept on the thread", minutes), func(t *testing.T) {
			th, err := dg.ThreadStartComplex(world.Channel.ID, &discordgo.ThreadStart{
				Name: strings.Repeat("é", 100), Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: minutes,
			})
			if err != nil {
				t.Fatal(err)
			}
			got, _ := srv.Channel(th.ID)
			if got.AutoArchiveDuration != minutes || th.ThreadMetadata == nil || th.ThreadMetadata.AutoArchiveDuration != minutes {
				t.Errorf("thread = %+v (discordgo saw %+v), want %d minutes", got, th.ThreadMetadata, minutes)
			}
		})
	}
	t.Run("a thread without a duration gets Discord's default of a day", func(t *testing.T) {
		th, err := dg.ThreadStartComplex(world.Channel.ID, &discordgo.ThreadStart{Name: "game", Type: discordgo.ChannelTypeGuildPublicThread})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := srv.Channel(th.ID); got.AutoArchiveDuration != 1440 {
			t.Errorf("duration = %d, want 1440", got.AutoArchiveDuration)
		}
	})
}
