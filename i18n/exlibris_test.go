package i18n_test

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/engine/exlibris"
	"atheneum/i18n"
)

// The Ex Libris area (locales/exlibris.*.json) words what the engine
// returns as codes and ids: refusals ("exlibris.refusal.<code>"),
// decisions ("exlibris.decision.<kind>"), result rows
// ("exlibris.category.<row>"), tie-breaks, the book categories
// ("exlibris.books.<id>"), the tiles and the libraries, whose names must
// be the content's, and events ("exlibris.event.<kind>", the variant
// exlibris.EventIDs names, ".hidden" for what the other seats read of a
// private event). How the adapter fills an event's placeholders:
//
//   - Name is the event's own seat's name; Other is a seat's name, or a
//     card's code for exchanged, witch_kept and swapped;
//   - Location is exlibris.location.<id>, Category exlibris.books.<id>,
//     Library exlibris.library.<id>, Libraries those names in a list;
//   - Assistant is exlibris.term.assistant.a for a plain assistant
//     ("assistant"), else exlibris.library.<id>.assistant.the;
//   - Card and Cards are card codes ("E2", a list of them), Place a place
//     of the collection as the face shows it; Count, Round and Bid are
//     numbers; Last, Mode, Shared and Guild only choose the variant.

// TestEveryExlibrisRefusalHasASentence: each code the engine can refuse
// with reads in every language, with exactly the arguments it carries.
func TestEveryExlibrisRefusalHasASentence(t *testing.T) {
	codes := slices.Sorted(maps.Keys(exlibris.RefusalArgs))
	for _, code := range codes {
		want := slices.Clone(exlibris.RefusalArgs[code])
		slices.Sort(want)
		t.Run(fmt.Sprintf("the %s refusal says what is wrong with %v in every language", code, want), func(t *testing.T) {
			id := "exlibris.refusal." + code
			for _, l := range i18n.Langs {
				if i18n.Forms(l, id) == nil {
					t.Fatalf("%s: %s has no sentence", l, id)
				}
				if got := i18n.Placeholders(l, id); !slices.Equal(got, want) {
					t.Errorf("%s: %s uses %v, the engine gives %v", l, id, got, want)
				}
			}
		})
	}
	t.Run("every refusal sentence is for a code the engine has", func(t *testing.T) {
		for _, id := range i18n.IDs(i18n.English) {
			if code, ok := strings.CutPrefix(id, "exlibris.refusal."); ok {
				if _, known := exlibris.RefusalArgs[code]; !known {
					t.Errorf("%s is in the catalogue but the engine has no such refusal", id)
				}
			}
		}
	})
}

// TestExlibrisWordsCoverTheEngine: every decision, result row, tie-break,
// option value and rules topic has its words, and the names of the
// categories, tiles, libraries and assistants are the content's.
func TestExlibrisWordsCoverTheEngine(t *testing.T) {
	has := func(id string) {
		t.Helper()
		for _, l := range i18n.Langs {
			if i18n.Forms(l, id) == nil {
				t.Errorf("%s: %s has no words", l, id)
			}
		}
	}
	named := func(id string, n exlibris.Names) {
		t.Helper()
		for l, want := range map[i18n.Lang]string{i18n.English: n.EN, i18n.French: n.FR} {
			if got := l.T(id); got != want {
				t.Errorf("%s: %s reads %q, the content says %q", l, id, got, want)
			}
		}
	}
	t.Run("every decision is worded", func(t *testing.T) {
		for _, k := range exlibris.DecisionKinds {
			has("exlibris.decision." + k)
		}
	})
	t.Run("every result row and tie-break is worded", func(t *testing.T) {
		for _, row := range []string{exlibris.RowStability, exlibris.RowPopular, exlibris.RowBanned, exlibris.RowDiversity,
			exlibris.RowSpeciality, exlibris.RowPublic} {
			has("exlibris.category." + row)
		}
		for _, tb := range []string{exlibris.TieBooks, exlibris.TieHand, exlibris.TieBanned} {
			has("exlibris.tiebreak." + tb)
		}
	})
	t.Run("every option value is worded", func(t *testing.T) {
		for _, o := range exlibris.Rules.(engine.Optioner).Options() {
			has("exlibris.option." + o.Name)
			for _, v := range o.Values {
				has("exlibris." + o.Name + "." + v + ".choice")
			}
		}
	})
	t.Run("the categories, tiles, libraries and assistants have the content's names", func(t *testing.T) {
		for c := exlibris.Category(0); c < exlibris.NumCategories; c++ {
			named("exlibris.books."+c.ID(), exlibris.CategoryNames(c))
		}
		for _, l := range exlibris.Locations() {
			named("exlibris.location."+l.Names.ID, l.Names)
			has("exlibris.location." + l.Names.ID + ".effect")
		}
		for _, l := range exlibris.Libraries() {
			named("exlibris.library."+l.Names.ID, l.Names)
			named("exlibris.library."+l.Names.ID+".assistant", l.Assistant)
			has("exlibris.library." + l.Names.ID + ".power")
		}
	})
	t.Run("the rules have every topic", func(t *testing.T) {
		for _, topic := range []string{"overview", "setup", "round", "locations", "archiving", "scoring", "variants", "solo"} {
			has("exlibris.rules." + topic + ".title")
			has("exlibris.rules." + topic + ".text")
		}
	})
	t.Run("the French vocabulary uses the rulebook's terms", func(t *testing.T) {
		want := map[string]string{"collection": "Collection", "assistant": "Assistant", "location": "Lieu", "library": "Bibliothèque",
			"popular": "Livres Populaires", "banned": "Livres Bannis", "speciality": "Spécialité"}
		for k, w := range want {
			if got := i18n.French.T("exlibris.term." + k); got != w {
				t.Errorf("exlibris.term.%s reads %q in French, want %q", k, got, w)
			}
		}
	})
}

// eventLeaves are the engine's arguments of a kind that no text needs to
// show: they choose the variant, or say where a card came from.
var eventLeaves = map[exlibris.EventKind][]string{
	exlibris.EvRoundStarted: {"Last"},
	exlibris.EvPlaced:       {"Shared", "Guild"},
	exlibris.EvArchived:     {"Mode", "Location"},
	exlibris.EvDiscarded:    {"Location"},
}

// privateEvents are the kinds whose details only their seat may see:
// they also have a ".hidden" text for the others.
var privateEvents = []exlibris.EventKind{exlibris.EvDrew, exlibris.EvLooked, exlibris.EvHandShown, exlibris.EvGaveAtRandom}

// TestEveryExlibrisEventHasWords: every event kind and variant reads in
// every language, private ones for their seat and for the others; their
// texts show every argument the engine gives (but those that only choose
// a variant), use no placeholder the adapter could not fill, and the
// catalogue has no event text for a kind or variant the engine lacks.
func TestEveryExlibrisEventHasWords(t *testing.T) {
	for _, kind := range exlibris.EventKinds {
		t.Run(fmt.Sprintf("the %s event has words in every language", kind), func(t *testing.T) {
			args := exlibris.EventArgs[kind]
			for _, l := range i18n.Langs {
				used := map[string]bool{}
				for _, variant := range append([]string{""}, exlibris.EventVariants[kind]...) {
					id := "exlibris.event." + string(kind) + variant
					allowed := slices.Clone(args)
					if !slices.Contains(exlibris.SeatlessEvents, string(kind)+variant) {
						allowed = append(allowed, "Name")
					}
					ids := []string{id}
					if slices.Contains(privateEvents, kind) {
						ids = append(ids, id+".hidden")
					}
					for _, id := range ids {
						if i18n.Forms(l, id) == nil {
							t.Errorf("%s: %s has no words", l, id)
							continue
						}
						for _, p := range i18n.Placeholders(l, id) {
							used[p] = true
							if !slices.Contains(allowed, p) {
								t.Errorf("%s: %s uses {{.%s}}, which the adapter cannot fill (it may use %v)", l, id, p, allowed)
							}
						}
					}
				}
				for _, a := range args {
					if !used[a] && !slices.Contains(eventLeaves[kind], a) {
						t.Errorf("%s: no text of the %s event shows its %s", l, kind, a)
					}
				}
			}
		})
	}
	t.Run("every event text is for a kind and a variant the engine has", func(t *testing.T) {
		for _, id := range i18n.IDs(i18n.English) {
			rest, ok := strings.CutPrefix(id, "exlibris.event.")
			if !ok {
				continue
			}
			hidden := strings.HasSuffix(rest, ".hidden")
			rest = strings.TrimSuffix(rest, ".hidden")
			kind, variant, _ := strings.Cut(rest, ".")
			k := exlibris.EventKind(kind)
			switch {
			case !slices.Contains(exlibris.EventKinds, k):
				t.Errorf("%s is in the catalogue but the engine has no %s event", id, kind)
			case variant != "" && !slices.Contains(exlibris.EventVariants[k], "."+variant):
				t.Errorf("%s is a variant the engine does not name", id)
			case hidden && !slices.Contains(privateEvents, k):
				t.Errorf("%s is a hidden text of an event that is never private", id)
			}
		}
	})
	t.Run("every assistant has the words its events use", func(t *testing.T) {
		for _, l := range i18n.Langs {
			if i18n.Forms(l, "exlibris.term.assistant.a") == nil {
				t.Errorf("%s: exlibris.term.assistant.a has no words", l)
			}
			for _, lib := range exlibris.Libraries() {
				id := "exlibris.library." + lib.Names.ID + ".assistant.the"
				name := lib.Assistant.EN
				if l == i18n.French {
					name = lib.Assistant.FR
				}
				if got := l.T(id); !strings.Contains(got, name) {
					t.Errorf("%s: %s reads %q, which does not name %q", l, id, got, name)
				}
			}
		}
	})
}

// exlibrisEventData fills an event's placeholders as the adapter does
// (see the top of this file), the seats named Ana, Bo, Cy and Di.
func exlibrisEventData(l i18n.Lang, e engine.Event) []any {
	seatName := func(s int) string { return []string{"Ana", "Bo", "Cy", "Di"}[s] }
	var kv []any
	if e.Seat >= 0 {
		kv = append(kv, "Name", seatName(e.Seat))
	}
	for name, v := range e.Args {
		switch name {
		case "Other":
			if s, ok := v.(int); ok {
				v = seatName(s)
			}
		case "Location":
			v = l.T("exlibris.location." + v.(string))
		case "Category":
			v = l.T("exlibris.books." + v.(string))
		case "Library":
			v = l.T("exlibris.library." + v.(string))
		case "Libraries":
			var names []string
			for _, id := range v.([]string) {
				names = append(names, l.T("exlibris.library."+id))
			}
			v = strings.Join(names, ", ")
		case "Assistant":
			if v == "assistant" {
				v = l.T("exlibris.term.assistant.a")
			} else {
				v = l.T("exlibris.library." + v.(string) + ".assistant.the")
			}
		case "Cards":
			v = strings.Join(v.([]string), ", ")
		}
		kv = append(kv, name, v)
	}
	return kv
}

// TestExlibrisEventsOfPlayedGamesReadWithoutGaps plays random games of
// every size and mode and words every event they raise as the adapter
// would: each reads in every language with nothing left unfilled, and a
// private one has its text for the others.
func TestExlibrisEventsOfPlayedGamesReadWithoutGaps(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 16; i++ {
		seats, mode := 1+i%4, []string{"standard", "beginner", "friendly"}[i/4%3]
		t.Run(fmt.Sprintf("a %s game of %d seats reads without gaps", mode, seats), func(t *testing.T) {
			s, err := exlibris.Rules.New(uint64(70+i), engine.Setup{Seats: seats, Options: map[string]string{exlibris.OptionMode: mode}})
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(uint64(i))
			for moves := 0; !s.Over(); moves++ {
				if moves > engine.MaxPlayoutMoves {
					t.Fatal("the game did not end")
				}
				aw := s.Awaited()
				m, err := engine.RandomMove(s, aw[r.IntN(len(aw))], r)
				if err != nil {
					t.Fatal(err)
				}
				events, err := s.Apply(m)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					id, hidden := exlibris.EventIDs(e)
					if e.Private != slices.Contains(privateEvents, exlibris.EventKind(e.Kind)) {
						t.Errorf("a %s event is private: %v, the test says %v", e.Kind, e.Private, !e.Private)
					}
					for _, id := range []string{id, hidden} {
						if id == "" {
							continue
						}
						for _, l := range i18n.Langs {
							text := l.T(id, exlibrisEventData(l, e)...)
							if strings.Contains(text, "<no value>") || strings.Contains(text, "[exlibris.") || strings.Contains(text, "exlibris.") {
								t.Errorf("%s %s reads %q", l, id, text)
							}
						}
						seen[id] = true
					}
				}
			}
		})
	}
	if len(seen) < 60 {
		t.Errorf("only %d event texts were used: the games were too short to test much", len(seen))
	}
}

// TestExlibrisEventsKeepEachLanguagesPunctuation: French event texts put
// a space before : ; ! and ? and quote with « », English ones put none and
// quote with “ ”.
func TestExlibrisEventsKeepEachLanguagesPunctuation(t *testing.T) {
	badFrench := regexp.MustCompile(`[^\s][:;!?]|[“”"]`)
	badEnglish := regexp.MustCompile(`\s[:;!?]|[«»]`)
	for _, id := range i18n.IDs(i18n.English) {
		if !strings.HasPrefix(id, "exlibris.event.") {
			continue
		}
		for _, text := range i18n.Forms(i18n.French, id) {
			if m := badFrench.FindString(text); m != "" {
				t.Errorf("French %s has %q: %q", id, m, text)
			}
		}
		for _, text := range i18n.Forms(i18n.English, id) {
			if m := badEnglish.FindString(text); m != "" {
				t.Errorf("English %s has %q: %q", id, m, text)
			}
		}
	}
}
