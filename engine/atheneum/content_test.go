package atheneum

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/atheneum/content.md from the content pack")

func TestDefaultContentFitsTheRulebookRanges(t *testing.T) {
	for _, id := range EmbeddedPacks() {
		t.Run(id, func(t *testing.T) {
			c, err := Load(id)
			if err != nil {
				t.Fatal(err)
			}
			checkRulebookRanges(t, c)
		})
	}
}

// packSHA256 holds the hash of each embedded pack's file. Stored games
// name their pack and replay against it, so a pack's file must never change
// once games have been played with it: tuned content goes into a new pack.
var packSHA256 = map[string]string{
	"atheneum-1": "8d084c3862552fa85acd13afca861dfb114d79e82842ac26f22e7d33af6da5da",
	"atheneum-2": "ff1cdccebcb7a18effb161621a255a23bbf947c14485578d9bb1040526baf8ed",
	"atheneum-3": "a191b383f3f0e7effca7b3521a9d34e3793688156f0e2291d3cd427656b6074c",
	"atheneum-4": "6a61bc101177c0ea2a7e0b30bb58369d48dc643f8561e0dfcf65bed5649816e0",
}

func TestEmbeddedPacksAreUnchanged(t *testing.T) {
	for _, id := range EmbeddedPacks() {
		t.Run(id+"'s file is the one games were played with", func(t *testing.T) {
			want, ok := packSHA256[id]
			if !ok {
				t.Fatalf("no hash pinned for %s: add it to packSHA256", id)
			}
			sum := sha256.Sum256(embeddedPacks[id])
			if got := hex.EncodeToString(sum[:]); got != want {
				t.Fatalf("engine/atheneum/content/%s changed (sha256 %s): games stored with %s would no longer replay; put new content in a new pack", packFile(id), got, id)
			}
		})
	}
}

func TestGamesRecordedWithOlderPacksStillReplay(t *testing.T) {
	for _, tc := range []struct{ pack, file string }{
		{"atheneum-1", "testdata/atheneum-1-game.json"},
		{"atheneum-2", "testdata/atheneum-2-game.json"},
		{"atheneum-3", "testdata/atheneum-3-game.json"},
	} {
		t.Run("a game recorded with "+tc.pack+" replays to the same shelves and results", func(t *testing.T) {
			data, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			var rec struct {
				Content  string   `json:"content"`
				Seed     uint64   `json:"seed"`
				Subjects []string `json:"subjects"`
				Actions  []Action `json:"actions"`
				Shelves  []string `json:"shelves"`
				Results  []Result `json:"results"`
			}
			if err := json.Unmarshal(data, &rec); err != nil {
				t.Fatal(err)
			}
			c, err := Load(rec.Content)
			if err != nil {
				t.Fatal(err)
			}
			cfg := Config{Seed: rec.Seed, Content: c}
			for _, s := range rec.Subjects {
				col, _ := ParseColor(s)
				cfg.Subjects = append(cfg.Subjects, col)
			}
			g, err := Replay(cfg, rec.Actions)
			if err != nil {
				t.Fatal(err)
			}
			if g.ContentID != tc.pack || g.Step != StepOver || !slices.Equal(g.Results, rec.Results) {
				t.Fatalf("the replay ends with %s, step %s, results %v; the record says %v", g.ContentID, g.Step, g.Results, rec.Results)
			}
			for i := range g.Seats {
				if g.Shelves(i) != rec.Shelves[i] {
					t.Errorf("seat %d: shelves %q, recorded %q", i, g.Shelves(i), rec.Shelves[i])
				}
			}
		})
	}
}

func TestEveryEmbeddedPackLoadsUnderItsID(t *testing.T) {
	for _, id := range EmbeddedPacks() {
		c, err := Load(id)
		if err != nil || c.ID != id {
			t.Fatalf("Load(%q) = %v, %v", id, c, err)
		}
	}
	if Default().ID != DefaultContentID || DefaultContentID != EmbeddedPacks()[len(EmbeddedPacks())-1] {
		t.Fatalf("the default pack is %s, want the newest", Default().ID)
	}
	if _, err := Load("atheneum-0"); err == nil {
		t.Fatal("an unknown pack loaded")
	}
}

func checkRulebookRanges(t *testing.T, c *Content) {
	spaces := 0
	for _, cs := range c.Main.Compartments {
		spaces += cs.Spaces()
		if cs.Width < 2 || cs.Width > 5 || cs.Levels < 1 || cs.Levels > 3 || cs.Value < 2 || cs.Value > 7 {
			t.Errorf("main compartment %s: %dx%d worth %d is out of range", cs.Name, cs.Width, cs.Levels, cs.Value)
		}
	}
	if spaces < 26 || spaces > 30 {
		t.Errorf("the main shelf has %d spaces, want about 28", spaces)
	}
	tiers := map[int]int{}
	for _, cs := range c.Main.Compartments {
		tiers[cs.Tier]++
	}
	if len(tiers) != 2 {
		t.Errorf("the main shelf needs two tiers, has %v", tiers)
	}
	if len(c.Main.Candles) != 3 {
		t.Errorf("the main shelf has %d candle spaces, want 3", len(c.Main.Candles))
	}
	for _, v := range c.Main.Candles {
		if v < 1 || v > 4 {
			t.Errorf("main candle worth %d", v)
		}
	}
	if len(c.SideShelves) != 10 {
		t.Errorf("%d side shelves, want 10", len(c.SideShelves))
	}
	for _, s := range c.SideShelves {
		if s.Value < 2 || s.Value > 7 || s.Candles[0] < 1 || s.Candles[0] > 4 || s.Candles[1] < 1 || s.Candles[1] > 4 {
			t.Errorf("side shelf %d is out of range: %+v", s.ID, s)
		}
	}
	if c.DeckSize(0) != 30 || c.DeckSize(1) != 30 {
		t.Errorf("decks of %d and %d cards, want 30 each", c.DeckSize(0), c.DeckSize(1))
	}
	var books, reshelves [2]int
	kinds := map[BenefitKind]bool{}
	for _, card := range c.Cards {
		for _, sec := range card.Sections {
			if len(sec) == 0 {
				t.Errorf("card %s has an empty section", card.Code)
			}
			for _, b := range sec {
				kinds[b.Kind] = true
				switch b.Kind {
				case BenefitBook, BenefitCompartmentBook:
					books[card.Deck]++
				case BenefitReshelve:
					reshelves[card.Deck] += b.N
				}
			}
		}
	}
	if len(kinds) != 7 {
		t.Errorf("the cards use %d benefit kinds, want all 7", len(kinds))
	}
	if books[0] <= books[1] || reshelves[1] <= reshelves[0] {
		t.Errorf("deck A must be richer in books (%d vs %d) and B in reshelving (%d vs %d)", books[0], books[1], reshelves[1], reshelves[0])
	}
	if len(c.Objectives) != 35 {
		t.Errorf("%d objectives, want 35", len(c.Objectives))
	}
	okinds := map[ObjectiveKind]int{}
	wands := 0
	for _, o := range c.Objectives {
		okinds[o.Kind]++
		if o.Points < 2 || o.Points > 8 {
			t.Errorf("%s is worth %d", o.Code, o.Points)
		}
		if o.Wand {
			wands++
		}
		if o.Kind == ObjectiveShape {
			for _, r := range o.Reqs {
				for _, cell := range r.Pattern.Cells {
					if cell != NoColor && cell != AnyColor {
						t.Errorf("%s is colour-blind but names a colour", o.Code)
					}
				}
			}
		}
		if o.Kind != ObjectiveAnyCompartment && len(o.Reqs[0].In) == 0 {
			t.Errorf("%s must name its compartments", o.Code)
		}
	}
	if len(okinds) != 3 || wands == 0 {
		t.Errorf("objective kinds %v, %d with a wand reward", okinds, wands)
	}
	if len(c.Tokens) != 40 {
		t.Errorf("%d bonus tokens, want 40", len(c.Tokens))
	}
	tk := map[TokenKind]int{}
	pairs := map[[2]Color]bool{}
	for _, tok := range c.Tokens {
		tk[tok.Kind]++
		if tok.Kind == TokenPair {
			pairs[tok.Colors] = true
		}
	}
	for k := TokenWand; k <= TokenSideShelf; k++ {
		if tk[k] != 8 {
			t.Errorf("%d %s tokens, want 8", tk[k], k)
		}
	}
	if len(pairs) < 6 {
		t.Errorf("only %d different paired sets", len(pairs))
	}
}

func TestEveryObjectiveCanBeCompleted(t *testing.T) {
	c := Default()
	for o := range c.Objectives {
		t.Run(c.Objectives[o].Code+" can be laid out on an empty main shelf", func(t *testing.T) {
			g := newTestGame(t, 2)
			satisfy(t, g, 0, o)
			if !g.Completes(0, o) {
				t.Fatalf("%s is not completed by its own layout", c.Objectives[o].Notation())
			}
		})
	}
}

func TestContentParserRejectsBrokenPacks(t *testing.T) {
	good := string(defaultContentJSON)
	tests := []struct{ name, from, to string }{
		{"a pack without an id", `"id": "` + DefaultContentID + `"`, `"id": ""`},
		{"a card with an unknown benefit", `"self": "T T"`, `"self": "T Q"`},
		{"an objective that does not fit its compartment", `"pattern": "TVGP"`, `"pattern": "TVGPT"`},
		{"a pair token with one colour", `"colors": "TV"`, `"colors": "T"`},
		{"a compartment too large", `"width": 3, "levels": 3, "value": 7`, `"width": 9, "levels": 3, "value": 7`},
	}
	for _, tc := range tests {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			broken := strings.Replace(good, tc.from, tc.to, 1)
			if broken == good {
				t.Fatalf("the test did not change the pack")
			}
			if _, err := ParseContent([]byte(broken)); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

// TestContentDocIsCurrent keeps docs/atheneum/content.md in step with the data;
// run `go test ./engine/atheneum -run ContentDoc -update` after changing the pack.
func TestContentDocIsCurrent(t *testing.T) {
	want := contentMarkdown(Default())
	const path = "../../docs/atheneum/content.md"
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("%s is out of date: run go test ./engine/atheneum -run ContentDoc -update", path)
	}
}

func contentMarkdown(c *Content) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# Content pack `%s`\n\n", c.ID)
	w("The rulebook gives the number of pieces and the ranges of their values, but it does not print the pieces. ")
	w("This is the project's own design, kept as data in `engine/atheneum/content/%s` and loaded through `atheneum.Load`. ", packFile(c.ID))
	w("This page is generated from that file by `go test ./engine/atheneum -run ContentDoc -update`; a test fails when it is out of date.\n\n")
	packs := EmbeddedPacks()
	if k := slices.Index(packs, c.ID); k > 0 {
		var older []string
		for _, id := range packs[:k] {
			older = append(older, fmt.Sprintf("`%s` (`engine/atheneum/content/%s`)", id, packFile(id)))
		}
		w("New games use this pack. Games begun with an older pack, %s, keep replaying with it: a pack's file never changes once games are played with it. ", strings.Join(older, " or "))
		w("Each pack was made from the one before after simulated games between computer players (figures in [balance.md](balance.md)).\n\n")
		for j := k; j > 0; j-- {
			prev, err := Load(packs[j-1])
			if err != nil {
				panic(err)
			}
			cur, err := Load(packs[j])
			if err != nil {
				panic(err)
			}
			w("### Changes from `%s` to `%s`\n\n", prev.ID, cur.ID)
			for _, ch := range packChanges(prev, cur) {
				w("- %s\n", ch)
			}
			w("\n")
		}
	}
	w("Colour letters: T teal (%s), V purple (%s), G green (%s), P pink (%s), K black (%s).\n\n",
		Teal.Subject(), Purple.Subject(), Green.Subject(), Pink.Subject(), Black.Subject())
	w("## Main shelf\n\nEvery subject has the same main shelf: five compartments in two tiers.\n\n")
	w("| compartment | tier | width | levels | spaces | value when full |\n|---|---|---|---|---|---|\n")
	total := 0
	for _, cs := range c.Main.Compartments {
		tier := "upper"
		if cs.Tier == 1 {
			tier = "lower"
		}
		total += cs.Spaces()
		w("| %s | %s | %d | %d | %d | %d |\n", cs.Name, tier, cs.Width, cs.Levels, cs.Spaces(), cs.Value)
	}
	w("\n%d spaces in all. Candle spaces (numbered 1 to %d on the images): worth %s.\n\n", total, len(c.Main.Candles), joinInts(c.Main.Candles))
	w("## Side shelves\n\nTen side shelves form the supply. Each has one compartment and two candle spaces (numbered 4-5 on the left, 6-7 on the right).\n\n")
	w("| id | width | levels | spaces | value when full | candles |\n|---|---|---|---|---|---|\n")
	for _, s := range c.SideShelves {
		w("| S%d | %d | %d | %d | %d | %d, %d |\n", s.ID, s.Width, s.Levels, s.Width*s.Levels, s.Value, s.Candles[0], s.Candles[1])
	}
	w("\n## Study cards\n\n")
	w("Benefit notation: `T` `V` `G` `P` `K` a book of that colour; `A` a book of any colour (grey); `@II` a book of any colour for compartment II only; ")
	w("`R2` reshelve up to 2 books; `S` a side shelf; `W` a magic wand; `X` a bonus token; `+2` two points.\n\n")
	w("*You* is the yellow section (the player of the card), *left* the green section (the player on their left), *right* the blue section (the player on their right).\n\n")
	for d, name := range []string{"A", "B"} {
		w("### Deck %s\n\n| card | you | left | right |\n|---|---|---|---|\n", name)
		for _, card := range c.Cards {
			if card.Deck != d {
				continue
			}
			w("| %s |", card.Code)
			for _, sec := range card.Sections {
				var parts []string
				for _, be := range sec {
					parts = append(parts, "`"+be.String()+"`")
				}
				w(" %s |", strings.Join(parts, " "))
			}
			w("\n")
		}
		w("\n")
	}
	w("## Objectives\n\n")
	w("Patterns are written top level first, levels separated by `/`: a letter is a book of that colour, `#` a book of any colour, `.` a space that does not matter. ")
	w("A pattern may sit anywhere inside its compartment. *Any* objectives may be built in any one compartment (side shelves included); *named* ones in the compartment shown, or one of those shown; *shape* ones ignore colours and list one pattern per compartment.\n\n")
	w("| objective | kind | where and what | points | wand back |\n|---|---|---|---|---|\n")
	for _, o := range c.Objectives {
		var parts []string
		for _, r := range o.Reqs {
			where := "any compartment"
			if len(r.In) > 0 {
				var names []string
				for _, id := range r.In {
					names = append(names, id.String())
				}
				where = strings.Join(names, " or ")
			}
			parts = append(parts, where+": `"+r.Pattern.String()+"`")
		}
		wand := ""
		if o.Wand {
			wand = "yes"
		}
		w("| %s | %s | %s | %d | %s |\n", o.Code, o.Kind, strings.Join(parts, "; "), o.Points, wand)
	}
	w("\n## Bonus tokens\n\nForty tokens, eight of each kind. Every token can instead be placed as a candle.\n\n| kind | count | detail |\n|---|---|---|\n")
	counts := map[TokenKind]int{}
	var pairs []string
	for _, tok := range c.Tokens {
		counts[tok.Kind]++
		if tok.Kind == TokenPair {
			pairs = append(pairs, string([]byte{tok.Colors[0].Letter(), tok.Colors[1].Letter()}))
		}
	}
	for k := TokenWand; k <= TokenSideShelf; k++ {
		detail := Token{Kind: k}.Describe()
		if k == TokenPair {
			detail = "paired sets " + strings.Join(pairs, ", ")
		}
		w("| %s | %d | %s |\n", k, counts[k], detail)
	}
	return b.String()
}

func packFile(id string) string {
	if id == "atheneum-1" {
		return "atheneum.json"
	}
	return id + ".json"
}

// packChanges lists what differs between two packs, piece by piece.
func packChanges(old, c *Content) []string {
	var out []string
	for i, cs := range c.Main.Compartments {
		o := old.Main.Compartments[i]
		if o != cs {
			out = append(out, fmt.Sprintf("compartment %s: %dx%d worth %d, was %dx%d worth %d", cs.Name, cs.Width, cs.Levels, cs.Value, o.Width, o.Levels, o.Value))
		}
	}
	if !slices.Equal(old.Main.Candles, c.Main.Candles) {
		out = append(out, fmt.Sprintf("main shelf candles worth %s, were %s", joinInts(c.Main.Candles), joinInts(old.Main.Candles)))
	}
	for _, s := range c.SideShelves {
		o, ok := old.SideShelf(s.ID)
		if !ok || o != s {
			out = append(out, fmt.Sprintf("side shelf S%d: %dx%d worth %d, candles %d, %d; was %dx%d worth %d, candles %d, %d",
				s.ID, s.Width, s.Levels, s.Value, s.Candles[0], s.Candles[1], o.Width, o.Levels, o.Value, o.Candles[0], o.Candles[1]))
		}
	}
	for _, card := range c.Cards {
		i, ok := old.CardIndex(card.Code)
		if !ok {
			out = append(out, fmt.Sprintf("card `%s` is new", card.Notation()))
		} else if o := old.Cards[i]; o.Notation() != card.Notation() {
			out = append(out, fmt.Sprintf("card `%s`, was `%s`", card.Notation(), o.Notation()))
		}
	}
	for _, ob := range c.Objectives {
		i, ok := old.ObjectiveIndex(ob.Code)
		if !ok {
			out = append(out, fmt.Sprintf("objective `%s` is new", ob.Notation()))
		} else if o := old.Objectives[i]; o.Notation() != ob.Notation() {
			out = append(out, fmt.Sprintf("objective `%s`, was `%s`", ob.Notation(), o.Notation()))
		}
	}
	for i, tok := range c.Tokens {
		if i >= len(old.Tokens) || old.Tokens[i] != tok {
			was := "none"
			if i < len(old.Tokens) {
				was = tokenNotation(old.Tokens[i])
			}
			out = append(out, fmt.Sprintf("bonus token %d: %s, was %s", i+1, tokenNotation(tok), was))
		}
	}
	if len(out) == 0 {
		out = append(out, "none: the pieces are those of `"+old.ID+"`")
	}
	return out
}

func tokenNotation(t Token) string {
	if t.Kind == TokenPair {
		return "pair " + string([]byte{t.Colors[0].Letter(), t.Colors[1].Letter()})
	}
	return t.Kind.String()
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}
