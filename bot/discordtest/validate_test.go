package discordtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func row(cs ...discordgo.MessageComponent) discordgo.ActionsRow {
	return discordgo.ActionsRow{Components: cs}
}

func button(id string) discordgo.Button {
	return discordgo.Button{Label: id, Style: discordgo.PrimaryButton, CustomID: id}
}

func selectWith(n int) discordgo.SelectMenu {
	m := discordgo.SelectMenu{CustomID: "pick"}
	for i := range n {
		m.Options = append(m.Options, discordgo.SelectMenuOption{Label: fmt.Sprint("option ", i), Value: fmt.Sprint(i)})
	}
	return m
}

func TestPayloadsDiscordWouldRejectAreRefusedAndRecorded(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{})
	world := srv.Seed()
	dg, _ := srv.NewSession("test-token")

	cases := []struct {
		name  string
		msg   *discordgo.MessageSend
		code  int
		field string // the first violation's field
	}{
		{"a select menu with 26 options is rejected",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{row(selectWith(26))}},
			50035, "components.0.components.0.options"},
		{"content over 2000 characters is rejected",
			&discordgo.MessageSend{Content: strings.Repeat("é", 2001)},
			50035, "content"},
		{"six action rows are rejected",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{
				row(button("a")), row(button("b")), row(button("c")), row(button("d")), row(button("e")), row(button("f"))}},
			50035, "components"},
		{"six buttons in a row are rejected",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{
				row(button("a"), button("b"), button("c"), button("d"), button("e"), button("f"))}},
			50035, "components.0.components"},
		{"a custom_id over 100 characters is rejected",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: "ok", Style: discordgo.PrimaryButton, CustomID: strings.Repeat("x", 101)})}},
			50035, "components.0.components.0.custom_id"},
		{"a select option label over 100 characters is rejected",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{
				{Label: strings.Repeat("l", 101), Value: "v"}}})}},
			50035, "components.0.components.0.options.0.label"},
		{"a select sharing its row with a button is rejected",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button("a"), selectWith(2))}},
			50035, "components.0.components"},
		{"duplicate custom_ids are rejected",
			&discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button("a")), row(button("a"))}},
			50035, "components.1.components.0.custom_id"},
		{"the ephemeral flag on a channel message is rejected",
			&discordgo.MessageSend{Content: "secret", Flags: discordgo.MessageFlagsEphemeral},
			50035, "flags"},
		{"an embed field without a value is rejected",
			&discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Title: "t", Fields: []*discordgo.MessageEmbedField{{Name: "n"}}}}},
			50035, "embeds.0.fields.0.value"},
		{"an empty message is rejected",
			&discordgo.MessageSend{},
			50006, "(body)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(srv.Messages(world.Channel.ID))
			_, err := dg.ChannelMessageSendComplex(world.Channel.ID, tc.msg)
			if status, code := restErrCode(err); status != 400 || code != tc.code {
				t.Errorf("error = %v, want 400 with code %d", err, tc.code)
			}
			vs := srv.TakeViolations()
			if len(vs) == 0 || vs[0].Field != tc.field {
				t.Errorf("violations = %v, want the first on %q", vs, tc.field)
			}
			if len(srv.Messages(world.Channel.ID)) != before {
				t.Error("a rejected message must not be stored")
			}
		})
	}

	t.Run("the limits themselves are accepted", func(t *testing.T) {
		rows := []discordgo.MessageComponent{row(selectWith(25))}
		for r := range 4 {
			var bs []discordgo.MessageComponent
			for b := range 5 {
				bs = append(bs, button(fmt.Sprintf("b%d%d", r, b)))
			}
			rows = append(rows, row(bs...))
		}
		_, err := dg.ChannelMessageSendComplex(world.Channel.ID, &discordgo.MessageSend{Content: strings.Repeat("x", 2000), Components: rows})
		if err != nil {
			t.Errorf("a message at every limit was refused: %v %v", err, srv.TakeViolations())
		}
	})

	t.Run("the rejection body names the field like Discord's", func(t *testing.T) {
		_, err := dg.ChannelMessageSendComplex(world.Channel.ID, &discordgo.MessageSend{Components: []discordgo.MessageComponent{row(selectWith(26))}})
		srv.TakeViolations()
		re, ok := err.(*discordgo.RESTError)
		if !ok || !strings.Contains(string(re.ResponseBody), `"options":{"_errors":[{"code":"BASE_TYPE_BAD_LENGTH"`) {
			t.Errorf("body = %v, want Discord's nested _errors", err)
		}
	})
}

// recordingTB captures what New reports at cleanup.
type recordingTB struct {
	testing.TB
	errs     []string
	cleanups []func()
}

func (r *recordingTB) Helper()                      {}
func (r *recordingTB) Failed() bool                 { return false }
func (r *recordingTB) Cleanup(f func())             { r.cleanups = append(r.cleanups, f) }
func (r *recordingTB) Errorf(f string, args ...any) { r.errs = append(r.errs, fmt.Sprintf(f, args...)) }

func TestNewReportsLeftoverProblemsAtCleanup(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	srv := New(rec, Options{})
	world := srv.Seed()
	dg, _ := srv.NewSession("test-token")
	_, _ = dg.ChannelMessageSend(world.Channel.ID, strings.Repeat("x", 2001))
	_, _ = dg.GuildRoles(world.Guild.ID)
	for _, f := range rec.cleanups {
		f()
	}
	if len(rec.errs) != 2 || !strings.Contains(rec.errs[0], "content") || !strings.Contains(rec.errs[1], "/roles") {
		t.Errorf("cleanup reported %q, want the oversized content and the unknown route", rec.errs)
	}
}
