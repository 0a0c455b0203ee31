package discordtest

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"unicode"

	"github.com/bwmarrin/discordgo"
)

// Application command limits, from Discord's application command reference
// (https://discord.com/developers/docs/interactions/application-commands):
//
//   - CHAT_INPUT command and option names match
//     ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ and use the lowercase
//     variant of every letter that has one; USER and MESSAGE command names
//     are 1-32 characters of any case, spaces allowed;
//   - descriptions are 1-100 characters;
//   - a command or subcommand has at most 25 options, an option at most 25
//     choices; a choice name is 1-100 characters, a string choice value up
//     to 100;
//   - min_length is 0-6000 and max_length 1-6000; INTEGER values lie within
//     ±(2^53-1) and NUMBER values within ±2^53;
//   - name_localizations and description_localizations are keyed by
//     Discord locales and their values follow the rules of the field they
//     translate;
//   - the name, description and value properties of a command, its options
//     (subcommands and groups included) and choices add up to at most 8000
//     characters, counting for each field only its longest localization
//     (default value included). The limit was 4000 until 2024; the current
//     page ("Slash Commands" section) says 8000.
const (
	maxCommandOptions        = 25
	maxCommandChoices        = 25
	maxCommandCharacters     = 8000
	maxStringOptionLength    = 6000
	maxSafeInteger           = 1<<53 - 1
	maxNumberOptionMagnitude = 1 << 53
)

var commandNameRE = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// validChatInputName applies Discord's naming rule for slash commands and
// their options: the regex, and lowercase wherever a letter has a
// lowercase variant ("Jouer" is refused, "jouer" and "日本" are fine).
func validChatInputName(name string) bool {
	if !commandNameRE.MatchString(name) {
		return false
	}
	for _, r := range name {
		if unicode.ToLower(r) != r {
			return false
		}
	}
	return true
}

func isChatInput(c Command) bool {
	return c.Type == 0 || c.Type == discordgo.ChatApplicationCommand
}

// validateCommand checks a command registration the way Discord does for
// the rules bots trip over: names, descriptions, localizations, counts,
// option order, value ranges and the total size.
func validateCommand(v *validator, f string, c Command) {
	if isChatInput(c) {
		checkChatInputName(v, join(f, "name"), c.Name)
		checkLen(v, join(f, "description"), c.Description, 1, 100)
		checkLocalizations(v, join(f, "name_localizations"), c.NameLocalizations, func(field, s string) {
			checkChatInputName(v, field, s)
		})
		checkLocalizations(v, join(f, "description_localizations"), c.DescriptionLocalizations, func(field, s string) {
			checkLen(v, field, s, 1, 100)
		})
	} else {
		checkLen(v, join(f, "name"), c.Name, 1, 32)
		checkLocalizations(v, join(f, "name_localizations"), c.NameLocalizations, func(field, s string) {
			checkLen(v, field, s, 1, 32)
		})
	}
	validateCommandOptions(v, join(f, "options"), c.Options, 0)
	if isChatInput(c) {
		if n := commandSize(c); n > maxCommandCharacters {
			field := f
			if field == "" {
				field = "(body)"
			}
			v.add(field, "APPLICATION_COMMAND_TOO_LARGE", fmt.Sprintf("Command exceeds maximum size (%d)", maxCommandCharacters))
		}
	}
}

func checkChatInputName(v *validator, field, name string) {
	if !validChatInputName(name) {
		v.add(field, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
	}
}

// checkLocalizations checks the keys of a localization map against
// Discord's locales and each value with check.
func checkLocalizations(v *validator, f string, m map[string]string, check func(field, value string)) {
	for _, locale := range sortedKeys(m) {
		lf := join(f, locale)
		if !IsLocale(locale) {
			v.add(lf, "LOCALE_INVALID", fmt.Sprintf("Invalid locale %q: must be one of Discord's locales", locale))
			continue
		}
		check(lf, m[locale])
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func validateCommandOptions(v *validator, f string, opts []CommandOption, depth int) {
	if len(opts) > maxCommandOptions {
		v.add(f, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxCommandOptions))
	}
	names := map[string]bool{}
	seenOptional := false
	for i, o := range opts {
		of := join(f, strconv.Itoa(i))
		checkChatInputName(v, join(of, "name"), o.Name)
		if names[o.Name] {
			v.add(join(of, "name"), "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
		}
		names[o.Name] = true
		checkLen(v, join(of, "description"), o.Description, 1, 100)
		checkLocalizations(v, join(of, "name_localizations"), o.NameLocalizations, func(field, s string) {
			checkChatInputName(v, field, s)
		})
		checkLocalizations(v, join(of, "description_localizations"), o.DescriptionLocalizations, func(field, s string) {
			checkLen(v, field, s, 1, 100)
		})
		if len(o.Choices) > maxCommandChoices {
			v.add(join(of, "choices"), "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxCommandChoices))
		}
		if len(o.Choices) > 0 && o.Autocomplete {
			v.add(join(of, "autocomplete"), "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE", "Autocomplete cannot be set with choices")
		}
		for j, c := range o.Choices {
			validateChoice(v, join(of, "choices."+strconv.Itoa(j)), c, o.Type)
		}
		validateOptionBounds(v, of, o)
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			if depth >= 2 || (depth == 1 && o.Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
				v.add(join(of, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Sub-command and sub-command group option types are mutually exclusive to all other types")
			}
			validateCommandOptions(v, join(of, "options"), o.Options, depth+1)
		default:
			if o.Required && seenOptional {
				v.add(join(of, "required"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
			}
			if !o.Required {
				seenOptional = true
			}
		}
	}
}

// validateOptionBounds checks min_value/max_value and min_length/max_length.
func validateOptionBounds(v *validator, of string, o CommandOption) {
	limit := float64(maxNumberOptionMagnitude)
	if o.Type == discordgo.ApplicationCommandOptionInteger {
		limit = maxSafeInteger
	}
	for _, b := range []struct {
		field string
		val   *float64
	}{{"min_value", o.MinValue}, {"max_value", o.MaxValue}} {
		if b.val == nil {
			continue
		}
		field := join(of, b.field)
		switch {
		case *b.val < -limit:
			v.add(field, "NUMBER_TYPE_MIN", fmt.Sprintf("float value should be greater than or equal to %.0f.", -limit))
		case *b.val > limit:
			v.add(field, "NUMBER_TYPE_MAX", fmt.Sprintf("float value should be less than or equal to %.0f.", limit))
		case o.Type == discordgo.ApplicationCommandOptionInteger && *b.val != math.Trunc(*b.val):
			v.add(field, "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not int.", strconv.FormatFloat(*b.val, 'f', -1, 64)))
		}
	}
	if o.MinValue != nil && o.MaxValue != nil && *o.MinValue > *o.MaxValue {
		v.add(join(of, "min_value"), "APPLICATION_COMMAND_OPTION_MIN_VALUE_GREATER_THAN_MAX", "min_value must be less than or equal to max_value")
	}
	if o.MinLength != nil {
		checkIntRange(v, join(of, "min_length"), *o.MinLength, 0, maxStringOptionLength)
	}
	if o.MaxLength != nil {
		checkIntRange(v, join(of, "max_length"), *o.MaxLength, 1, maxStringOptionLength)
	}
	if o.MinLength != nil && o.MaxLength != nil && *o.MinLength > *o.MaxLength {
		v.add(join(of, "min_length"), "APPLICATION_COMMAND_OPTION_MIN_LENGTH_GREATER_THAN_MAX", "min_length must be less than or equal to max_length")
	}
}

// validateChoice checks a registered choice: its name, its localized
// names, and a value of the option's type.
func validateChoice(v *validator, cf string, c Choice, typ discordgo.ApplicationCommandOptionType) {
	checkLen(v, join(cf, "name"), c.Name, 1, 100)
	checkLocalizations(v, join(cf, "name_localizations"), c.NameLocalizations, func(field, s string) {
		checkLen(v, field, s, 1, 100)
	})
	vf := join(cf, "value")
	switch typ {
	case discordgo.ApplicationCommandOptionString:
		s, ok := c.Value.(string)
		if !ok {
			v.add(vf, "STRING_TYPE_CONVERT", "Could not interpret value as string.")
			return
		}
		checkLen(v, vf, s, 1, 100)
	case discordgo.ApplicationCommandOptionInteger:
		n, ok := c.Value.(float64)
		if !ok || n != math.Trunc(n) || math.Abs(n) > maxSafeInteger {
			v.add(vf, "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not int.", fmt.Sprint(c.Value)))
		}
	case discordgo.ApplicationCommandOptionNumber:
		n, ok := c.Value.(float64)
		if !ok || math.Abs(n) > maxNumberOptionMagnitude {
			v.add(vf, "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not a valid number.", fmt.Sprint(c.Value)))
		}
	}
}

// validateChoices checks a type 8 autocomplete result: up to 25 choices,
// names of 1-100 characters (localized ones too), string values up to 100.
func validateChoices(v *validator, f string, cs []Choice) {
	if len(cs) > maxCommandChoices {
		v.add(f, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxCommandChoices))
	}
	for i, c := range cs {
		cf := join(f, strconv.Itoa(i))
		checkLen(v, join(cf, "name"), c.Name, 1, 100)
		checkLocalizations(v, join(cf, "name_localizations"), c.NameLocalizations, func(field, s string) {
			checkLen(v, field, s, 1, 100)
		})
		if s, ok := c.Value.(string); ok {
			checkLen(v, join(cf, "value"), s, 1, 100)
		}
	}
}

// commandSize is what Discord counts against the 8000-character limit:
// names, descriptions and string choice values of the command and
// everything in it, each field at its longest localization.
func commandSize(c Command) int {
	return longest(c.Name, c.NameLocalizations) + longest(c.Description, c.DescriptionLocalizations) + optionsSize(c.Options)
}

func optionsSize(opts []CommandOption) int {
	n := 0
	for _, o := range opts {
		n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations)
		for _, c := range o.Choices {
			n += longest(c.Name, c.NameLocalizations)
			if s, ok := c.Value.(string); ok {
				n += runeLen(s)
			}
		}
		n += optionsSize(o.Options)
	}
	return n
}

// longest is the length of the longest of a field's default value and its
// localizations.
func longest(def string, locs map[string]string) int {
	n := runeLen(def)
	for _, s := range locs {
		n = max(n, runeLen(s))
	}
	return n
}
