package bot

import (
	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/i18n"
)

// The slash commands' shape: one top-level command per game, each with the
// subcommands every game shares and the game's own (face.Spec says how
// names and descriptions come from the catalogue).

// hoursOption is a number of hours, as host tools and lobbies take.
func hoursOption(name string, required bool) face.Spec {
	return face.Spec{Name: name, Kind: discordgo.ApplicationCommandOptionInteger, Required: required, Min: 1, Max: 336}
}

// languageChoices names each language in itself, in every locale.
func languageChoices() []face.Choice {
	var cs []face.Choice
	for _, l := range i18n.Langs {
		cs = append(cs, face.Choice{Value: string(l), Key: "lang.name", Lang: l})
	}
	return cs
}

// gameSpec is a game's command: the shared subcommands with the game's
// own, in the order a member reads them in Discord's list. The records'
// subcommands take a game: option among all the games hosted (and all of
// them together), which defaults to the command's own game.
func gameSpec(f face.Face, all []face.Face) face.Spec {
	// The game whose records to read is typed with suggestions rather
	// than chosen from fixed choices, which Discord counts against the
	// command's size once per subcommand and per game hosted.
	gameOption := face.Spec{Name: "game", Kind: discordgo.ApplicationCommandOptionString, Autocomplete: true, MaxLength: 100}
	var topics []face.Choice
	for _, k := range f.RulesTopics() {
		topics = append(topics, face.Choice{Value: k, Key: rulesKey(f, k) + ".title"})
	}
	var levels []face.Choice
	for _, l := range f.Kind().Levels() {
		levels = append(levels, face.Choice{Value: l, Key: "ai." + l + ".option"})
	}
	var modes []face.Choice
	for _, m := range []string{"dm", "mention", "quiet"} {
		modes = append(modes, face.Choice{Value: m, Key: "notify." + m + ".label"})
	}
	lo, hi := f.Kind().SeatRange()
	opts := []face.Spec{
		face.Sub("new",
			face.Spec{Name: "seats", Kind: discordgo.ApplicationCommandOptionInteger, Min: float64(lo), Max: float64(hi)},
			hoursOption("hours", false),
			face.Spec{Name: "thread", Kind: discordgo.ApplicationCommandOptionBoolean},
			face.ChoiceOption("language", false, languageChoices())),
		face.Sub("tutorial"),
	}
	// The game's commands that act, then status, then those that look.
	for _, s := range f.Subcommands() {
		if !s.ReadOnly {
			opts = append(opts, s)
		}
	}
	opts = append(opts, face.Sub("status"),
		face.Sub("log", face.Spec{Name: "turns", Kind: discordgo.ApplicationCommandOptionInteger, Min: 1, Max: maxLogTurns}))
	for _, s := range f.Subcommands() {
		if s.ReadOnly {
			opts = append(opts, s)
		}
	}
	opts = append(opts,
		face.Sub("rules", face.ChoiceOption("topic", false, topics)),
		face.Sub("help"),
		face.Group("admin",
			face.Sub("extend", hoursOption("hours", true)),
			face.Sub("hours", hoursOption("hours", true)),
			face.Sub("pause"),
			face.Sub("resume"),
			face.Sub("autopilot", face.UserOption("player", true)),
			face.Sub("replace", face.UserOption("player", true), face.UserOption("member", false), face.ChoiceOption("ai", false, levels)),
			face.Sub("remove", face.UserOption("player", true)),
			face.Sub("end", face.Spec{Name: "reason", Kind: discordgo.ApplicationCommandOptionString, Required: true, MaxLength: 200})),
		face.Sub("resign"),
		face.Sub("away", face.Spec{Name: "hours", Kind: discordgo.ApplicationCommandOptionInteger, Required: true, Min: 1, Max: game.MaxAwayHours}),
		face.Sub("back"),
		face.Sub("notify", face.ChoiceOption("mode", true, modes)),
		face.Sub("hints", face.ChoiceOption("mode", true, []face.Choice{
			{Value: "on", Key: "cmd.hints.mode.on.choice"}, {Value: "off", Key: "cmd.hints.mode.off.choice"}})),
		face.Sub("language", face.ChoiceOption("language", true, languageChoices())),
		// The records, grouped so that a command keeps room below
		// Discord's 25 options for the subcommands of games to come.
		face.Group(groupRecords,
			face.Sub("history", face.ChoiceOption("scope", false, []face.Choice{
				{Value: "channel", Key: "cmd.records.history.scope.channel.choice"},
				{Value: "server", Key: "cmd.records.history.scope.server.choice"}}), gameOption),
			face.Sub("stats", face.UserOption("member", false), gameOption),
			face.Sub("leaderboard", gameOption),
			face.Sub("games"),
			face.Sub("replay", face.Spec{Name: "game", Kind: discordgo.ApplicationCommandOptionString, Required: true, Autocomplete: true})),
	)
	return face.Spec{Name: f.Command(), Options: opts}
}

// allGames is the game: option's value for every game together.
const allGames = "all"

// groupRecords is the subcommand group of the records: history, stats,
// leaderboard, games and replay.
const groupRecords = "records"

// rulesKey is the catalogue prefix of a rules topic, as the face keeps
// its words.
func rulesKey(f face.Face, topic string) string { return f.RulesKey(topic) }

// commandDefs are the bot's slash commands, one per game, with English
// names and descriptions as the base and French localisations.
func (b *Bot) commandDefs() []*discordgo.ApplicationCommand {
	noDM := false
	var cmds []*discordgo.ApplicationCommand
	for _, f := range b.order {
		spec := gameSpec(f, b.order)
		names, descs := localisations(spec.Name)
		cmd := &discordgo.ApplicationCommand{
			Name:                     spec.Name,
			Description:              i18n.English.T("cmd." + spec.Name + ".description"),
			NameLocalizations:        &names,
			DescriptionLocalizations: &descs,
			DMPermission:             &noDM,
		}
		for _, o := range spec.Options {
			cmd.Options = append(cmd.Options, option(o, specPath("", o)))
		}
		cmds = append(cmds, cmd)
	}
	return cmds
}

// specPath is the catalogue path of spec below parent: its Key when set,
// else the names joined by dots.
func specPath(parent string, s face.Spec) string {
	switch {
	case s.Key != "":
		return s.Key
	case parent == "":
		return s.Name
	}
	return parent + "." + s.Name
}

// commandLocales maps each Discord locale the commands are localised for
// to the bot's language for it.
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

// option builds the option s at path.
func option(s face.Spec, path string) *discordgo.ApplicationCommandOption {
	names, descs := localisations(path)
	o := &discordgo.ApplicationCommandOption{
		Type:                     s.Kind,
		Name:                     s.Name,
		Description:              i18n.English.T("cmd." + path + ".description"),
		NameLocalizations:        names,
		DescriptionLocalizations: descs,
		Required:                 s.Required,
		Autocomplete:             s.Autocomplete,
		MaxLength:                s.MaxLength,
	}
	if s.Min != 0 || s.Max != 0 {
		lo := s.Min
		o.MinValue, o.MaxValue = &lo, s.Max
	}
	for _, c := range s.Choices {
		o.Choices = append(o.Choices, choice(c))
	}
	for _, sub := range s.Options {
		o.Options = append(o.Options, option(sub, specPath(path, sub)))
	}
	return o
}

// choice builds one choice, named in every locale.
func choice(c face.Choice) *discordgo.ApplicationCommandOptionChoice {
	name := func(l i18n.Lang) string {
		if c.Lang != "" {
			l = c.Lang
		}
		return l.T(c.Key)
	}
	ch := &discordgo.ApplicationCommandOptionChoice{Name: name(i18n.English), Value: c.Value, NameLocalizations: map[discordgo.Locale]string{}}
	for loc, l := range commandLocales {
		ch.NameLocalizations[loc] = name(l)
	}
	return ch
}
