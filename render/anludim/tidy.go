package anludim

import (
	"regexp"
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

// elision finds "de" or "que" before a word that starts with a vowel
// ("de Ada", "que **Éloïse**"), markdown emphasis between them allowed.
// An initial h or y is left alone: "de Hugo" and "d'Hugo" are both
// written, "de Yann" is.
var elision = regexp.MustCompile(`(^|[^\p{L}\p{N}'’])([Dd]|[Qq]u)e ((?:\*\*|_)?)([AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü])`)

// openingArticle finds "l'" opening a sentence: at the start of the text or
// of a line, or after a full stop, possibly after a list's dot or bold
// markers.
var openingArticle = regexp.MustCompile(`(^|\n|[.!?] +)((?:· )?(?:\*\*)?)l'`)

// Tidy makes a filled sentence of l read as written: in French, "de" and
// "que" elide before a vowel ("au tour d'Ada", "qu'Éloïse") and an "l'"
// that opens a sentence takes its capital ("L'IA normale pioche"). Other
// languages need neither and come back as they are.
func Tidy(l i18n.Lang, s string) string {
	if l != i18n.French {
		return s
	}
	s = elision.ReplaceAllString(s, "${1}${2}'${3}${4}")
	return openingArticle.ReplaceAllString(s, "${1}${2}L'")
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
