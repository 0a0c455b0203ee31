package bot

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/i18n"
)

// leaf is one way to invoke a command: its subcommand (inside its group,
// if any) with the options it is sent with.
type leaf struct {
	group, sub string
	opts       []discordtest.Option
	// words names the leaf in the test's output ("admin replace ai:hard").
	words string
}

// option is the leaf as the interaction's top-level option.
func (l leaf) option() discordtest.Option {
	sub := discordtest.Sub(l.sub, l.opts...)
	if l.group != "" {
		return discordtest.SubGroup(l.group, sub)
	}
	return sub
}

// leavesOf lists every leaf of a registered command: each subcommand
// with its required options only, then once with each choice of each of
// its options. Values that have no choices are filled by fill.
func leavesOf(cmd discordtest.Command, fill func(sub string, o discordtest.CommandOption) discordtest.Option) []leaf {
	var out []leaf
	add := func(group string, sub discordtest.CommandOption) {
		path := strings.TrimSpace(group + " " + sub.Name)
		var required []discordtest.Option
		for _, o := range sub.Options {
			if o.Required {
				required = append(required, valueOf(o, fill(path, o)))
			}
		}
		out = append(out, leaf{group: group, sub: sub.Name, opts: required, words: path})
		for _, o := range sub.Options {
			for _, c := range o.Choices {
				opts := []discordtest.Option{}
				for _, r := range required {
					if r.Name != o.Name {
						opts = append(opts, r)
					}
				}
				opts = append(opts, choiceOf(o, c))
				out = append(out, leaf{group: group, sub: sub.Name, opts: opts, words: fmt.Sprintf("%s %s:%v", path, o.Name, c.Value)})
			}
		}
	}
	for _, o := range cmd.Options {
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommandGroup:
			for _, sub := range o.Options {
				add(o.Name, sub)
			}
		case discordgo.ApplicationCommandOptionSubCommand:
			add("", o)
		}
	}
	return out
}

// valueOf is a required option: its first choice, else what fill gives.
func valueOf(o discordtest.CommandOption, filled discordtest.Option) discordtest.Option {
	if len(o.Choices) > 0 {
		return choiceOf(o, o.Choices[0])
	}
	return filled
}

// choiceOf sends one of an option's choices.
func choiceOf(o discordtest.CommandOption, c discordtest.Choice) discordtest.Option {
	if o.Type == discordgo.ApplicationCommandOptionInteger {
		return discordtest.IntOpt(o.Name, int64(c.Value.(float64)))
	}
	return discordtest.StringOpt(o.Name, fmt.Sprint(c.Value))
}

// lastLeaves are the leaves that change who plays or how the bot speaks
// to the asker, run after the others so that those see the game as it
// was: the language, resigning and the host's tools, the game's end last.
func leafOrder(l leaf) int {
	switch {
	case l.sub == "language":
		return 1
	case l.sub == "resign":
		return 2
	case l.group == "admin" && l.sub == "end":
		return 4
	case l.group == "admin":
		return 3
	}
	return 0
}

// commonWords are words of one language that never appear in a message
// written in the other (player and game names aside).
var commonWords = map[i18n.Lang][]string{
	i18n.English: {"the", "your", "you", "is", "with", "and", "game", "this"},
	i18n.French:  {"vous", "votre", "est", "les", "une", "avec", "partie", "cette"},
}

var (
	wordRE        = regexp.MustCompile(`[\p{L}']+`)
	missingWordRE = regexp.MustCompile(`\[[a-z_]+(\.[a-z_0-9]+)+\]|<no value>|%!`)
)

// TestEveryLeafOfEveryCommandAnswers sends every leaf of every game's
// command (leavesOf), in each language, through the fake Discord, in a
// channel where that game is being played by the asker, and checks that
// each answer is there, is not the bot's internal error, stays within
// Discord's limits (the fake refuses anything beyond them) and is written
// in the asker's language.
func TestEveryLeafOfEveryCommandAnswers(t *testing.T) {
	t.Parallel()
	for _, lang := range i18n.Langs {
		for i, command := range []string{"atheneum", "anludim", "exlibris"} {
			if raceEnabled && i18n.Langs[i%len(i18n.Langs)] != lang {
				// Under the race detector each command answers its leaves in
				// one language (both languages are met over the three): the
				// goroutines a leaf meets do not change with its words,
				// which the run without the detector checks in both.
				continue
			}
			t.Run(fmt.Sprintf("every leaf of /%s answers in %s", command, lang), func(t *testing.T) {
				t.Parallel()
				checkEveryLeaf(t, command, lang)
			})
		}
	}
}

func checkEveryLeaf(t *testing.T, command string, lang i18n.Lang) {
	h := newHarness(t, "ana", "bo")
	if lang == i18n.French {
		speakFrench(h)
	}
	ana, bo := h.user("ana"), h.user("bo")
	lo := drive.Lobby{Command: command, People: []discordtest.User{ana, bo}}
	if lang == i18n.French {
		lo.NewOptions = []discordtest.Option{discordtest.StringOpt("language", "fr")}
	}
	if _, err := h.Open(lo); err != nil {
		t.Fatal(err)
	}
	var cmd discordtest.Command
	for _, c := range h.Srv.Commands("") {
		if c.Name == command {
			cmd = c
		}
	}
	fill := func(sub string, o discordtest.CommandOption) discordtest.Option {
		switch o.Type {
		case discordgo.ApplicationCommandOptionUser:
			return discordtest.UserOpt(o.Name, bo)
		case discordgo.ApplicationCommandOptionInteger:
			if o.MinValue != nil {
				return discordtest.IntOpt(o.Name, int64(*o.MinValue))
			}
			return discordtest.IntOpt(o.Name, 1)
		case discordgo.ApplicationCommandOptionBoolean:
			return discordtest.BoolOpt(o.Name, true)
		}
		return discordtest.StringOpt(o.Name, "x")
	}
	leaves := leavesOf(cmd, fill)
	if len(leaves) < 25 {
		t.Fatalf("/%s has %d leaves: the walk missed its subcommands", command, len(leaves))
	}
	slices.SortStableFunc(leaves, func(a, b leaf) int { return leafOrder(a) - leafOrder(b) })
	reader := lang
	for _, lf := range leaves {
		if lf.sub == "language" {
			// From this answer on, the bot speaks the language chosen.
			reader, _ = i18n.Parse(lf.opts[0].Value.(string))
		}
		internal := reader.T("play.internal")
		in, err := h.Srv.SlashCommand(h.Ctx, ana, h.Channel, command, lf.option())
		if err != nil {
			t.Fatalf("/%s %s: %v", command, lf.words, err)
		}
		if _, err := in.WaitResponse(h.Ctx); err != nil {
			t.Errorf("/%s %s got no answer: %v", command, lf.words, err)
			continue
		}
		h.Settle()
		answers := in.Responses()
		if len(answers) == 0 {
			t.Errorf("/%s %s got no answer", command, lf.words)
		}
		for _, m := range answers {
			where := fmt.Sprintf("/%s %s", command, lf.words)
			text := m.Content
			for _, e := range m.Embeds {
				text += "\n" + e.Title + "\n" + e.Description
			}
			switch {
			case strings.TrimSpace(text) == "" && len(m.Attachments) == 0:
				t.Errorf("%s answered an empty message", where)
			case text == internal:
				t.Errorf("%s answered the internal error %q", where, text)
			case utf8.RuneCountInString(m.Content) > maxContent:
				t.Errorf("%s answered %d characters", where, utf8.RuneCountInString(m.Content))
			case missingWordRE.MatchString(text):
				t.Errorf("%s shows a missing word %q: %q", where, missingWordRE.FindString(text), text)
			}
			other := i18n.French
			if reader == i18n.French {
				other = i18n.English
			}
			for _, w := range wordRE.FindAllString(strings.ToLower(text), -1) {
				if slices.Contains(commonWords[other], w) {
					t.Errorf("%s, to a reader of %s, says %q: %q", where, reader, w, text)
					break
				}
			}
		}
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused: %v", v)
	}
}
