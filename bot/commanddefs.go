package bot

import (
	"github.com/bwmarrin/discordgo"

	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
)

// The slash command's shape. Names are the API: the handlers switch on the
// English names, which never change; French speakers see the localised
// names and descriptions. Every word comes from the catalogue: the command
// at path p (English names joined by dots, e.g. "admin.extend.hours") has
// "cmd.<p>.name" and "cmd.<p>.description"; a choice has a catalogue key
// of its own (choiceSpec.key).

// commandSpec is one command, subcommand group, subcommand or option.
type commandSpec struct {
	name         string
	kind         discordgo.ApplicationCommandOptionType
	required     bool
	autocomplete bool
	min, max     float64 // integers: both zero for no bounds
	maxLength    int     // strings: 0 for no limit
	choices      []choiceSpec
	options      []commandSpec
}

// choiceSpec is one choice of an option: its value, and the catalogue key
// of its name, looked up in each language (in lang of its own, if set:
// a language is named in itself).
type choiceSpec struct {
	value string
	key   string
	lang  i18n.Lang
}

func subSpec(name string, opts ...commandSpec) commandSpec {
	return commandSpec{name: name, kind: discordgo.ApplicationCommandOptionSubCommand, options: opts}
}

func groupSpec(name string, subs ...commandSpec) commandSpec {
	return commandSpec{name: name, kind: discordgo.ApplicationCommandOptionSubCommandGroup, options: subs}
}

func hoursOption(name string, required bool) commandSpec {
	return commandSpec{name: name, kind: discordgo.ApplicationCommandOptionInteger, required: required, min: 1, max: 336}
}

func userOption(name string, required bool) commandSpec {
	return commandSpec{name: name, kind: discordgo.ApplicationCommandOptionUser, required: required}
}

func choiceOption(name string, required bool, choices []choiceSpec) commandSpec {
	return commandSpec{name: name, kind: discordgo.ApplicationCommandOptionString, required: required, choices: choices}
}

// languageChoices names each language in itself, in every locale.
func languageChoices() []choiceSpec {
	var cs []choiceSpec
	for _, l := range i18n.Langs {
		cs = append(cs, choiceSpec{value: string(l), key: "lang.name", lang: l})
	}
	return cs
}

// atheneumSpec is /atheneum with every subcommand.
func atheneumSpec() commandSpec {
	var colours, topics []choiceSpec
	for _, c := range atheneum.Colors {
		colours = append(colours, choiceSpec{value: string(c.Letter()), key: "color." + c.String() + ".label"})
	}
	for _, k := range rulesTopicKeys {
		topics = append(topics, choiceSpec{value: k, key: "rules." + k + ".title"})
	}
	var levels []choiceSpec
	for _, l := range ai.Levels {
		levels = append(levels, choiceSpec{value: l, key: "ai." + l + ".option"})
	}
	var modes []choiceSpec
	for _, m := range []string{"dm", "mention", "quiet"} {
		modes = append(modes, choiceSpec{value: m, key: "notify." + m + ".label"})
	}
	return commandSpec{name: "atheneum", options: []commandSpec{
		subSpec("new",
			commandSpec{name: "seats", kind: discordgo.ApplicationCommandOptionInteger, min: atheneum.MinSeats, max: atheneum.MaxSeats},
			hoursOption("hours", false),
			commandSpec{name: "thread", kind: discordgo.ApplicationCommandOptionBoolean},
			choiceOption("language", false, languageChoices())),
		subSpec("hand"),
		subSpec("play"),
		subSpec("place",
			commandSpec{name: "item", kind: discordgo.ApplicationCommandOptionString, required: true, autocomplete: true},
			commandSpec{name: "space", kind: discordgo.ApplicationCommandOptionString, required: true, autocomplete: true},
			choiceOption("color", false, colours),
			commandSpec{name: "flip", kind: discordgo.ApplicationCommandOptionBoolean}),
		subSpec("status"),
		subSpec("shelf", userOption("player", false)),
		subSpec("table"),
		subSpec("objectives"),
		subSpec("scores"),
		subSpec("rules", choiceOption("topic", false, topics)),
		subSpec("help"),
		groupSpec("admin",
			subSpec("extend", hoursOption("hours", true)),
			subSpec("hours", hoursOption("hours", true)),
			subSpec("pause"),
			subSpec("resume"),
			subSpec("autopilot", userOption("player", true)),
			subSpec("replace", userOption("player", true), userOption("member", false), choiceOption("ai", false, levels)),
			subSpec("remove", userOption("player", true)),
			subSpec("end", commandSpec{name: "reason", kind: discordgo.ApplicationCommandOptionString, required: true, maxLength: 200})),
		subSpec("resign"),
		subSpec("notify", choiceOption("mode", true, modes)),
		subSpec("language", choiceOption("language", true, languageChoices())),
		subSpec("history", choiceOption("scope", false, []choiceSpec{
			{value: "channel", key: "cmd.history.scope.channel.choice"},
			{value: "server", key: "cmd.history.scope.server.choice"}})),
		subSpec("stats", userOption("member", false)),
		subSpec("leaderboard"),
		subSpec("games"),
		subSpec("replay", commandSpec{name: "game", kind: discordgo.ApplicationCommandOptionString, required: true, autocomplete: true}),
	}}
}

// commandDefs is the bot's single slash command, /atheneum, with English
// names and descriptions as the base and French localisations.
func commandDefs() []*discordgo.ApplicationCommand {
	spec := atheneumSpec()
	noDM := false
	names, descs := localisations(spec.name)
	cmd := &discordgo.ApplicationCommand{
		Name:                     spec.name,
		Description:              i18n.English.T("cmd." + spec.name + ".description"),
		NameLocalizations:        &names,
		DescriptionLocalizations: &descs,
		DMPermission:             &noDM,
	}
	for _, o := range spec.options {
		cmd.Options = append(cmd.Options, o.option(o.name))
	}
	return []*discordgo.ApplicationCommand{cmd}
}

// commandLocales maps each Discord locale the command is localised for to
// the bot's language for it.
var commandLocales = map[discordgo.Locale]i18n.Lang{discordgo.French: i18n.French}

// localisations returns the localised names and descriptions of the
// command at path.
func localisations(path string) (names, descs map[discordgo.Locale]string) {
	names, descs = map[discordgo.Locale]string{}, map[discordgo.Locale]string{}
	for loc, l := range commandLocales {
		names[loc] = l.T("cmd." + path + ".name")
		descs[loc] = l.T("cmd." + path + ".description")
	}
	return names, descs
}

// option builds the option at path (English names joined by dots).
func (s commandSpec) option(path string) *discordgo.ApplicationCommandOption {
	names, descs := localisations(path)
	o := &discordgo.ApplicationCommandOption{
		Type:                     s.kind,
		Name:                     s.name,
		Description:              i18n.English.T("cmd." + path + ".description"),
		NameLocalizations:        names,
		DescriptionLocalizations: descs,
		Required:                 s.required,
		Autocomplete:             s.autocomplete,
		MaxLength:                s.maxLength,
	}
	if s.min != 0 || s.max != 0 {
		lo := s.min
		o.MinValue, o.MaxValue = &lo, s.max
	}
	for _, c := range s.choices {
		o.Choices = append(o.Choices, c.choice())
	}
	for _, sub := range s.options {
		o.Options = append(o.Options, sub.option(path+"."+sub.name))
	}
	return o
}

// choice builds one choice, named in every locale.
func (c choiceSpec) choice() *discordgo.ApplicationCommandOptionChoice {
	name := func(l i18n.Lang) string {
		if c.lang != "" {
			l = c.lang
		}
		return l.T(c.key)
	}
	ch := &discordgo.ApplicationCommandOptionChoice{Name: name(i18n.English), Value: c.value, NameLocalizations: map[discordgo.Locale]string{}}
	for loc, l := range commandLocales {
		ch.NameLocalizations[loc] = name(l)
	}
	return ch
}
