package bot

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/anludim"
	anai "atheneum/engine/anludim/ai"
	"atheneum/store"
)

// readPart is what the bot reads of a decoded interaction: the whole of
// it but the message's parts it never reads (its components, embeds,
// author...), and the entitlements, context and integration owners.
func readPart(i *discordgo.Interaction) discordgo.Interaction {
	c := *i
	if i.Message != nil {
		m := i.Message
		c.Message = &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, Content: m.Content, Flags: m.Flags, Attachments: m.Attachments}
	}
	c.Context, c.AuthorizingIntegrationOwners, c.Entitlements = 0, nil, nil
	return c
}

// withoutUnread is doc without the parts of it the bot does not read
// (see readPart), false if doc is not JSON: where encoding/json refuses
// doc only for what it holds there (a component of an unknown type, a
// message's timestamp it cannot parse, a value of the wrong type), which
// scanInteraction skips without decoding, the bot's reading must be that
// of the rest.
func withoutUnread(doc []byte) ([]byte, bool) {
	if !json.Valid(doc) {
		return nil, false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(doc, &top) != nil {
		return nil, false
	}
	for k := range top {
		switch strings.ToLower(k) {
		case "context", "authorizing_integration_owners", "entitlements":
			delete(top, k)
		case "message":
			var m map[string]json.RawMessage
			if json.Unmarshal(top[k], &m) != nil {
				return nil, false
			}
			for mk := range m {
				switch strings.ToLower(mk) {
				case "id", "channel_id", "content", "flags", "attachments":
				default:
					delete(m, mk)
				}
			}
			top[k], _ = json.Marshal(m)
		}
	}
	reduced, err := json.Marshal(top)
	return reduced, err == nil
}

// checkDecodes decodes each doc both ways and fails where the scanned
// interaction is not what encoding/json and discordgo give; it returns
// how many were scanned.
func checkDecodes(t *testing.T, docs []string) int {
	t.Helper()
	scanned := 0
	for _, d := range docs {
		var want discordgo.Interaction
		werr := json.Unmarshal([]byte(d), &want)
		got, ok := scanInteraction([]byte(d))
		if !ok {
			continue // encoding/json reads it
		}
		scanned++
		if werr != nil {
			reduced, ok := withoutUnread([]byte(d))
			want = discordgo.Interaction{}
			if !ok || json.Unmarshal(reduced, &want) != nil {
				t.Errorf("%q: scanned as %+v, but encoding/json refuses it: %v", d, got, werr)
				continue
			}
		}
		if g, w := readPart(got), readPart(&want); !reflect.DeepEqual(g, w) {
			gj, _ := json.Marshal(g)
			wj, _ := json.Marshal(w)
			t.Errorf("%q:\nscanned as %s\nwant       %s", d, gj, wj)
		}
	}
	return scanned
}

// mutated are n documents one byte away from doc each: changed, dropped
// or doubled.
func mutated(rng *rand.Rand, doc string, n int) []string {
	var out []string
	for range n {
		b := []byte(doc)
		k := rng.IntN(len(b))
		switch rng.IntN(3) {
		case 0:
			b[k] = "{}[]\",:0-e. \"\\tnux\x01"[rng.IntN(19)]
		case 1:
			b = append(b[:k], b[k+1:]...)
		default:
			b = append(b[:k+1], b[k:]...)
		}
		out = append(out, string(b))
	}
	return out
}

// interactionSample is an interaction with what the bot reads in all its
// forms: a component on a message with attachments, escapes, a member.
const interactionSample = `{"id":"1300","application_id":"77","type":3,"token":"tok.en-1","version":1,"locale":"fr","guild_locale":"en-US",
 "guild_id":"500","channel_id":"501","app_permissions":"2251799813685247","context":0,"authorizing_integration_owners":{"0":"500"},"entitlements":[],
 "member":{"user":{"id":"9","username":"ana","global_name":"Ana \u00e9","avatar":null,"discriminator":"0"},"nick":null,"roles":["1","2"],
  "joined_at":"2026-11-01T12:00:00.000000+00:00","permissions":"1099511627775","deaf":false,"mute":false,"flags":0},
 "data":{"custom_id":"g:1:pick","component_type":3,"values":["a","b\"c"]},
 "message":{"id":"1200","channel_id":"501","content":"Tour 2 \"quoted\" \\ \u00e9 <b>\n","flags":64,"type":0,
  "author":{"id":"77","username":"bot","bot":true},"attachments":[{"id":"88","filename":"hand.png","size":35120,"url":"https://cdn/x?a=1","width":634,"height":734}],
  "embeds":[{"description":"x","color":1}],"components":[{"type":1,"components":[{"type":3,"custom_id":"pick","options":[{"label":"x","value":"1"}],"min_values":1,"max_values":2}]},
  {"type":1,"components":[{"type":2,"style":1,"label":"Done","custom_id":"g:1:done"}]}],"timestamp":"2026-11-28T09:00:00.000000+00:00","edited_timestamp":null}}`

// TestScannedInteractionsReadAsDiscordgoReadsThem: the one-pass reading
// of an interaction gives what encoding/json and discordgo give, on every
// field the bot reads, for every interaction the fake Discord sent in
// played games (slash commands with options, autocompletion, buttons,
// menus, on messages with pictures) and every one a byte away from a
// sample, and leaves to encoding/json what it does not follow.
func TestScannedInteractionsReadAsDiscordgoReadsThem(t *testing.T) {
	t.Parallel()
	oneFlowAtATime(t)
	h := newHarness(t, "ana", "bo")
	ch, users, ps := h.tableOfThree(0)
	gh := h.in(t, ch)
	id, err := gh.Open(drive.Lobby{Command: anludim.ID, People: users})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gh.PlayGameUntil(id, anludim.ID, ps, anai.Players{}, nil, func(rec *store.Game) bool { return rec.Seq >= 8 }); err != nil {
		t.Fatal(err)
	}
	ch, users, ps = h.tableOfThree(1)
	gh = h.in(t, ch)
	if _, err := gh.Driver.OpenGame(users...); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for _, p := range ps {
			if _, err := gh.Driver.Step(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	in, err := h.Srv.Autocomplete(h.Ctx, users[0], ch.ID, "atheneum", discordtest.Sub("place", discordtest.StringOpt("item", "b").Focus()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.WaitAck(h.Ctx); err != nil {
		t.Fatal(err)
	}
	h.records(h.user("ana"), "stats")
	var docs []string
	kinds := map[discordgo.InteractionType]int{}
	longest := map[discordgo.InteractionType]string{}
	for _, in := range h.Srv.Interactions() {
		d := string(in.Payload)
		docs = append(docs, d)
		var i discordgo.Interaction
		if err := json.Unmarshal(in.Payload, &i); err != nil {
			t.Fatalf("the fake sent an interaction discordgo cannot read: %v", err)
		}
		kinds[i.Type]++
		if len(d) > len(longest[i.Type]) {
			longest[i.Type] = d
		}
	}
	for _, k := range []discordgo.InteractionType{discordgo.InteractionApplicationCommand, discordgo.InteractionMessageComponent, discordgo.InteractionApplicationCommandAutocomplete} {
		if kinds[k] == 0 {
			t.Errorf("no interaction of type %s was played", k)
		}
	}
	played := len(docs)
	if n := checkDecodes(t, docs); n != played {
		t.Errorf("%d of the %d interactions played were scanned, want all", n, played)
	}
	// What a guild interaction differs from, by hand: a direct message's,
	// nulls, case, a modal, a ping.
	docs = []string{interactionSample,
		`{"id":"1","type":1,"token":"t","version":1,"application_id":"2"}`,
		`{"id":"1","type":3,"user":{"id":"9","username":"bo"},"data":{"custom_id":"x","component_type":2},"message":null,"member":null,"guild_locale":null}`,
		`{"ID":"1","Type":2,"Data":{"id":"5","name":"atheneum","type":1,"options":[{"name":"records","type":2,"options":[{"name":"game","type":1,"options":[{"name":"id","type":3,"value":"g-1"},{"name":"n","type":4,"value":3},{"name":"u","type":6,"value":"9"}]}]}],"resolved":{"users":{"9":{"id":"9","username":"bo"}},"members":{"9":{"nick":"B","roles":[]}}}}}`,
		`{"id":"1","type":4,"data":{"id":"5","name":"atheneum","type":1,"options":[{"name":"shelf","type":1,"options":[{"name":"player","type":3,"value":"p","focused":true}]}]}}`,
		`{"id":"1","type":5,"data":{"custom_id":"m","components":[{"type":1,"components":[{"type":4,"custom_id":"w","value":"hello"}]}]}}`,
		`{"id":"1","type":3}`, `{"id":"1","type":3,"data":null}`, `{"id":"1","type":-1}`, `{"id":"1","type":256}`, `{"id":"1","type":3.0,"data":{}}`,
		`{"id":"1","app_permissions":"-0"}`, `{"id":"1","app_permissions":"01"}`, `{"id":"1","app_permissions":null}`, `{"id":"1","app_permissions":"null"}`,
		`{"id":"1","app_permissions":"9223372036854775808"}`, `{"id":"1","app_permissions":12}`, `{"id":"1","id":"2"}`, `{"id":"1","Id":"2"}`,
		`{"id":"1","message":{"content":"a\u0000\ud800b\xff"}}`, `{"id":"1","message":{"content":null,"flags":null}}`, `{"id":"1","message":{"ſlags":1}}`,
		`{"ſd":"1"}`, `{"id":"1","version":1e0}`, `{"id":"1","version":-3}`, `{"id":"1","message":{"embeds":5}}`, `{"id":"1","entitlements":"x"}`,
		`{"id":"1","message":{"attachments":[{"id":"1"}],"attachments":null}}`, `{"id":"1","member":{"user":{"id":"1"}},"member":{"nick":"n"}}`,
		`{"id":"1","message":[]}`, `{"id":"1","member":"x"}`, `{"id":"1","locale":"\u0066r"}`, `null`, `[]`, `{"id":"1"} {}`,
	}
	rng := rand.New(rand.NewPCG(5, 6))
	docs = append(docs, mutated(rng, interactionSample, 3000)...)
	for _, k := range []discordgo.InteractionType{discordgo.InteractionApplicationCommand, discordgo.InteractionMessageComponent, discordgo.InteractionApplicationCommandAutocomplete} {
		docs = append(docs, mutated(rng, longest[k], 1500)...)
	}
	for i := range len(interactionSample) {
		docs = append(docs, interactionSample[:i])
	}
	n := checkDecodes(t, docs)
	if n < len(docs)/4 {
		t.Errorf("only %d interactions of %d scanned: the comparison says little", n, len(docs))
	}
	t.Logf("%d interactions played (%v by type), %d more checked, %d of them scanned", played, kinds, len(docs), n)
}

// TestScannedInteractionReadsTheSample: the sample reads as the bot needs
// it, through the scanner, not the fallback.
func TestScannedInteractionReadsTheSample(t *testing.T) {
	t.Parallel()
	i, ok := scanInteraction([]byte(interactionSample))
	if !ok {
		t.Fatal("the sample was not scanned")
	}
	d := i.MessageComponentData()
	if i.ID != "1300" || i.Token != "tok.en-1" || i.Member.User.GlobalName != "Ana é" || i.Member.Permissions != 1099511627775 ||
		d.CustomID != "g:1:pick" || !reflect.DeepEqual(d.Values, []string{"a", `b"c`}) || i.Message.Flags != 64 ||
		i.Message.Content != "Tour 2 \"quoted\" \\ é <b>\n" || i.Message.Attachments[0].Filename != "hand.png" || *i.GuildLocale != "en-US" {
		t.Fatalf("the sample read as %+v", i)
	}
}
