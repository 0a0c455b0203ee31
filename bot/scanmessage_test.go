package bot

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// answerSample is a message as Discord answers a post or an edit, with
// what the bot skips: components, embeds, escapes, nesting, numbers.
const answerSample = `{"id":"1234567890","type":0,"content":"Tour 2 \"quoted\" \\ \u00e9 <b>\n","channel_id":"55501",
 "author":{"id":"9","username":"bot","bot":true,"avatar":null},"attachments":[{"id":"77","filename":"hand.png","size":35120,
 "url":"https://cdn/x?a=1&b=2","description":"A hand: \"six\" cards","width":634,"height":734,"content_type":"image/png"},
 {"id":"78","filename":"table.png","ephemeral":false}],"embeds":[{"description":"Waiting for [Ana]","color":13213223,"fields":[]}],
 "mentions":[],"mention_roles":[],"pinned":false,"mention_everyone":false,"tts":false,"timestamp":"2026-11-28T09:00:00.000000+00:00",
 "edited_timestamp":null,"flags":64,"components":[{"type":1,"id":1,"components":[{"type":3,"custom_id":"pick:a{b}[c]","placeholder":"Pick",
 "options":[{"label":"x","value":"1","description":"d","default":false,"emoji":{"name":"🂡"}}],"min_values":1,"max_values":1,"disabled":false}]}],
 "nonce":-12.5e3}`

// TestScannedAnswersReadAsEncodingJSONReadsThem: the one-pass reading of a
// message Discord answered gives what encoding/json gives whenever it
// answers, and leaves to encoding/json what it does not follow, including
// every truncated answer (which encoding/json refuses).
func TestScannedAnswersReadAsEncodingJSONReadsThem(t *testing.T) {
	t.Parallel()
	docs := []string{
		answerSample,
		`{}`, ` { "id" : "1" , "channel_id" : "2" } `, `{"attachments":null,"id":"3"}`, `{"attachments":[]}`,
		`{"id":"1","id":"2","ID":"3","Channel_ID":"4"}`, `{"attachments":[{"id":"1"}],"attachments":[{"filename":"b"},{}]}`,
		`{"id":null,"channel_id":"c"}`, `{"id":"a\"b"}`, `{"id":"é"}`, `{"id":12}`, `{"attachments":[null]}`, `{"attachments":{}}`,
		`{"id":"1"} x`, `{"id":"1"}{}`, `null`, `[]`, `{"a":[1,2,{"b":"]}"}],"id":"5"}`, `{"a":"\\","id":"6"}`, `{"a":tru,"id":"7"}`,
		`{"id":"1",}`, `{"id" "1"}`, `{,}`, `{"a":}`, "{\"id\":\"1\t\"}", `{"nested":{"id":"no"},"id":"yes"}`,
	}
	docs = append(docs, `{"a":[tru],"id":"7"}`, "{\"a\":\"\x01\",\"id\":\"1\"}", `{"a":"\q","id":"1"}`, `{"a":01,"id":"1"}`, `{"a":1.,"id":"1"}`,
		`{"a":-,"id":"1"}`, `{"a":"\u12G4","id":"1"}`, `{"a":"\u12aF","id":"1"}`, `{"a":[1,],"id":"1"}`, `{"a":[1 2],"id":"1"}`,
		`{"a":{"b" 1},"id":"1"}`, `{"a":-0.5E+7,"id":"1"}`, `{"a":[[],{}],"id":"1"} `+"\n", strings.Repeat("[", 10001)+strings.Repeat("]", 10001))
	for i := range len(answerSample) {
		docs = append(docs, answerSample[:i])
	}
	// Every answer one byte away from the sample: changed, dropped or
	// doubled.
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		b := []byte(answerSample)
		k := rng.IntN(len(b))
		switch rng.IntN(3) {
		case 0:
			b[k] = "{}[]\",:0-e. \"\\tnux\x01"[rng.IntN(19)]
		case 1:
			b = append(b[:k], b[k+1:]...)
		default:
			b = append(b[:k+1], b[k:]...)
		}
		docs = append(docs, string(b))
	}
	scanned := 0
	for _, d := range docs {
		want, werr := unmarshalMessage([]byte(d))
		got, ok := scanMessage([]byte(d))
		if !ok {
			continue // encoding/json reads it
		}
		scanned++
		if werr != nil {
			t.Errorf("%q: scanned as %+v, but encoding/json refuses it: %v", d, got, werr)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: scanned as %+v (%s), want %+v (%s)", d, got, attachmentsOf(got), want, attachmentsOf(want))
		}
	}
	if scanned < len(docs)/4 {
		t.Errorf("only %d answers of %d scanned: the comparison says little", scanned, len(docs))
	}
	m, ok := scanMessage([]byte(answerSample))
	if !ok || m.ID != "1234567890" || m.ChannelID != "55501" || attachmentsOf(m) != "77:hand.png 78:table.png" {
		t.Fatalf("the sample answer scanned as %+v (%s), %v", m, attachmentsOf(m), ok)
	}
}

func attachmentsOf(m *discordgo.Message) string {
	var parts []string
	for _, a := range m.Attachments {
		parts = append(parts, a.ID+":"+a.Filename)
	}
	return strings.Join(parts, " ")
}

// BenchmarkDecodeMessage compares reading the sample answer by scanning
// and through encoding/json.
func BenchmarkDecodeMessage(b *testing.B) {
	doc := []byte(answerSample)
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := unmarshalMessage(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("scan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := scanMessage(doc); !ok {
				b.Fatal("not scanned")
			}
		}
	})
}
