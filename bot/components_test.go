package bot

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// sampleComponents are components of every kind componentsJSON writes
// itself, with every optional field set and unset, and one it leaves to
// encoding/json.
func sampleComponents(text func() string) []discordgo.MessageComponent {
	one, three := 1, 3
	return []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: text(), CustomID: text()},
			discordgo.Button{Label: text(), Style: discordgo.DangerButton, Disabled: true, Emoji: &discordgo.ComponentEmoji{Name: text()}, CustomID: text(), ID: 7},
			&discordgo.Button{Label: text(), Style: discordgo.LinkButton, URL: text(), Emoji: &discordgo.ComponentEmoji{ID: text(), Animated: true}},
			discordgo.Button{Style: discordgo.PremiumButton, SKUID: text()},
		}},
		&discordgo.ActionsRow{ID: 3, Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: text(), Placeholder: text(), Options: []discordgo.SelectMenuOption{
				{Label: text(), Value: text(), Description: text()},
				{Value: text(), Default: true, Emoji: &discordgo.ComponentEmoji{Name: text(), ID: text()}},
			}},
		}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			&discordgo.SelectMenu{MenuType: discordgo.ChannelSelectMenu, MinValues: &one, MaxValues: three, Disabled: true,
				ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildVoice}, ID: 9,
				DefaultValues: []discordgo.SelectMenuDefaultValue{{ID: text(), Type: discordgo.SelectMenuDefaultValueChannel}}},
			discordgo.SelectMenu{MenuType: discordgo.UserSelectMenu, MinValues: new(int)},
		}},
		discordgo.ActionsRow{},
		discordgo.TextInput{CustomID: text(), Label: text()},
	}
}

// TestComponentsAreWrittenAsEncodingJSONWritesThem: the bot's own writer of
// components gives the very bytes encoding/json gives through discordgo's
// MarshalJSON methods, for every kind and optional field, and for text
// that JSON escapes (quotes, controls, HTML, invalid UTF-8, U+2028).
func TestComponentsAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	t.Parallel()
	alphabet := []string{"a", "É", "é", "\"", "\\", "\n", "\t", "\r", "\b", "\f", "\x00", "\x1f", "\x7f", "<", ">", "&", "\u2028", "\u2029",
		"\xff", "\xe2\x80", "🂡", "%", "/", " ", "\u00a0", "\ufffd"}
	rng := rand.New(rand.NewPCG(1, 2))
	text := func() string {
		var b bytes.Buffer
		for range rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 200 {
		cs := sampleComponents(text)
		want, err := json.Marshal(cs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := componentsJSON(cs)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("components written as\n%s\nwant\n%s", got, want)
		}
	}
	for _, cs := range [][]discordgo.MessageComponent{nil, {}} {
		want, _ := json.Marshal(cs)
		if got, _ := componentsJSON(cs); !bytes.Equal(got, want) {
			t.Errorf("%#v written as %s, want %s", cs, got, want)
		}
	}
}

// jsonValue decodes JSON for comparing documents whatever their keys'
// order.
func jsonValue(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPayloadsWithComponentsWrittenBeforehandSayTheSame: the edits and
// messages the bot sends with their components written by componentsJSON
// are the same JSON documents as encoding/json makes of discordgo's types
// (a field of the payload hides the type's own components).
func TestPayloadsWithComponentsWrittenBeforehandSayTheSame(t *testing.T) {
	t.Parallel()
	n := 0
	text := func() string { n++; return "t<" + string(rune('a'+n%26)) + ">" }
	content := "hello & <b>"
	for _, cs := range [][]discordgo.MessageComponent{nil, {}, sampleComponents(text)} {
		var ptrs []*[]discordgo.MessageComponent
		ptrs = append(ptrs, nil, &cs)
		for _, p := range ptrs {
			e := &discordgo.WebhookEdit{Content: &content, Components: p, AllowedMentions: noMentions,
				Attachments: &[]*discordgo.MessageAttachment{{ID: "1"}}}
			ej, err := editJSON(e)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := jsonValue(t, ej), jsonValue(t, e); !reflect.DeepEqual(got, want) {
				t.Errorf("edit: %v, want %v", got, want)
			}
			if e.Components != p {
				t.Error("editJSON changed the edit it was given")
			}
			meta := []attachment{{ID: "0", Filename: "a.png"}}
			ej.Attachments = nil
			got := jsonValue(t, struct {
				webhookEditJSON
				Attachments []attachment `json:"attachments"`
			}{ej, meta})
			old := *e
			old.Attachments = nil
			want := jsonValue(t, struct {
				*discordgo.WebhookEdit
				Attachments []attachment `json:"attachments"`
			}{&old, meta})
			if !reflect.DeepEqual(got, want) {
				t.Errorf("edit with pictures: %v, want %v", got, want)
			}
			me := &discordgo.MessageEdit{Content: &content, Components: p, ID: "m", Channel: "c"}
			raw, _ := componentsPtrJSON(me.Components)
			edit := *me
			edit.Components = nil
			got = jsonValue(t, struct {
				*discordgo.MessageEdit
				Components  json.RawMessage `json:"components,omitempty"`
				Attachments []attachment    `json:"attachments"`
			}{&edit, raw, meta})
			want = jsonValue(t, struct {
				*discordgo.MessageEdit
				Attachments []attachment `json:"attachments"`
			}{me, meta})
			if !reflect.DeepEqual(got, want) {
				t.Errorf("message edit: %v, want %v", got, want)
			}
		}
		meta := []attachment{{ID: "0", Filename: "a.png"}}
		raw, _ := componentsJSON(cs)
		m := &discordgo.MessageSend{Content: content, Components: cs, AllowedMentions: noMentions}
		send := *m
		send.Components = nil
		got := jsonValue(t, struct {
			*discordgo.MessageSend
			Components  json.RawMessage `json:"components"`
			Attachments []attachment    `json:"attachments"`
		}{&send, raw, meta})
		want := jsonValue(t, struct {
			*discordgo.MessageSend
			Attachments []attachment `json:"attachments"`
		}{m, meta})
		if !reflect.DeepEqual(got, want) {
			t.Errorf("message: %v, want %v", got, want)
		}
		wp := &discordgo.WebhookParams{Content: content, Components: cs, Flags: discordgo.MessageFlagsEphemeral}
		params := *wp
		params.Components = nil
		got = jsonValue(t, struct {
			*discordgo.WebhookParams
			Components  json.RawMessage `json:"components"`
			Attachments []attachment    `json:"attachments"`
		}{&params, raw, meta})
		want = jsonValue(t, struct {
			*discordgo.WebhookParams
			Attachments []attachment `json:"attachments"`
		}{wp, meta})
		if !reflect.DeepEqual(got, want) {
			t.Errorf("follow-up: %v, want %v", got, want)
		}
	}
}

// BenchmarkComponentsJSON compares the bot's writer of components with
// encoding/json through discordgo's methods, on rows like a prompt's.
func BenchmarkComponentsJSON(b *testing.B) {
	n := 0
	cs := sampleComponents(func() string { n++; return "Label number " + string(rune('a'+n%26)) })
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(cs); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("componentsJSON", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := componentsJSON(cs); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestComponentsWriterKnowsEveryFieldOfDiscordgosTypes fails when a
// discordgo upgrade adds, renames or removes a field of a type
// componentsJSON writes by hand: the writer would silently drop a new
// field that encoding/json writes, so it must learn it first.
func TestComponentsWriterKnowsEveryFieldOfDiscordgosTypes(t *testing.T) {
	t.Parallel()
	written := map[string]struct {
		typ    reflect.Type
		fields []string
	}{
		"a row of components":  {reflect.TypeFor[discordgo.ActionsRow](), []string{"components", "id"}},
		"a button":             {reflect.TypeFor[discordgo.Button](), []string{"label", "style", "disabled", "emoji", "url", "custom_id", "sku_id", "id"}},
		"an emoji":             {reflect.TypeFor[discordgo.ComponentEmoji](), []string{"name", "id", "animated"}},
		"a select menu":        {reflect.TypeFor[discordgo.SelectMenu](), []string{"type", "custom_id", "placeholder", "min_values", "max_values", "default_values", "options", "disabled", "channel_types", "id"}},
		"a menu's option":      {reflect.TypeFor[discordgo.SelectMenuOption](), []string{"label", "value", "description", "emoji", "default"}},
		"a menu's default set": {reflect.TypeFor[discordgo.SelectMenuDefaultValue](), []string{"id", "type"}},
	}
	for what, w := range written {
		t.Run(what+" has the fields the writer writes", func(t *testing.T) {
			var got []string
			for f := range w.typ.Fields() {
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if name == "-" {
					continue
				}
				if name == "" {
					name = f.Name
				}
				got = append(got, name)
			}
			if !slices.Equal(got, w.fields) {
				t.Errorf("discordgo's %v has the JSON fields %q; componentsJSON was written for %q: teach bot/components.go the change, then this list", w.typ, got, w.fields)
			}
		})
	}
}
