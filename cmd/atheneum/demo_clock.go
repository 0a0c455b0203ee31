package main

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"atheneum/bot"
	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
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

// dayDemo plays an Atheneum game on the clock.
type dayDemo struct {
	d       *drive.Driver
	b       *bot.Bot
	clock   *simClock
	gameID  string
	players []*drive.Player
	o       DemoOptions
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

// slash runs /atheneum SUB for p and tells the progress.
func (dd *dayDemo) slash(p *drive.Player, sub string, opts ...discordtest.Option) error {
	if _, err := dd.d.SlashIn(dd.d.Channel, p.User, sub, opts...); err != nil {
		return err
	}
	what := "/atheneum " + sub
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
	for steps := 0; steps < 100; steps++ {
		rec, err := dd.load()
		if err != nil {
			return nil, err
		}
		if rec.Status == store.StatusFinished {
			dd.say("game over: %s", demoScores(rec))
			return rec, nil
		}
		if rec.Status != store.StatusPlaying {
			return nil, fmt.Errorf("the game is %s", rec.Status)
		}
		g := ath(rec)
		turn, key := g.TurnNumber(), game.StepKey(rec.State)
		// The step began a step's time before its deadline (the loop may
		// come to it late: it begins as soon as the last one finishes the
		// step before).
		began := dd.clock.Now()
		if snap, err := dd.b.Service().Snapshot(dd.d.Ctx, dd.gameID); err == nil && !snap.Deadline.IsZero() {
			began = snap.Deadline.Add(-demoStep)
		}
		pick := g.Step == atheneum.StepPick
		if pick {
			dd.say("turn %d of 10 begins: %s", turn, demoScores(rec))
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
			at := time.Duration(i+1) * time.Hour
			if turn%2 == 0 {
				at += 6 * time.Hour
			}
			dd.until(began.Add(at))
			if err := dd.playStep(p, key); err != nil {
				return nil, err
			}
		}
		if turn == clockMissTurn {
			missed = true
		} else {
			dd.until(began.Add(20 * time.Hour))
			if err := dd.playStep(slow, key); err != nil {
				return nil, err
			}
		}
		if rec, err = dd.load(); err != nil {
			return nil, err
		}
		if game.StepKey(rec.State) == key {
			dd.until(began.Add(demoStep + time.Minute))
			dd.say("the deadline of turn %d passes", turn)
		}
	}
	return nil, fmt.Errorf("the demo game did not finish in 100 steps")
}
