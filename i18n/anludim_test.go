package i18n_test

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"atheneum/engine/anludim"
	"atheneum/i18n"
)

// The Anludim area (locales/anludim.*.json) words what the engine returns
// as codes and ids. How the adapter fills its placeholders:
//
//   - a player is their name; an event's own seat is "Name";
//   - a professor (Prof, except in bad_professor, where it is the
//     number given) is anludim.professor.<id>.the ("the Seer", "la
//     Voyante");
//   - an item kind (Kind, except in unknown_move, where it is the move
//     kind's number) is anludim.item.<id>.a ("a vial", "une fiole");
//   - a card is anludim.card, made of two anludim.reading;
//   - a round's end (Reason) is anludim.end.<reason>.

// seamRefusals are the codes the game seam (anludim's engine.State) refuses
// with before the rules see a move or a setup, and their arguments.
var seamRefusals = map[string][]string{
	"notation": {"Move"}, // a move that does not parse
	"options":  nil,      // table options the rules refuse
}

// TestEveryAnludimRefusalHasASentence: each code the engine can refuse
// with reads in every language, with exactly the arguments the engine
// gives it (a missing one would print "<no value>", an unused one would
// hide what the player needs to know).
func TestEveryAnludimRefusalHasASentence(t *testing.T) {
	if len(anludim.RefusalArgs) == 0 {
		t.Fatal("the engine lists no refusal codes")
	}
	refusals := map[string][]string{}
	for code, args := range anludim.RefusalArgs {
		refusals[code] = args
	}
	for code, args := range seamRefusals {
		refusals[code] = args
	}
	codes := slices.Sorted(maps.Keys(refusals))
	for _, code := range codes {
		want := slices.Clone(refusals[code])
		slices.Sort(want)
		t.Run(fmt.Sprintf("the %s refusal says what is wrong with %v in every language", code, want), func(t *testing.T) {
			id := "anludim.refusal." + code
			for _, l := range i18n.Langs {
				if i18n.Forms(l, id) == nil {
					t.Errorf("%s: %s has no sentence", l, id)
					continue
				}
				if got := i18n.Placeholders(l, id); !slices.Equal(got, want) {
					t.Errorf("%s: %s uses %v, the engine gives %v", l, id, got, want)
				}
			}
		})
	}
	t.Run("every refusal sentence is for a code the engine has", func(t *testing.T) {
		for _, id := range i18n.IDs(i18n.English) {
			if code, ok := strings.CutPrefix(id, "anludim.refusal."); ok {
				if _, known := refusals[code]; !known {
					t.Errorf("%s is in the catalogue but the engine has no such refusal", id)
				}
			}
		}
	})
}

// eventText says how an event kind is worded beyond the engine's own
// arguments: the other texts it has, the arguments no text shows and the
// placeholders the adapter works out itself.
type eventText struct {
	// variants are the suffixes of the kind's other texts: ".private" for
	// what only the event's seat sees (its cards), the others for cases
	// the arguments tell apart.
	variants []string
	// leaves are engine arguments no text uses.
	leaves []string
	// adds are placeholders the engine does not give: Count, the number of
	// Cards, in the public text of a private event.
	adds []string
	// seatless kinds concern no seat: no Name.
	seatless bool
}

var eventTexts = map[anludim.EventKind]eventText{
	anludim.EvDrew:              {variants: []string{".private"}, adds: []string{"Count"}},
	anludim.EvTookFaceUp:        {leaves: []string{"Slot"}}, // the card itself says which it was
	anludim.EvFaceUp:            {variants: []string{".none"}, leaves: []string{"Slot"}, seatless: true},
	anludim.EvReshuffled:        {seatless: true},
	anludim.EvPlayed:            {},
	anludim.EvProfessorTaken:    {variants: []string{".board", ".own"}},
	anludim.EvProfessorReturned: {},
	anludim.EvTookBack:          {},
	anludim.EvCardsDiscarded:    {},
	anludim.EvItemDiscarded:     {},
	anludim.EvIncome:            {},
	anludim.EvTurnEnded:         {},
	anludim.EvUndone:            {},
	anludim.EvRoundEnded:        {},
	anludim.EvCrestFlipped:      {},
	anludim.EvGameWon:           {},
	anludim.EvParchments:        {},
	anludim.EvKept:              {variants: []string{".private"}},
	anludim.EvKeepDone:          {},
	anludim.EvRoundStarted:      {},
	anludim.EvDealt:             {variants: []string{".private"}, adds: []string{"Count"}},
}

// TestEveryAnludimEventHasWords: every event kind reads in every language;
// its texts together show every argument the engine gives (but those
// listed as left out), and no placeholder the adapter could not fill.
func TestEveryAnludimEventHasWords(t *testing.T) {
	if len(anludim.EventKinds) == 0 {
		t.Fatal("the engine lists no event kinds")
	}
	for _, kind := range anludim.EventKinds {
		t.Run(fmt.Sprintf("the %s event has words for what happened in every language", kind), func(t *testing.T) {
			how, ok := eventTexts[kind]
			if !ok {
				t.Fatalf("the test does not know the %s event: add it to eventTexts", kind)
			}
			args := anludim.EventArgs[kind]
			allowed := append(slices.Clone(args), how.adds...)
			if !how.seatless {
				allowed = append(allowed, "Name")
			}
			for _, l := range i18n.Langs {
				used := map[string]bool{}
				for _, suffix := range append([]string{""}, how.variants...) {
					id := "anludim.event." + string(kind) + suffix
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
				for _, a := range args {
					if !used[a] && !slices.Contains(how.leaves, a) {
						t.Errorf("%s: no text of the %s event shows its %s", l, kind, a)
					}
				}
			}
		})
	}
	t.Run("every event text is for a kind the engine has", func(t *testing.T) {
		for _, id := range i18n.IDs(i18n.English) {
			rest, ok := strings.CutPrefix(id, "anludim.event.")
			if !ok {
				continue
			}
			kind, suffix, _ := strings.Cut(rest, ".")
			how, known := eventTexts[anludim.EventKind(kind)]
			if !known || !slices.Contains(anludim.EventKinds, anludim.EventKind(kind)) {
				t.Errorf("%s is in the catalogue but the engine has no %s event", id, kind)
			} else if suffix != "" && !slices.Contains(how.variants, "."+suffix) {
				t.Errorf("%s is a variant the test does not know", id)
			}
		}
	})
}

// eventIDs chooses the texts an event is told with: the public one and,
// for a private event, its seat's own.
func eventIDs(e anludim.Event) []string {
	id := "anludim.event." + string(e.Kind)
	switch {
	case e.Kind == anludim.EvProfessorTaken && e.From < 0:
		id += ".board"
	case e.Kind == anludim.EvProfessorTaken && e.From == e.Seat:
		id += ".own"
	case e.Kind == anludim.EvFaceUp && e.Card < 0:
		id += ".none"
	}
	if e.Private {
		return []string{id, id + ".private"}
	}
	return []string{id}
}

// eventData fills an event's placeholders as the adapter would, roughly:
// seats and cards by number, ids through the catalogue.
func eventData(l i18n.Lang, e anludim.Event) []any {
	kv := []any{"Name", "Ana"}
	for name, v := range e.Args() {
		switch name {
		case "Prof":
			v = l.T("anludim.professor." + v.(string) + ".the")
		case "Kind":
			v = l.T("anludim.item." + v.(string) + ".a")
		case "Reason":
			v = l.T("anludim.end." + v.(string))
		case "Cards":
			if cards, ok := v.([]int); ok {
				kv = append(kv, "Count", len(cards))
			}
		}
		kv = append(kv, name, fmt.Sprint(v))
	}
	return kv
}

// TestAnludimEventsOfPlayedGamesReadWithoutGaps plays whole games at
// random and words every event they raise: each reads in every language
// with no placeholder left empty, private ones have their seat's own
// text, and each round's end and result category has its words.
func TestAnludimEventsOfPlayedGamesReadWithoutGaps(t *testing.T) {
	tables := []struct {
		name  string
		seats int
		opts  anludim.Options
	}{
		{"a base game of two reads without gaps", 2, anludim.Options{}},
		{"a base game of four reads without gaps", 4, anludim.Options{}},
		{"an expert game of three reads without gaps", 3, anludim.Options{Expert: true}},
		{"an expert game of five reads without gaps", 5, anludim.Options{Expert: true}},
	}
	for i, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			g, err := anludim.New(uint64(40+i), tb.seats, tb.opts)
			if err != nil {
				t.Fatal(err)
			}
			rnd := uint64(i)*0x9e3779b97f4a7c15 + 1
			next := func(n int) int {
				rnd ^= rnd << 13
				rnd ^= rnd >> 7
				rnd ^= rnd << 17
				return int(rnd % uint64(n))
			}
			seen := map[string]bool{}
			for moves := 0; !g.Over(); moves++ {
				if moves > 50000 {
					t.Fatal("the game did not end")
				}
				seat := g.Awaited()[0]
				choices := append(g.Legal(seat), g.BestPlays(seat)...)
				if len(choices) == 0 {
					t.Fatalf("seat %d has no move", seat)
				}
				events, err := g.Apply(choices[next(len(choices))])
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					if e.Private && !slices.Contains(eventTexts[e.Kind].variants, ".private") {
						t.Errorf("a %s event is private, but its kind has no .private text", e.Kind)
					}
					for _, id := range eventIDs(e) {
						for _, l := range i18n.Langs {
							text := l.T(id, eventData(l, e)...)
							if strings.Contains(text, "<no value>") || strings.Contains(text, "[anludim.") {
								t.Errorf("%s %s reads %q", l, id, text)
							}
							seen[id] = true
						}
					}
				}
			}
			for _, r := range g.Rounds() {
				if !i18n.English.Has("anludim.end." + string(r.Reason)) {
					t.Errorf("round %d ended for %q, which has no words", r.Round, r.Reason)
				}
			}
			for _, res := range g.Results() {
				for _, row := range res.Rows {
					if !i18n.English.Has("anludim.category." + row.Category) {
						t.Errorf("result category %q has no words", row.Category)
					}
				}
				if res.TieBreak != "" && !i18n.English.Has("anludim.tiebreak."+res.TieBreak) {
					t.Errorf("tie-break %q has no words", res.TieBreak)
				}
			}
			if len(seen) < 10 {
				t.Errorf("only %d texts were used: the game was too short to test much", len(seen))
			}
		})
	}
}

// names is what the catalogue must call a content id, in each language.
func names(n anludim.Names) map[i18n.Lang]string {
	return map[i18n.Lang]string{i18n.English: n.EN, i18n.French: n.FR}
}

// TestEveryAnludimNameAgreesWithTheContent: the professors, combinations,
// colours and item kinds are named in every language as the content file
// names them, and have the other forms the adapter needs.
func TestEveryAnludimNameAgreesWithTheContent(t *testing.T) {
	type named struct {
		what  string
		id    string
		names anludim.Names
		forms []string
	}
	var all []named
	for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
		all = append(all,
			named{"professor", "anludim.professor." + p.ID(), p.Names(), []string{".the", ".option"}},
			named{"combination", "anludim.combination." + p.Combination(), p.CombinationNames(), []string{".label"}})
	}
	for c := anludim.Colour(0); c < anludim.NumColours; c++ {
		n := anludim.ColourNames(c)
		all = append(all, named{"colour", "anludim.colour." + n.ID, n, []string{".label"}})
	}
	for k := anludim.ItemKind(0); k <= anludim.Parchment; k++ {
		all = append(all, named{"item kind", "anludim.item." + k.ID(), k.Names(), []string{".a", ".count", ".label"}})
	}
	for _, n := range all {
		t.Run(fmt.Sprintf("the %s %s is called %q and %q", n.what, n.names.ID, n.names.EN, n.names.FR), func(t *testing.T) {
			if n.names.ID == "" || n.names.EN == "" || n.names.FR == "" {
				t.Fatalf("the content gives %+v", n.names)
			}
			for l, want := range names(n.names) {
				if got := l.T(n.id); got != want {
					t.Errorf("%s: %s is %q, the content says %q", l, n.id, got, want)
				}
				for _, f := range n.forms {
					if !l.Has(n.id + f) {
						t.Errorf("%s: %s%s is missing", l, n.id, f)
					}
				}
			}
		})
	}
	// The forms with an article or a count must still name the thing as the
	// content does.
	for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
		for l, want := range names(p.Names()) {
			if got := l.T("anludim.professor." + p.ID() + ".the"); !strings.HasSuffix(got, want) {
				t.Errorf("%s: %q does not end with the professor's name %q", l, got, want)
			}
		}
	}
	for k := anludim.ItemKind(0); k <= anludim.Parchment; k++ {
		for l, want := range names(k.Names()) {
			if got := l.T("anludim.item." + k.ID() + ".a"); !strings.HasSuffix(got, " "+want) {
				t.Errorf("%s: %q does not end with the item's name %q", l, got, want)
			}
			if got := l.T("anludim.item."+k.ID()+".count", "Count", 1); got != "1 "+want {
				t.Errorf("%s: one item reads %q, want %q", l, got, "1 "+want)
			}
		}
	}
}

// TestEveryAnludimTermHasWords: the round endings, result categories,
// tie-breaks, variants, crests and the buttons and menus of a turn.
func TestEveryAnludimTermHasWords(t *testing.T) {
	ids := []string{
		"anludim.crest", "anludim.crest.silver", "anludim.crest.gold",
		"anludim.card", "anludim.reading", "anludim.item.worth.option",
		"anludim.tiebreak." + anludim.RowValue,
	}
	for _, r := range []anludim.EndReason{anludim.EndStacks, anludim.EndFiveKinds, anludim.EndBlocked, anludim.EndTurnLimit} {
		ids = append(ids, "anludim.end."+string(r))
	}
	for _, c := range []string{anludim.RowRounds, anludim.RowValue, anludim.RowFiveKinds, anludim.RowRoundsPlayed} {
		ids = append(ids, "anludim.category."+c)
	}
	g, err := anludim.New(1, 3, anludim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range g.Results()[0].Rows {
		ids = append(ids, "anludim.category."+row.Category)
	}
	for _, o := range []anludim.Options{{}, {Expert: true}} {
		v := o.Named()[anludim.OptionVariant]
		ids = append(ids, "anludim.variant."+v+".choice", "anludim.variant."+v+".option")
	}
	for _, a := range []string{"recruit_hidden", "recruit_face_up", "play", "discard", "end_turn", "undo", "take_back", "keep", "keep_done"} {
		ids = append(ids, "anludim.action."+a+".label")
	}
	for _, m := range []string{"face_up", "cards", "professor", "reading", "discard", "take_back", "keep"} {
		ids = append(ids, "anludim.menu."+m+".placeholder")
	}
	for _, id := range slices.Compact(slices.Sorted(slices.Values(ids))) {
		t.Run(id+" has words in every language", func(t *testing.T) {
			for _, l := range i18n.Langs {
				if !l.Has(id) {
					t.Errorf("%s: %s is missing", l, id)
				}
			}
		})
	}
}

// rulesTopics are the rules' topics, in reading order.
var rulesTopics = []string{"overview", "turn", "combinations", "expert", "professors", "round_end", "parchments", "table", "help"}

// TestAnludimRulesFitInAMessage: each topic has a title and a text in
// every language, and each text fits in one Discord message.
func TestAnludimRulesFitInAMessage(t *testing.T) {
	for _, topic := range rulesTopics {
		t.Run(fmt.Sprintf("the %s topic has a title and fits in one message", topic), func(t *testing.T) {
			for _, l := range i18n.Langs {
				base := "anludim.rules." + topic
				if title := l.T(base + ".title"); !l.Has(base+".title") || utf8.RuneCountInString(title) > 100 {
					t.Errorf("%s: %s.title is %q", l, base, title)
				}
				text := l.T(base + ".text")
				if !l.Has(base + ".text") {
					t.Errorf("%s: %s.text is missing", l, base)
				}
				if n := utf8.RuneCountInString(text); n >= 2000 {
					t.Errorf("%s: %s.text has %d characters, a message holds fewer than 2,000", l, base, n)
				}
			}
		})
	}
	t.Run("every rules text belongs to a listed topic", func(t *testing.T) {
		for _, id := range i18n.IDs(i18n.English) {
			rest, ok := strings.CutPrefix(id, "anludim.rules.")
			if !ok {
				continue
			}
			topic, part, _ := strings.Cut(rest, ".")
			if !slices.Contains(rulesTopics, topic) || (part != "title" && part != "text") {
				t.Errorf("%s is not a title or text of a listed topic", id)
			}
		}
	})
	t.Run("the professors topic lists every item stack as the engine builds it", func(t *testing.T) {
		for k := anludim.ItemKind(0); k < anludim.NumProfessors; k++ {
			var vals []string
			for _, v := range anludim.StackValues(k, anludim.MaxSeats) {
				vals = append(vals, strconv.Itoa(v))
			}
			stack := strings.Join(vals, " ")
			for _, l := range i18n.Langs {
				items := strings.TrimPrefix(l.T("anludim.item."+k.ID()+".count", "Count", 2), "2 ")
				want := items + ", " + stack
				if !slices.ContainsFunc(strings.Split(l.T("anludim.rules.professors.text"), "\n"), func(line string) bool {
					return strings.HasSuffix(line, want)
				}) {
					t.Errorf("%s: no line of the professors topic ends with %q", l, want)
				}
			}
		}
	})
	t.Run("the French rules use the rulebook's words", func(t *testing.T) {
		var all strings.Builder
		for _, topic := range rulesTopics {
			all.WriteString(i18n.French.T("anludim.rules." + topic + ".text"))
		}
		for _, w := range []string{"apprenti", "professeur", "coven", "manche", "blason", "argent", "or", "parchemin", "objets magiques",
			"fioles", "étoiles", "poupées vaudou", "talismans", "coffres de cristaux", "suite", "couleur", "paires", "brelans", "assemblée"} {
			if !regexp.MustCompile(`(?i)(^|\P{L})` + regexp.QuoteMeta(w) + `(\P{L}|$)`).MatchString(all.String()) {
				t.Errorf("the French rules never say %q", w)
			}
		}
	})
}

// englishWords are common English words no French text should contain.
var englishWords = []string{
	"the", "and", "you", "your", "their", "with", "from", "of", "to", "is", "are", "not", "this", "that", "when",
	"card", "cards", "turn", "round", "player", "players", "take", "takes", "draw", "draws", "play", "plays",
	"hand", "wins", "keep", "keeps", "item", "items", "stack", "crest", "undo", "end", "done", "choose",
}

var (
	placeholderField = regexp.MustCompile(`\{\{[^}]*\}\}`)
	wordPattern      = regexp.MustCompile(`\p{L}+`)
)

// anludimTexts lists every text of the Anludim area in l, placeholders
// taken out, by id and plural form.
func anludimTexts(l i18n.Lang) map[string]string {
	out := map[string]string{}
	for _, id := range i18n.IDs(l) {
		if !strings.HasPrefix(id, "anludim.") {
			continue
		}
		for form, text := range i18n.Forms(l, id) {
			out[id+" ("+form+")"] = placeholderField.ReplaceAllString(text, "X")
		}
	}
	return out
}

// TestAnludimFrenchIsFrench: no French text has a common English word or
// an English name of the content, and each language keeps its own
// punctuation.
func TestAnludimFrenchIsFrench(t *testing.T) {
	forbidden := slices.Clone(englishWords)
	var contentNames []anludim.Names
	for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
		contentNames = append(contentNames, p.Names(), p.CombinationNames())
	}
	for c := anludim.Colour(0); c < anludim.NumColours; c++ {
		contentNames = append(contentNames, anludim.ColourNames(c))
	}
	for k := anludim.ItemKind(0); k <= anludim.Parchment; k++ {
		contentNames = append(contentNames, k.Names())
	}
	for _, n := range contentNames {
		for _, w := range wordPattern.FindAllString(strings.ToLower(n.EN), -1) {
			if !strings.Contains(strings.ToLower(n.FR), w) {
				forbidden = append(forbidden, w)
			}
		}
	}
	fr, en := anludimTexts(i18n.French), anludimTexts(i18n.English)
	if len(fr) == 0 || len(en) == 0 {
		t.Fatal("the catalogue has no Anludim texts")
	}
	t.Run("no French text has a common English word", func(t *testing.T) {
		for where, text := range fr {
			for _, w := range wordPattern.FindAllString(strings.ToLower(text), -1) {
				if slices.Contains(forbidden, w) {
					t.Errorf("French %s says %q: %q", where, w, text)
				}
			}
		}
	})
	t.Run("French puts a space before : ; ! and ? and quotes with « »", func(t *testing.T) {
		badFrench := regexp.MustCompile(`[^\s][:;!?]|[“”"]`)
		for where, text := range fr {
			if m := badFrench.FindString(text); m != "" {
				t.Errorf("French %s has %q: %q", where, m, text)
			}
		}
	})
	t.Run("English puts no space before : ; ! and ? and quotes with “ ”", func(t *testing.T) {
		badEnglish := regexp.MustCompile(`\s[:;!?]|[«»]`)
		for where, text := range en {
			if m := badEnglish.FindString(text); m != "" {
				t.Errorf("English %s has %q: %q", where, m, text)
			}
		}
	})
	t.Run("the word list catches English", func(t *testing.T) {
		if !slices.Contains(forbidden, "the") || !slices.Contains(forbidden, "alchemist") || slices.Contains(forbidden, "jade") {
			t.Errorf("the forbidden words are %v", forbidden)
		}
	})
}
