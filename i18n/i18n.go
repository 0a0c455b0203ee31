// Package i18n is the bot's message catalogue: every word a player sees,
// in English and in French.
//
// Messages live in JSON files under locales/, one file per area and
// language, named AREA.LANG.json (e.g. render.fr.json), in go-i18n's format:
//
//	{
//	  "scores.title": "Scores",
//	  "points": {"one": "{{.Count}} point", "other": "{{.Count}} points"}
//	}
//
// Placeholders are text/template fields ({{.Name}}). A message with plural
// forms is chosen by the "Count" argument, following CLDR's plural rules for
// the language (in French, 0 and 1 are singular).
//
// The engine and the store return codes and arguments; the adapter and the
// renderer turn them into sentences here, in the reader's language.
//
// # Where a message is shown
//
// The last segment of a message's id says where Discord shows it, and so
// how long it may be; a test holds every plural form in every language to
// it (placeholders counted as written; the code that fills them keeps long
// values within the limit):
//
//	.name          32   slash command and option names (lowercase, no spaces)
//	.label         80   button labels
//	.option        100  select menu options and their descriptions
//	.choice        100  slash command option choices
//	.description   100  slash command and option descriptions
//	.placeholder   150  select menu placeholders
//	anything else  2000 message content
//
// # Areas
//
// Each game keeps its words in files named after its id (anludim.en.json,
// tictactoe.fr.json...), under keys that begin with the id; the face kit
// (bot/face) reads them by convention: "<id>.title", "<id>.rules.<topic>",
// "<id>.key.<key>.label", "<id>.event.<kind>", "<id>.refusal.<code>",
// "<id>.category.<Category>", "<id>.option.<name>.<value>.choice".
// docs/adding-a-game.md lists them. The words the games share are in areas
// of their own:
//
//   - bot, play, common: the adapter's words (lobbies, waiting lines,
//     reminders, host tools, records), refusals of the service
//     ("play.refusal.<code>"), and the kit's defaults ("face.*");
//   - commands: "cmd.<path>.name" and "cmd.<path>.description", path being
//     the English command names joined by dots (the English name is the
//     API name), and "cmd.<path>.<value>.choice";
//   - render: what every game's pictures share.
//
// Atheneum, the first game, keeps older keys without its prefix:
//
//   - engine: "engine.<code>", one sentence per atheneum.ErrorCode, whose
//     placeholders are the code's ArgNames (game terms among them are
//     filled already named in the reader's language);
//   - terms: its vocabulary (color.*, subject.*, item.*, compartment.*,
//     count.* with plural forms, term.*...);
//   - rules: "rules.<topic>.title" and "rules.<topic>.text".
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Lang is a language the bot speaks.
type Lang string

// The languages.
const (
	English Lang = "en"
	French  Lang = "fr"
)

// Langs lists every language, English (the default) first.
var Langs = []Lang{English, French}

// Parse reads a language code as stored ("en" or "fr"); ok is false for
// anything else.
func Parse(s string) (Lang, bool) {
	switch Lang(s) {
	case English, French:
		return Lang(s), true
	}
	return English, false
}

// FromLocale maps a Discord locale ("fr", "en-US", "en-GB"...) to the
// language the bot speaks closest to it: French for French, English for
// everything else.
func FromLocale(locale string) Lang {
	if strings.HasPrefix(strings.ToLower(locale), "fr") {
		return French
	}
	return English
}

// String returns the language's code.
func (l Lang) String() string { return string(l) }

//go:embed locales/*.json
var files embed.FS

type catalogue struct {
	// messages[lang][id] is the raw message, by plural form, for the
	// consistency tests.
	messages map[Lang]map[string]map[string]string
	// prepared[id] is the message ready to fill in each language: its
	// templates are parsed once, when the catalogue is read, so that
	// wording a message is one lookup and a few appends.
	prepared map[string]*translations
	err      error
}

// translations are a message's prepared forms in each language, by the
// language's place in Langs.
type translations [2]forms

// forms are a message's prepared texts in one language: "other", and
// "one" where the message has plural forms (the only two pluralForm
// chooses).
type forms struct {
	defined bool // the language has the message
	plural  bool // it has more than one form: "Count" chooses
	hasOne  bool
	other   prepared
	one     prepared
}

// langIndex is l's place in Langs, or -1 for a language the bot does not
// speak.
func langIndex(l Lang) int {
	switch l {
	case English:
		return 0
	case French:
		return 1
	}
	return -1
}

var (
	loadOnce sync.Once
	cat      catalogue
)

func load() *catalogue {
	loadOnce.Do(func() { cat = build(files) })
	return &cat
}

// build reads every catalogue file of fsys.
func build(fsys fs.FS) catalogue {
	c := catalogue{messages: map[Lang]map[string]map[string]string{}, prepared: map[string]*translations{}}
	bundle := goi18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	names, err := fs.Glob(fsys, "locales/*.json")
	if err != nil {
		c.err = err
		return c
	}
	sort.Strings(names)
	for _, name := range names {
		buf, err := fs.ReadFile(fsys, name)
		if err != nil {
			c.err = err
			return c
		}
		mf, err := bundle.ParseMessageFileBytes(buf, name)
		if err != nil {
			c.err = fmt.Errorf("%s: %w", name, err)
			return c
		}
		lang, ok := Parse(mf.Tag.String())
		if !ok {
			c.err = fmt.Errorf("%s: language %q is not one the bot speaks", path.Base(name), mf.Tag)
			return c
		}
		if c.messages[lang] == nil {
			c.messages[lang] = map[string]map[string]string{}
		}
		for _, m := range mf.Messages {
			if _, dup := c.messages[lang][m.ID]; dup {
				c.err = fmt.Errorf("%s: message %q is defined twice", path.Base(name), m.ID)
				return c
			}
			f := formsOf(m)
			c.messages[lang][m.ID] = f
			t := c.prepared[m.ID]
			if t == nil {
				t = new(translations)
				c.prepared[m.ID] = t
			}
			p := forms{defined: true, plural: len(f) > 1}
			for form, text := range f {
				pt, err := prepare(text)
				if err != nil {
					c.err = fmt.Errorf("%s: message %q: %w", path.Base(name), m.ID, err)
					return c
				}
				switch form {
				case "other":
					p.other = pt
				case "one":
					p.one, p.hasOne = pt, true
				}
			}
			t[langIndex(lang)] = p
		}
	}
	return c
}

// formsOf lists a message's texts by plural form ("other" for a plain one).
func formsOf(m *goi18n.Message) map[string]string {
	f := map[string]string{}
	for k, v := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if v != "" {
			f[k] = v
		}
	}
	return f
}

// T returns message id in l, filled from kv, which are pairs of a
// placeholder's name and its value: T("turn", "Turn", 3, "Of", 10). A
// "Count" pair also chooses the plural form. An unknown id comes back as
// "[id]" so that a missing message shows instead of vanishing (the
// catalogue tests keep that from happening).
func (l Lang) T(id string, kv ...any) string {
	t := load().prepared[id]
	if t == nil {
		return "[" + id + "]"
	}
	f := &t[0] // English, where l lacks the message
	if i := langIndex(l); i > 0 && t[i].defined {
		f = &t[i]
	}
	if !f.defined {
		return "[" + id + "]"
	}
	p := f.other
	if f.plural {
		for i := 0; i+1 < len(kv); i += 2 {
			if name, _ := kv[i].(string); name == "Count" {
				if pluralForm(l, kv[i+1]) == "one" && f.hasOne {
					p = f.one
				} else {
					p = f.other
				}
			}
		}
	}
	return p.fill(kv)
}

// plural reports whether message id has plural forms in l (or, unknown in
// l, in English, which the localizer falls back to).
func (c *catalogue) plural(l Lang, id string) bool {
	f, ok := c.messages[l][id]
	if !ok {
		f = c.messages[English][id]
	}
	return len(f) > 1 || f["one"] != ""
}

// Has reports whether the catalogue holds id in l.
func (l Lang) Has(id string) bool {
	_, ok := load().messages[l][id]
	return ok
}

// Err returns the error met while loading the catalogue, if any.
func Err() error { return load().err }

// IDs returns every message id of l, sorted.
func IDs(l Lang) []string {
	var ids []string
	for id := range load().messages[l] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// placeholder finds a text/template field such as {{.Count}}.
var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)`)

// Placeholders returns the names of the placeholders message id uses in l,
// over all its plural forms, sorted; nil when it has none or does not
// exist. Tests hold translations and callers to them.
func Placeholders(l Lang, id string) []string {
	var names []string
	for _, text := range Forms(l, id) {
		for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
			if !slices.Contains(names, m[1]) {
				names = append(names, m[1])
			}
		}
	}
	slices.Sort(names)
	return names
}

// Forms returns the raw texts of message id in l by plural form ("one",
// "other"...), unfilled; nil when it does not exist. Tests use it to check
// placeholders and lengths.
func Forms(l Lang, id string) map[string]string {
	return load().messages[l][id]
}
