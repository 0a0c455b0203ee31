package anludim

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/store"
)

// StepEnded is the channel's post when a step ends, in the game's
// language: the turn, what each of its moves did (public words only: a
// card drawn face down or kept is told as a count, never named), and the
// table's picture; at a round's end, the round's picture too (the event
// says who won it); at the game's end, the final results, winner first,
// and their picture.
func (f *Face) StepEnded(env face.Env, rec *store.Game, n game.Notice) face.Message {
	l := face.GameLang(rec)
	g := stateOf(rec)
	var lines []string
	if round, turn, ok := turnOf(n.Step); ok {
		lines = append(lines, l.T("anludim.post.turn", "Round", round, "Turn", turn))
	}
	lines = append(lines, eventLines(l, rec, n.Events, engine.Spectator)...)
	roundEnded := slices.ContainsFunc(n.Events, func(e engine.Event) bool { return e.Kind == string(an.EvRoundEnded) })
	var pics []face.Picture
	switch {
	case g == nil:
	case g.Over():
		lines = append(lines, "", l.T("anludim.post.results"))
		lines = append(lines, resultLines(l, rec, g)...)
		pics = append(pics, resultsPicture(env, rec)...)
		pics = append(pics, tablePicture(env, rec)...)
	default:
		if roundEnded {
			pics = append(pics, roundEndPicture(env, rec)...)
		}
		pics = append(pics, tablePicture(env, rec)...)
	}
	if len(lines) == 0 {
		lines = append(lines, l.T("anludim.post.step"))
	}
	return face.Message{Content: tidy(l, strings.Join(lines, "\n")), Pictures: pics}
}

// turnOf reads a turn's step key ("r2.t14"); ok is false for any other
// step (cards kept between rounds, "r2.k3").
func turnOf(step string) (round, turn int, ok bool) {
	r, t, found := strings.Cut(step, ".t")
	if !found || !strings.HasPrefix(r, "r") {
		return 0, 0, false
	}
	round, err1 := strconv.Atoi(r[1:])
	turn, err2 := strconv.Atoi(t)
	return round, turn, err1 == nil && err2 == nil
}

// resultLines are the final results, by rank: rounds won, the value held
// at the rounds' ends, and what broke a tie.
func resultLines(l i18n.Lang, rec *store.Game, g *an.Game) []string {
	res := slices.Clone(g.Results())
	slices.SortStableFunc(res, func(a, b an.Result) int { return a.Rank - b.Rank })
	name := seatNamer(l, rec)
	var out []string
	for _, r := range res {
		value := 0
		for _, row := range r.Rows {
			if row.Category == an.RowValue {
				value = row.Points
			}
		}
		line := l.T("anludim.post.result", "Rank", r.Rank, "Name", name(r.Seat), "Count", r.Score, "Value", value)
		if r.TieBreak != "" {
			line += " " + l.T("anludim.post.tiebreak", "Why", l.T("anludim.tiebreak."+r.TieBreak))
		}
		out = append(out, line)
	}
	return out
}

// Position says where the game stands ("round 2, turn 14: Ana to play"),
// in l; "" once it is over.
func (f *Face) Position(l i18n.Lang, rec *store.Game) string {
	g := stateOf(rec)
	if g == nil || g.Over() {
		return ""
	}
	who := seatNamer(l, rec)(g.Awaited()[0])
	if g.Keeping() {
		return tidy(l, l.T("anludim.position.keep", "Round", g.Round(), "Name", who))
	}
	return tidy(l, l.T("anludim.position.turn", "Round", g.Round(), "Turn", g.Turn(), "Name", who))
}

// Scores are each seat's rounds won, crest and total this round; once the
// game is over, the final results.
func (f *Face) Scores(l i18n.Lang, rec *store.Game) string {
	g := stateOf(rec)
	if g == nil {
		return ""
	}
	if g.Over() {
		return tidy(l, strings.Join(resultLines(l, rec, g), "\n"))
	}
	name := seatNamer(l, rec)
	lines := make([]string, 0, g.Seats())
	for s := range g.Seats() {
		lines = append(lines, l.T("anludim.scores.line", "Name", name(s), "Crest", crestName(l, g, s),
			"Won", l.T("anludim.scores.won", "Count", g.RoundsWon(s)), "Total", g.Value(s)))
	}
	return tidy(l, strings.Join(lines, "\n"))
}

// StartText opens a game: the variant, who plays in which order, who
// starts with the parchment, and the commands that show a player's cards.
func (f *Face) StartText(l i18n.Lang, rec *store.Game) string {
	g := stateOf(rec)
	variant := "base"
	if g != nil && g.Options().Expert {
		variant = "expert"
	}
	seats := make([]int, len(rec.Seats))
	for i := range seats {
		seats[i] = i
	}
	name := seatNamer(l, rec)
	return tidy(l, l.T("anludim.start", "Variant", f.OptionWords(l, an.OptionVariant, variant), "Players", seatNames(l, rec, seats),
		"First", name(0), "Last", name(len(seats)-1),
		"Hand", "/"+an.ID+" "+l.T("cmd.anludim.hand.name"), "Play", "/"+an.ID+" "+l.T("cmd.anludim.play.name")))
}

// Replay answers /anludim replay for a finished game: it is replayed from
// its stored moves, and shown as who won each round and why, the final
// results and their picture.
func (f *Face) Replay(ctx context.Context, env face.Env, r face.Reply, rec *store.Game) error {
	turns := 0
	final, err := env.Service().Replay(ctx, rec.ID, func(st game.Step) error {
		for _, e := range st.Events {
			if e.Kind == string(an.EvTurnEnded) {
				turns++
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	g := stateOf(final)
	l := r.Lang()
	if g == nil {
		return r.Edit(face.Message{Content: l.T("anludim.cmd.not_started")})
	}
	name := seatNamer(l, final)
	when := final.EndedAt
	if when.IsZero() {
		when = final.StartedAt
	}
	winner := "?"
	if w := g.Winner(); w >= 0 {
		winner = name(w)
	}
	lines := []string{l.T("anludim.replay.title", "ID", final.ID, "Date", fmt.Sprintf("<t:%d:d>", when.Unix()), "Winner", winner,
		"Count", g.RoundsFinished(), "Turns", turns)}
	for _, rd := range g.Rounds() {
		totals := make([]string, len(rd.Values))
		for s, v := range rd.Values {
			totals[s] = l.T("anludim.post.total", "Name", name(s), "Total", v)
		}
		line := l.T("anludim.replay.round", "Round", rd.Round, "Name", name(rd.Winner),
			"Reason", l.T("anludim.end."+string(rd.Reason)), "Totals", strings.Join(totals, l.T("anludim.list.sep")))
		ended := engine.Event{Kind: string(an.EvRoundEnded), Seat: rd.Winner,
			Args: map[string]any{"Reason": string(rd.Reason), "Values": rd.Values, "Trigger": rd.Trigger}}
		if tie := tieText(l, final, ended, engine.Spectator); tie != "" {
			line += " " + tie
		}
		lines = append(lines, line)
	}
	if g.Over() {
		lines = append(lines, "", l.T("anludim.post.results"))
		lines = append(lines, resultLines(l, final, g)...)
	}
	pics := resultsPicture(env, final)
	if len(pics) == 0 {
		pics = tablePicture(env, final)
	}
	return r.Edit(face.Message{Content: tidy(l, strings.Join(lines, "\n")), Pictures: pics})
}

// Log tells, turn by turn, what each move caused that everyone may know
// (a face-down draw stays secret), and which turns the autopilot played.
func (f *Face) Log(l i18n.Lang, rec *store.Game, steps []game.Step, turns int) string {
	type turnLog struct {
		key    string
		events []engine.Event
		auto   bool
		seat   int
	}
	var log []*turnLog
	for _, st := range steps {
		key := game.StepKey(st.Before)
		if len(log) == 0 || log[len(log)-1].key != key {
			seat, _ := engine.MoveSeat(st.Move)
			log = append(log, &turnLog{key: key, seat: seat})
		}
		tl := log[len(log)-1]
		tl.auto = tl.auto || st.By == "autopilot"
		tl.events = append(tl.events, st.Events...)
	}
	if turns < 1 {
		turns = 1
	}
	if len(log) > turns {
		log = log[len(log)-turns:]
	}
	if len(log) == 0 {
		return l.T("log.none")
	}
	seatName := seatNamer(l, rec)
	var sb strings.Builder
	for _, tl := range log {
		name := seatName(tl.seat)
		if round, turn, ok := turnOf(tl.key); ok {
			sb.WriteString(l.T("anludim.log.turn", "Round", round, "Turn", turn, "Name", name) + "\n")
		} else {
			sb.WriteString(l.T("anludim.log.keep", "Name", name) + "\n")
		}
		for _, line := range eventLines(l, rec, tl.events, engine.Spectator) {
			sb.WriteString("· " + line + "\n")
		}
		if tl.auto {
			sb.WriteString("· " + l.T("log.autopilot", "Names", name, "Count", 1) + "\n")
		}
	}
	return tidy(l, sb.String())
}
