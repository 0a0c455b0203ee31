package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"atheneum/bot"
	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// A demo on the clock (demo --clock) plays its game over simulated days,
// 24 hours a step, so that what the bot does while it waits shows: the
// live waiting line, reminders, a missed deadline and the autopilot, time
// away and the returns. The people keep to a script:
//
//   - every person but the last plays an hour or so into each step (six
//     hours later on even turns, past a quarter of the step, so that the
//     last one hears they are the last one);
//   - the last person plays twenty hours in (after the half-way
//     reminder);
//   - in turn 2 the last person (who may be the only one) plays nothing: the
//     deadline hands their seat to the autopilot, and they come back with
//     /atheneum back when turn 3 begins;
//   - when turn 5 begins, the first person is away for 30 hours
//     (/atheneum away hours:30): the autopilot plays for them until the
//     time is up.

// simClock is the demo's settable clock.
type simClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *simClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *simClock) set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// demoStep is the time per step of the demo's games.
const demoStep = 24 * time.Hour

// The script's turns.
const (
	clockMissTurn = 2
	clockBackTurn = 3
	clockAwayTurn = 5
	clockAwayFor  = 30
)

// dayDemo plays a game on the clock. Atheneum's people choose with its
// normal computer player and play through its workbench; another game's
// (f, a face on the kit) choose with its autopilot and press the keys of
// the rules' Next. Atheneum counts its steps by turns of two steps (the
// script's turns); another game's turns are its steps.
type dayDemo struct {
	d       *drive.Driver
	b       *bot.Bot
	clock   *simClock
	gameID  string
	players []*drive.Player
	o       DemoOptions
	// f is the face of a game other than Atheneum (nil: Atheneum).
	f face.Face
	// steps counts the steps begun, a turn of a game other than Atheneum.
	steps int
}

// command is the game's slash command.
func (dd *dayDemo) command() string {
	if dd.f == nil {
		return atheneum.GameID
	}
	return dd.f.Command()
}

// when says where the clock stands: "day 2 09:00".
func (dd *dayDemo) when() string {
	now := dd.clock.Now()
	day := int(now.Truncate(24*time.Hour).Sub(demoClock.Truncate(24*time.Hour)).Hours())/24 + 1
	return fmt.Sprintf("day %d %s", day, now.Format("15:04"))
}

// say tells the progress what happened, and when.
func (dd *dayDemo) say(format string, args ...any) {
	fmt.Fprintf(dd.o.Progress, "%s · %s\n", dd.when(), fmt.Sprintf(format, args...))
}

// until moves the clock to t hour by hour, running the reminders and
// deadlines that fall due, as the bot's scheduler would.
func (dd *dayDemo) until(t time.Time) {
	for dd.clock.Now().Before(t) {
		next := dd.clock.Now().Add(time.Hour)
		if next.After(t) {
			next = t
		}
		dd.clock.set(next)
		dd.b.RunDueJobs(context.Background())
		dd.d.Settle()
	}
}

func (dd *dayDemo) load() (*store.Game, error) { return dd.d.Store.LoadGame(dd.d.Ctx, dd.gameID) }

// playStep has p play until the step key no longer waits for their seat.
func (dd *dayDemo) playStep(p *drive.Player, key string) error {
	for moves := 0; moves < maxDemoMoves; moves++ {
		rec, err := dd.load()
		if err != nil {
			return err
		}
		seat := game.SeatOf(rec, p.User.ID)
		if rec.Status != store.StatusPlaying || game.StepKey(rec.State) != key || !slices.Contains(rec.State.Awaited(), seat) {
			return nil
		}
		if dd.f != nil {
			view := rec.State.View(seat)
			m, err := dd.f.Kind().Autopilot(view, seat, dd.o.Seed^uint64(rec.Seq))
			if err != nil {
				return fmt.Errorf("choosing a move for %s: %w", p.User.Username, err)
			}
			if err := dd.d.PressMove(p, dd.command(), view, seat, m); err != nil {
				return err
			}
			continue
		}
		g := ath(rec)
		chooser, _ := ai.New("normal", ai.Options{Seed: dd.o.Seed ^ uint64(seat+1)<<32})
		a, err := chooser.Propose(g.View(seat), seat)
		if err != nil {
			return fmt.Errorf("choosing a move for %s: %w", p.User.Username, err)
		}
		if err := dd.d.Perform(p, a); err != nil {
			return err
		}
		after, err := dd.load()
		if err != nil {
			return err
		}
		if after.Seq == rec.Seq {
			return fmt.Errorf("the bot did not store %s's move %s", p.User.Username, a)
		}
	}
	return fmt.Errorf("%s did not finish the step %s", p.User.Username, key)
}

// slash runs /COMMAND SUB for p and tells the progress.
func (dd *dayDemo) slash(p *drive.Player, sub string, opts ...discordtest.Option) error {
	if _, err := dd.d.Slash(dd.command(), dd.d.Channel, p.User, sub, opts...); err != nil {
		return err
	}
	what := "/" + dd.command() + " " + sub
	for _, o := range opts {
		what += fmt.Sprintf(" %s:%v", o.Name, o.Value)
	}
	dd.say("%s uses %s", p.User.Username, what)
	return nil
}

// play runs the game to its end on the clock, following the script.
func (dd *dayDemo) play() (*store.Game, error) {
	quick := dd.players[0]
	slow := dd.players[len(dd.players)-1]
	others := dd.players[:len(dd.players)-1] // all quick
	missed := false
	for steps := 0; steps < maxClockSteps; steps++ {
		rec, err := dd.load()
		if err != nil {
			return nil, err
		}
		if rec.Status == store.StatusFinished {
			dd.say("game over: %s", dd.scores(rec))
			return rec, nil
		}
		if rec.Status != store.StatusPlaying {
			return nil, fmt.Errorf("the game is %s", rec.Status)
		}
		key := game.StepKey(rec.State)
		dd.steps++
		turn, pick := dd.steps, true
		if g := ath(rec); g != nil {
			turn, pick = g.TurnNumber(), g.Step == atheneum.StepPick
		}
		// The step began a step's time before its deadline (the loop may
		// come to it late: it begins as soon as the last one finishes the
		// step before).
		step := time.Duration(rec.Options.StepHours) * time.Hour
		if step == 0 {
			step = demoStep
		}
		began := dd.clock.Now()
		if snap, err := dd.b.Service().Snapshot(dd.d.Ctx, dd.gameID); err == nil && !snap.Deadline.IsZero() {
			began = snap.Deadline.Add(-step)
		}
		switch {
		case pick && dd.f == nil:
			dd.say("turn %d of 10 begins: %s", turn, dd.scores(rec))
		case pick:
			dd.say("turn %d begins: %s", turn, dd.scores(rec))
		}
		switch {
		case turn == clockBackTurn && missed:
			missed = false
			if err := dd.slash(slow, "back"); err != nil {
				return nil, err
			}
		case turn == clockAwayTurn && pick && quick != slow:
			if err := dd.slash(quick, "away", discordtest.IntOpt("hours", clockAwayFor)); err != nil {
				return nil, err
			}
		}
		for i, p := range others {
			at := time.Duration(i+1) * step / 24
			if turn%2 == 0 {
				at += step / 4
			}
			dd.until(began.Add(at))
			if err := dd.playStep(p, key); err != nil {
				return nil, err
			}
		}
		if turn == clockMissTurn {
			missed = true
		} else {
			dd.until(began.Add(step * 20 / 24))
			if err := dd.playStep(slow, key); err != nil {
				return nil, err
			}
		}
		if rec, err = dd.load(); err != nil {
			return nil, err
		}
		if game.StepKey(rec.State) == key {
			dd.until(began.Add(step + time.Minute))
			dd.say("the deadline of turn %d passes", turn)
		}
	}
	return nil, fmt.Errorf("the demo game did not finish in %d steps", maxClockSteps)
}

// maxClockSteps bounds the steps of a game on the clock.
const maxClockSteps = 1000

// scores says where the game stands: Atheneum's scores, another game's
// position.
func (dd *dayDemo) scores(rec *store.Game) string {
	if ath(rec) != nil {
		return demoScores(rec)
	}
	if p := dd.f.Position(i18n.English, rec); p != "" {
		return p
	}
	return strings.TrimSpace(dd.f.Scores(i18n.English, rec))
}
