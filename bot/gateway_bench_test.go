package bot

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// interactionFrame is an INTERACTION_CREATE frame as the fake Discord
// sent it in a played game of Atheneum: a button pressed on a player's
// workbench (a picture attached, eleven buttons in four rows).
const interactionFrame = `{"t":"INTERACTION_CREATE","s":42,"op":0,"d":{"app_permissions":"397284600896","application_id":"1191168914231394304","attachment_size_limit":26214400,"channel":{"flags":0,"guild_id":"1191168914235588608","id":"1191168914445303808","last_message_id":"1191168914587910144","name":"game-1","nsfw":false,"parent_id":null,"permission_overwrites":[],"position":0,"rate_limit_per_user":0,"topic":null,"type":0},"channel_id":"1191168914445303808","context":0,"data":{"component_type":2,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:I.1.4:item:1:-:-1:-"},"entitlements":[],"guild_id":"1191168914235588608","guild_locale":"en-US","id":"1191168914596298752","locale":"en-US","member":{"avatar":null,"deaf":false,"flags":0,"joined_at":"2026-11-28T12:13:07.14075481Z","mute":false,"nick":null,"pending":false,"permissions":"311385246784","roles":[],"user":{"avatar":null,"discriminator":"0","flags":0,"global_name":"P1-2","id":"1191168914457886720","public_flags":0,"username":"p1-2"}},"message":{"application_id":"1191168914231394304","attachments":[{"content_type":"image/png","description":"P1-2's shelves (favourite subject: Beastly Textbooks). Books: 0. Score: 1. Wands: 3. Compartments, top level first (. is an empty space): I .... (worth 3 when full) with its spider; II .../... (worth 4 when full) with its spider; III ../.. (worth 2 when full) with its spider; IV ..... (worth 3 when full) with its spider; V .../.../... (worth 7 when full) with its spider. No candle lit. Outlined: where the pink book may go: I.1.1, I.1.4, II.1.1, II.1.3, III.1.1, III.1.2, IV.1.1, IV.1.5, V.1.1, V.1.3.","ephemeral":true,"filename":"shelves.png","height":800,"id":"1191168914592104448","proxy_url":"https://cdn.discordapp.com/attachments/1191168914445303808/1191168914592104448/shelves.png","size":26356,"url":"https://cdn.discordapp.com/attachments/1191168914445303808/1191168914592104448/shelves.png","width":672}],"author":{"avatar":null,"bot":true,"discriminator":"0","flags":0,"global_name":"atheneum","id":"1191168914231394304","mfa_enabled":false,"public_flags":0,"username":"atheneum","verified":true},"channel_id":"1191168914445303808","components":[{"components":[{"label":"#1 a pink book","style":1,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:it:i1","type":2},{"label":"#2 as teal","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:it:i2.T","type":2},{"label":"#2 as purple","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:it:i2.V","type":2}],"type":1},{"components":[{"label":"#2 as green","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:it:i2.G","type":2},{"label":"#2 as pink","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:it:i2.P","type":2},{"label":"#2 as black","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:it:i2.K","type":2}],"type":1},{"components":[{"label":"Suggested: III.1.1","style":3,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:III.1.1:item:1:-:-1:-","type":2},{"label":"I.1.1","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:I.1.1:item:1:-:-1:-","type":2},{"label":"I.1.4","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:I.1.4:item:1:-:-1:-","type":2},{"label":"II.1.1","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:II.1.1:item:1:-:-1:-","type":2},{"label":"II.1.3","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:II.1.3:item:1:-:-1:-","type":2}],"type":1},{"components":[{"label":"III.1.2","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:III.1.2:item:1:-:-1:-","type":2},{"label":"IV.1.1","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:IV.1.1:item:1:-:-1:-","type":2},{"label":"IV.1.5","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:IV.1.5:item:1:-:-1:-","type":2},{"label":"V.1.1","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:V.1.1:item:1:-:-1:-","type":2},{"label":"V.1.3","style":2,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:btn:at:V.1.3:item:1:-:-1:-","type":2}],"type":1},{"components":[{"label":"Undo","style":2,"disabled":true,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:undo","type":2},{"label":"Done (2 unused items will be lost)","style":3,"disabled":false,"custom_id":"a1:4lwykyodrii6r4xt:t1r:5:2:1:done","type":2}],"type":1}],"content":"**Turn 1 of 10: shelve your benefits** (game in \u003c#1191168914445303808\u003e)\nWhat you received: the yellow section of A09 (your card): a pink book, a book of any colour; the blue section of A27 (P1-0): 1 point; the green section of A20 (P1-1): a magic wand.\nStill to use: #1 a pink book · #2 a book of any colour.\nReshelves left: 0 · wands: 3 · score: 1\nNow placing **#1 a pink book**: the picture outlines the spaces it may go to, and the computer player would put it at **III.1.1** (the green button). Another item has its own button.\nSpaces are written compartment.level.space (levels from the bottom, spaces from the left). Press **Done** when you have finished.\n*Hint*: the workbench starts with the book the computer player would shelve first, its spaces as buttons: press one to shelve it there (the green one is the computer's choice), or press another item first. A space is written compartment.level.space: II.2.3 is compartment II, level 2 from the bottom, space 3 from the left; the picture lights the spaces allowed. Score an objective when your shelves match it, then press Done: what you have not used is lost.\nDeadline: \u003ct:1793620800:f\u003e (\u003ct:1793620800:R\u003e).","edited_timestamp":"2026-11-28T12:13:07.322407864Z","embeds":[],"flags":64,"guild_id":"1191168914235588608","id":"1191168914587910144","interaction_metadata":{"id":"1191168914583715840","type":2,"user":{"avatar":null,"discriminator":"0","flags":0,"global_name":"P1-2","id":"1191168914457886720","public_flags":0,"username":"p1-2"}},"mention_everyone":false,"mention_roles":[],"mentions":[],"pinned":false,"timestamp":"2026-11-28T12:13:07.318785292Z","tts":false,"type":20,"webhook_id":"1191168914231394304"},"token":"interaction-token-1191168914596298752","type":3,"version":1}}`

// BenchmarkReadInteractionFrame compares reading an INTERACTION_CREATE
// frame as discordgo's gateway does (the envelope decoded into an Event
// with its data copied, the data formatted for a debug line, then
// decoded into an InteractionCreate) and as the bot's gateway does.
func BenchmarkReadInteractionFrame(b *testing.B) {
	frame := []byte(interactionFrame)
	b.Run("discordgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var e *discordgo.Event
			if err := json.NewDecoder(bytes.NewBuffer(frame)).Decode(&e); err != nil {
				b.Fatal(err)
			}
			sinkString = string(e.RawData) // discordgo's debug line's argument
			ic := &discordgo.InteractionCreate{}
			if err := json.Unmarshal(e.RawData, ic); err != nil || ic.ID == "" {
				b.Fatal(err)
			}
		}
	})
	b.Run("gateway", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			op, _, t, d, ok := scanEnvelope(frame)
			if !ok || op != 0 || t != "INTERACTION_CREATE" {
				b.Fatal("not scanned")
			}
			i, err := decodeInteraction(d)
			if err != nil || i.ID == "" {
				b.Fatal(err)
			}
		}
	})
}

var sinkString string

// TestTheBenchmarkFrameIsScanned: the benchmark measures the scanner,
// not the fallback.
func TestTheBenchmarkFrameIsScanned(t *testing.T) {
	t.Parallel()
	_, _, _, d, ok := scanEnvelope([]byte(interactionFrame))
	if !ok {
		t.Fatal("the envelope was not scanned")
	}
	if _, ok := scanInteraction(d); !ok {
		t.Fatal("the interaction was not scanned")
	}
}

// TestAnInteractionReadKeepsNothingOfItsFrame: the gateway reads each
// frame into a buffer it reuses, so an interaction read, scanned or
// through encoding/json, must hold copies only.
func TestAnInteractionReadKeepsNothingOfItsFrame(t *testing.T) {
	t.Parallel()
	docs := []string{interactionSample, interactionFrame[strings.Index(interactionFrame, `"d":`)+4 : len(interactionFrame)-1],
		strings.Replace(interactionSample, `"id":"1300"`, `"id":"\u0031300"`, 1)} // the last through encoding/json
	for _, doc := range docs {
		want, err := decodeInteraction([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		buf := []byte(doc)
		got, _ := decodeInteraction(buf)
		for k := range buf {
			buf[k] = 'x'
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("overwriting the frame changed the interaction read from it: %+v, want %+v", got, want)
		}
	}
}
