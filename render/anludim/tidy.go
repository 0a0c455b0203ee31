package anludim

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"atheneum/i18n"
	"atheneum/render"
)

// Names are filled into the catalogue's sentences after they are written,
// so a French sentence cannot elide before a name it does not know yet
// ("au tour de {{.Name}}" for Ada), and a name that takes an article in
// French (a computer player, "l'IA normale") may open a sentence. Tidy
// puts both right once the sentence is filled.

// Tidy makes a filled sentence of l read as written: in French, "de" and
// "que" elide before a vowel ("au tour d'Ada", "qu'Éloïse") and an "l'"
// that opens a sentence takes its capital ("L'IA normale pioche"). Other
// languages need neither and come back as they are.
//
// It gives what these two replacements would, and its tests check that it
// does, written out by hand: as regular expressions that may match
// anywhere, they were most of the time an alt text took to tell (an alt
// text is tidied to be measured, several times over when it is told more
// briefly), where a scan for "e " and "l'" is some ninety times faster
// on the French alt texts of a game:
//
//	elision:        (^|[^\p{L}\p{N}'’])([Dd]|[Qq]u)e ((?:\*\*|_)?)([AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü]) → ${1}${2}'${3}${4}
//	openingArticle: (^|\n|[.!?] +)((?:· )?(?:\*\*)?)l' → ${1}${2}L'
//
// The elision finds "de" or "que" before a word that starts with a vowel
// ("de Ada", "que **Éloïse**"), markdown emphasis between them allowed;
// an initial h or y is left alone ("de Hugo" and "d'Hugo" are both
// written, "de Yann" is). The opening article is "l'" at the start of the
// text or of a line, or after a full stop, possibly after a list's dot or
// bold markers.
func Tidy(l i18n.Lang, s string) string {
	if l != i18n.French {
		return s
	}
	return openingArticle(elide(s))
}

// elisionVowels are the letters "de" and "que" elide before.
const elisionVowels = "AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü"

// elide writes "de" and "que" elided before a vowel (see Tidy): each "e "
// of a "de" or "que" that starts a word (at the start of s, or after a
// rune that is no letter, digit or apostrophe) becomes "'" when a vowel
// follows, after "**" or "_" or at once. A match ends with its vowel, and
// the next is looked for after it, the rune before its word included.
func elide(s string) string {
	var b []byte        // s as written so far, nil while nothing changed
	copied, end := 0, 0 // s[:copied] is in b; the last match ended at end
	for i := 0; ; {
		k := strings.Index(s[i:], "e ")
		if k < 0 {
			break
		}
		e := i + k
		i = e + 1
		w := -1 // where the word "de" or "que" starts
		switch {
		case e >= 1 && (s[e-1] == 'd' || s[e-1] == 'D'):
			w = e - 1
		case e >= 2 && s[e-1] == 'u' && (s[e-2] == 'q' || s[e-2] == 'Q'):
			w = e - 2
		default:
			continue
		}
		if w == 0 {
			if end > 0 {
				continue
			}
		} else {
			r, n := utf8.DecodeLastRuneInString(s[:w])
			if w-n < end || unicode.IsLetter(r) || unicode.IsNumber(r) || r == '\'' || r == '’' {
				continue
			}
		}
		rest := s[e+2:]
		m := 0 // the emphasis before the vowel
		if strings.HasPrefix(rest, "**") && startsWithVowel(rest[2:]) {
			m = 2
		} else if strings.HasPrefix(rest, "_") && startsWithVowel(rest[1:]) {
			m = 1
		} else if !startsWithVowel(rest) {
			continue
		}
		_, vn := utf8.DecodeRuneInString(rest[m:])
		if b == nil {
			b = make([]byte, 0, len(s))
		}
		b = append(append(b, s[copied:e]...), '\'')
		copied = e + 2
		end = e + 2 + m + vn
		i = end
	}
	if b == nil {
		return s
	}
	return string(append(b, s[copied:]...))
}

// startsWithVowel reports whether s starts with one of elisionVowels.
func startsWithVowel(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r != utf8.RuneError && strings.ContainsRune(elisionVowels, r)
}

// openingArticle capitalises each "l'" that opens a sentence (see Tidy):
// at the start of s, after a line break, or after ".", "!" or "?" and one
// space or more; a list's dot ("· ") then bold markers ("**") may stand
// between.
func openingArticle(s string) string {
	var b []byte
	for i := 0; ; {
		k := strings.Index(s[i:], "l'")
		if k < 0 {
			break
		}
		at := i + k
		i = at + 2
		p := at
		if strings.HasSuffix(s[:p], "**") {
			p -= 2
		}
		if strings.HasSuffix(s[:p], "· ") {
			p -= len("· ")
		}
		opens := p == 0 || s[p-1] == '\n'
		if !opens && s[p-1] == ' ' {
			q := p - 1
			for q > 0 && s[q-1] == ' ' {
				q--
			}
			opens = q > 0 && (s[q-1] == '.' || s[q-1] == '!' || s[q-1] == '?')
		}
		if opens {
			if b == nil {
				b = []byte(s)
			}
			b[at] = 'L'
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// UpperFirst gives s a capital first letter, for a word of the catalogue
// that opens a sentence ("the Seer" → "The Seer"); never for a player's
// name, which is theirs as written.
func UpperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// nameOf is a seat's name as a picture's heading shows it (see
// render.NameOf), an article opening it capitalised.
func nameOf(l i18n.Lang, names []string, seat int) string {
	return Tidy(l, render.NameOf(l, names, seat))
}
