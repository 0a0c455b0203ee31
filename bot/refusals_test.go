package bot

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/i18n/i18ntest"
	"atheneum/store"
)

// checkWorded fails on text that shows a missing message or placeholder.
var checkWorded = i18ntest.CheckWorded

// TestEveryMessageTheAdapterNamesExists checks the catalogue ids the
// adapter's source names literally.
func TestEveryMessageTheAdapterNamesExists(t *testing.T) { i18ntest.CheckNamedIDs(t, ".", 60) }

// gameCodes are every refusal code of the game service.
var gameCodes = []game.Code{game.CodeNoGame, game.CodeNotLobby, game.CodeLobbyClosed, game.CodeAlreadyJoined, game.CodeFull,
	game.CodeNotInLobby, game.CodeHostStays, game.CodeNoSuchOption, game.CodeOptionTaken, game.CodeHostOnly, game.CodeTooFew,
	game.CodeNoSuchLevel, game.CodeNoSuchAI, game.CodeGameEnded, game.CodeGameOver, game.CodeMovedOn, game.CodeNotAutopilot,
	game.CodeNotPlaying, game.CodeBadHours, game.CodeNoSuchSeat, game.CodeAlreadySeated, game.CodePaused, game.CodeNotPaused,
	game.CodeNoSuchVerb, game.CodeNotInGame, game.CodeNotPerson, game.CodeNoSuchMode, game.CodeNoSuchLanguage, game.CodeNoSuchGame, game.CodeBadSeats, game.CodeOtherServer}

func TestEveryRefusalIsWordedInTheReadersLanguage(t *testing.T) {
	for _, code := range gameCodes {
		for _, l := range i18n.Langs {
			got, ok := playerMessageIn(l, athFace, &game.Refusal{Code: code, Arg: "K", Option: atheneum.SeatOptionSubject})
			if !ok {
				t.Errorf("%s: the refusal %s has no words", l, code)
				continue
			}
			checkWorded(t, string(code), got)
		}
	}
	t.Run("a subject already taken is named in French", func(t *testing.T) {
		got, _ := playerMessageIn(i18n.French, athFace, &game.Refusal{Code: game.CodeOptionTaken, Arg: "K", Option: atheneum.SeatOptionSubject})
		if !strings.HasPrefix(got, athFace.OptionWords(i18n.French, atheneum.SeatOptionSubject, "K")+" ") || !strings.Contains(got, i18n.French.T("subject.black")) {
			t.Errorf("got %q", got)
		}
	})
	t.Run("the store's refusals are worded by their code", func(t *testing.T) {
		for _, code := range []store.Code{store.CodeNotFound, store.CodeConflict, store.CodeExists, store.CodeCorrupt, store.CodeInvalid} {
			for _, l := range i18n.Langs {
				checkWorded(t, string(code), l.T("store."+string(code)))
			}
		}
	})
	t.Run("the adapter's own refusals are worded when shown", func(t *testing.T) {
		err := face.RefuseID("play.refuse.earlier", "Position", "4", "Command", "atheneum")
		fr, _ := playerMessageIn(i18n.French, athFace, err)
		en, _ := playerMessageIn(i18n.English, athFace, err)
		if fr != i18n.French.T("play.refuse.earlier", "Position", "4", "Command", "atheneum") || en != err.Error() || fr == en {
			t.Errorf("French %q, English %q, Error() %q", fr, en, err.Error())
		}
	})
	t.Run("a rule's refusal is worded by its code", func(t *testing.T) {
		e := &engine.Refusal{Code: string(atheneum.CodeWrongColor), Args: map[string]any{"Color": atheneum.Teal, "Chosen": atheneum.Pink}}
		got, ok := playerMessageIn(i18n.French, athFace, e)
		want, _ := athFace.Refusal(i18n.French, e)
		if !ok || got != want || !strings.Contains(got, i18n.French.T("color.pink")) {
			t.Errorf("got %q", got)
		}
	})
	t.Run("other errors are not shown to players", func(t *testing.T) {
		if got, ok := playerMessageIn(i18n.French, athFace, errors.New("disk on fire")); ok {
			t.Errorf("an internal error was shown as %q", got)
		}
	})
}

// TestEveryMessageNamesCommandsAsTheReaderSeesThem: a French reader sees
// the French command names, so every French text must quote those, and
// every quoted command must exist.
//
// A text that names "/{{.Command}} x" is shown for every game, so x must be
// a subcommand of every game's command.
func TestEveryMessageNamesCommandsAsTheReaderSeesThem(t *testing.T) {
	byName := commandsByName(t)
	quoted := regexp.MustCompile(`/(atheneum|anludim|\{\{\.Command\}\}) ([^\s:,.;)]+)`)
	for _, tc := range []struct {
		lang i18n.Lang
		loc  discordgo.Locale
	}{{i18n.English, ""}, {i18n.French, discordgo.French}} {
		found, inRules := 0, 0
		for _, id := range i18n.IDs(tc.lang) {
			for _, form := range i18n.Forms(tc.lang, id) {
				for _, m := range quoted.FindAllStringSubmatch(form, -1) {
					found++
					if strings.HasPrefix(id, "rules.") {
						inRules++
					}
					cmds := []*discordgo.ApplicationCommand{byName[m[1]]}
					if m[1] == "{{.Command}}" {
						cmds = []*discordgo.ApplicationCommand{byName["atheneum"], byName["anludim"]}
					}
					for _, cmd := range cmds {
						if cmd == nil || localisedSubcommand(cmd, tc.loc, m[2]) == "" {
							t.Errorf("%s %s quotes %s, which is not a command a %s speaker sees", tc.lang, id, m[0], tc.lang)
						}
					}
				}
			}
		}
		if found < 20 {
			t.Errorf("%s: the catalogue quotes only %d commands", tc.lang, found)
		}
		if inRules == 0 {
			t.Errorf("%s: the rules and help quote no command at all", tc.lang)
		}
	}
}
