package face

import (
	"github.com/bwmarrin/discordgo"

	"atheneum/i18n"
)

// Options are a subcommand's options by name.
type Options map[string]*discordgo.ApplicationCommandInteractionDataOption

// Str is a string option, "" when absent.
func (o Options) Str(name string) string {
	if v, ok := o[name]; ok {
		if s, ok := v.Value.(string); ok {
			return s
		}
	}
	return ""
}

// Int is an integer option, def when absent.
func (o Options) Int(name string, def int) int {
	if v, ok := o[name]; ok {
		if f, ok := v.Value.(float64); ok {
			return int(f)
		}
	}
	return def
}

// Bool is a boolean option, false when absent.
func (o Options) Bool(name string) bool {
	if v, ok := o[name]; ok {
		if b, ok := v.Value.(bool); ok {
			return b
		}
	}
	return false
}

// Spec is the shape of a command, subcommand group, subcommand or option.
// Names are the API: handlers switch on the English names, which never
// change; French speakers see localised names and descriptions. Every word
// comes from the catalogue: the spec at path p (English names joined by
// dots below the top-level command, e.g. "admin.extend.hours") has
// "cmd.<p>.name" and "cmd.<p>.description"; Key, when set, replaces the
// path (a game's own subcommand "hand" of /anludim is "anludim.hand"), and
// its options' paths follow from it.
type Spec struct {
	Name         string
	Kind         discordgo.ApplicationCommandOptionType
	Key          string
	Required     bool
	Autocomplete bool
	// Min and Max bound an integer (both zero: no bounds).
	Min, Max float64
	// MaxLength bounds a string (0: no limit).
	MaxLength int
	Choices   []Choice
	Options   []Spec
	// ReadOnly subcommands are answered from the game's last stored
	// state, without waiting for its lock.
	ReadOnly bool
}

// Choice is one choice of an option: its value, and the catalogue key of
// its name, looked up in each language (in Lang, if set: a language is
// named in itself).
type Choice struct {
	Value string
	Key   string
	Lang  i18n.Lang
}

// Sub is a subcommand.
func Sub(name string, opts ...Spec) Spec {
	return Spec{Name: name, Kind: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

// Group is a subcommand group.
func Group(name string, subs ...Spec) Spec {
	return Spec{Name: name, Kind: discordgo.ApplicationCommandOptionSubCommandGroup, Options: subs}
}

// UserOption is an option naming a member.
func UserOption(name string, required bool) Spec {
	return Spec{Name: name, Kind: discordgo.ApplicationCommandOptionUser, Required: required}
}

// ChoiceOption is a string option with fixed choices.
func ChoiceOption(name string, required bool, choices []Choice) Spec {
	return Spec{Name: name, Kind: discordgo.ApplicationCommandOptionString, Required: required, Choices: choices}
}
