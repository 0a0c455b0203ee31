package bot

import "strings"

// rulesTopics is /atheneum rules, in the project's own words, short enough
// for one message each.
var rulesTopics = []struct{ key, title, text string }{
	{"overview", "Overview", `**Atheneum in short**
You tidy a magic library. Over ten turns (phase A, then phase B, five turns each) you gather books and shelve them on your bookshelf to match the objective cards, fill compartments, light candles and group books of your favourite subject. Most points wins.`},
	{"turn", "A turn", `**A turn**
1. **Pick**: everyone secretly chooses one card from their hand. You may change your choice until the last player has chosen; then all cards are revealed.
2. **Pass**: the rest of your hand goes to your left neighbour in phase A and to your right neighbour in phase B. On the fifth turn of a phase the last card is discarded.
3. **Resolve**: you get the yellow part of your own card, the blue part of your left neighbour's card and the green part of your right neighbour's card (with two players, both parts of your opponent's). Use them in any order; anything unused is lost when you press Done.
4. **Score objectives** with a wand each, then the rightmost objective leaves the row and a new one arrives on the left.`},
	{"benefits", "Benefits", `**Benefits on the cards**
Coloured book · grey book (any colour you like) · book of any colour for one named compartment · reshelve up to N books (take them off, shelve them again this turn) · side shelf (left or right of your main shelf, at most two) · magic wand (from your supply; none left, none gained) · bonus token (drawn from the bag) · points.`},
	{"shelving", "Shelving", `**Shelving books**
Books stand upright, one per empty space. A book needs **support**: a compartment wall or another book right next to it on the same level. A book above the bottom level needs a **book directly below** it. You may not take a book off if that would leave another book without support or without a book below it. Spaces are written compartment.level.space, like II.2.3 (levels count from the bottom, spaces from the left).`},
	{"spiders", "Spiders", `**Spiders**
Every compartment starts with a spider. Fill a compartment that still has its spider and you capture it: choose a wand, a bonus token, a book of any colour or a side shelf, to use this turn. Each compartment gives its spider once.`},
	{"tokens", "Bonus tokens", `**Bonus tokens**
Each token is either its benefit (a wand, a paired set of two books, a book of any colour, reshelve up to 4, or a side shelf) or a candle placed in an empty candle space, worth the points printed there at the end. A paired set is one two-book piece: it may be turned either way round, and moving it later costs two reshelves.`},
	{"objectives", "Objectives", `**Objectives**
Four objectives are on offer. Each shows books to arrange: in any one compartment with exact colours, in a named compartment with exact colours, or in named compartments where only the positions count. The pattern may sit anywhere in the compartment. Scoring one costs a wand from your hand; some give a wand back. Each player scores each objective at most once. Once you score, your shelving is over for that turn (a house ruling, see Rulings).`},
	{"scoring", "End of the game", `**End of the game**
After ten turns you add: 1 point per book of your favourite subject that touches another one of that subject (up, down or sideways, not diagonally; by house ruling only inside one compartment); the printed value of each completely filled compartment; the value of each candle space holding a candle; 1 point per wand left in your hand. Ties go to the player with more books shelved, then more books of their favourite subject; otherwise the victory is shared.`},
	{"rulings", "Rulings", `**House rulings**: where the rulebook is silent or unclear, this bot decides as below. These are the project's own interpretations, not printed rules (the full list, with what the rulebook does say, is in docs/rulings.md).
· You may change your card until the last player has picked.
· Points and wands from cards are taken automatically when the cards are revealed; bonus tokens are drawn then too.
· Reshelving allowances add up; you may take books off and shelve them in any order.
· A paired set needs a wall or a book at one end, and a book under both halves on an upper level.
· At most one side shelf on each side; you choose which one from the supply.
· A token side or spider reward you could not receive is not offered. Used and lost bonus tokens both refill the bag.
· Scoring your first objective ends your shelving for the turn.
· Undo works within your turn, except after drawing a bonus token from the bag.
· Favourite-subject books do not touch across compartment walls or between shelves.
· Ties: all your favourite-subject books count for the second tie-break, touching or not.
· If time runs out, a card is picked at random for you, or your turn is finished.`},
	{"help", "Using the bot", `**Playing Atheneum here**
· /atheneum new — open a lobby in this channel (one game per channel; thread:True plays in a new thread).
· /atheneum hand — your cards and the menu to pick one (only you see it).
· /atheneum play — your workbench: pick a card, or shelve what you received.
· /atheneum place — type where a book goes, with suggestions of the legal spaces.
· /atheneum status, table, shelf, objectives, scores — follow the game.
· /atheneum rules — the rules in short.
Your turns arrive by direct message; if your DMs are closed, use /atheneum hand and /atheneum play in the channel.`},
}

// rulesText returns a topic, or the list of topics.
func rulesText(topic string) string {
	for _, t := range rulesTopics {
		if t.key == topic {
			return t.text
		}
	}
	var sb strings.Builder
	sb.WriteString(rulesTopics[0].text)
	sb.WriteString("\n\nMore with `/atheneum rules topic:` — ")
	var keys []string
	for _, t := range rulesTopics[1:] {
		keys = append(keys, t.title)
	}
	sb.WriteString(strings.Join(keys, ", "))
	sb.WriteString(".")
	return sb.String()
}
