package store

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// AllGames is the game id WatchGames reports when any game may have
// changed unheard.
const AllGames = ""

// How WatchGames paces itself: how long it waits before connecting again
// (doubling from the first pause to the last while it fails), how long its
// connection may stay quiet before it checks that the server is still
// there (a connection cut without a word is otherwise noticed minutes
// later), and how long the server has to answer that check.
var (
	watchFirstPause = 100 * time.Millisecond
	watchLastPause  = 5 * time.Second
	watchQuiet      = 30 * time.Second
	watchCheck      = 10 * time.Second
)

// WatchGames tells a process that keeps copies of games (a table in
// memory) which copies other processes made stale. It calls
// changed(gameID) after another process, or anyone but this DB (an
// administrator's SQL), committed a change to the game's record: a move, a
// start, a seat, its options, its end. It calls changed(AllGames) when
// changes may have gone unheard, so that the caller drops every copy: once
// it listens, and again each time it listens anew after losing its
// connection (notifications sent meanwhile are lost). Changes made through
// this DB are not reported: its caller made them. Messages, jobs and
// settings are not watched.
//
// A notification arrives after its change commits, so a game loaded once
// it is reported is the changed one. lost, if not nil, is told why the
// connection was lost or could not be made again; WatchGames tries again
// after a pause growing from 100 ms to 5 s. Both functions are called one
// at a time from WatchGames's goroutine, and should return quickly.
//
// WatchGames keeps one connection of its own (PostgreSQL's LISTEN needs
// one) until ctx ends, then returns ctx's error. On SQLite, which one
// process alone writes, there is nothing to watch: it returns nil at once.
func (db *DB) WatchGames(ctx context.Context, changed func(gameID string), lost func(err error)) error {
	if db.pg == nil {
		return nil
	}
	pause := watchFirstPause
	for {
		err := db.pg.listen(ctx, func() {
			pause = watchFirstPause
			changed(AllGames)
		}, changed)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if lost != nil {
			lost(&Error{Code: CodeInternal, Message: "The watch of games by other processes lost its connection.", Err: err})
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, watchLastPause)
	}
}

// listen connects, listens to the games' channel, calls listening, then
// reports the changes of other origins until the connection fails or ctx
// ends.
func (p *postgres) listen(ctx context.Context, listening func(), changed func(gameID string)) error {
	config := p.config.Copy()
	// Named apart from the pool's connections, for an operator (and a
	// test) to find in pg_stat_activity.
	config.RuntimeParams["application_name"] = watchName(config.RuntimeParams["application_name"], p.origin)
	conn, err := pgx.ConnectConfig(ctx, config)
	if err != nil {
		return err
	}
	defer func() {
		// Say goodbye, but not for long to a server that is gone.
		bye, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		conn.Close(bye)
	}()
	// The trigger names the channel after the games table it fires on
	// (see migrations/postgres).
	var table int64
	if err := conn.QueryRow(ctx, `SELECT 'games'::regclass::oid::bigint`).Scan(&table); err != nil {
		return err
	}
	channel := "atheneum_games_" + strconv.FormatInt(table, 10)
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	listening()
	for {
		wait, cancel := context.WithTimeout(ctx, watchQuiet)
		n, err := conn.WaitForNotification(wait)
		cancel()
		switch {
		case err == nil:
			origin, gameID, ok := strings.Cut(n.Payload, " ")
			if ok && origin != p.origin && gameID != AllGames {
				changed(gameID)
			}
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			// Quiet for a while: is the server still there?
			check, cancel := context.WithTimeout(ctx, watchCheck)
			err := conn.Ping(check)
			cancel()
			if err != nil {
				return err
			}
		default:
			return err
		}
	}
}

// watchName is the application_name of a DB's watching connection.
func watchName(app, origin string) string { return app + " watch " + origin }
