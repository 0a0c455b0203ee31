package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"reflect"
	"slices"
	"strings"
	"syscall"

	"atheneum/engine"
	"atheneum/store"
)

// runMigrateDB copies an SQLite file's games to a PostgreSQL database.
func runMigrateDB(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("migrate-db", flag.ContinueOnError)
	from := fs.String("from", "", "the SQLite file the bot has used (its ATHENEUM_DB until now)")
	to := fs.String("to", "", "the postgres:// URL of the PostgreSQL database to fill (the bots' ATHENEUM_DB from now on)")
	force := fs.Bool("force", false, "copy into a database that already holds games or settings: the games it has are checked, not copied again, and the file's settings replace its own")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "usage: atheneum migrate-db --from FILE --to URL [--force]")
		fmt.Fprintln(w, "Copies every game (lobbies, games under way, finished and abandoned ones: records, seats, moves, messages, timers and results) and every setting from an SQLite file to a PostgreSQL database, then checks each game by replaying it from the copy. Stop the bot first.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	switch {
	case *from == "" || *to == "":
		return errors.New("migrate-db: give the SQLite file with --from and the PostgreSQL database with --to (see atheneum migrate-db --help)")
	case store.IsPostgresURL(*from):
		return fmt.Errorf("migrate-db: --from is the SQLite file to copy, not a URL (%s)", store.RedactDSN(*from))
	case !store.IsPostgresURL(*to):
		return fmt.Errorf("migrate-db: --to must be the postgres:// URL of a PostgreSQL database, not %q", *to)
	}
	if _, err := os.Stat(*from); err != nil {
		return fmt.Errorf("migrate-db: no SQLite file to copy at %s: %w", *from, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return migrateDB(ctx, *from, *to, *force, stdout)
}

// migration is what migrate-db did.
type migration struct {
	copied, kept, settings int
	// byStatus counts the games copied or kept, by status.
	byStatus map[store.Status]int
	// damaged are the games the source could not replay either: copied
	// as they are, for an administrator to look at.
	damaged []string
}

// migrateDB copies every game and setting of the SQLite file from into
// the PostgreSQL database to, and checks each game on the copy.
func migrateDB(ctx context.Context, from, to string, force bool, out io.Writer) error {
	src, err := store.Open(ctx, from)
	if err != nil {
		return fmt.Errorf("migrate-db: opening %s: %w", from, err)
	}
	defer src.Close()
	dst, err := store.Open(ctx, to)
	if err != nil {
		return fmt.Errorf("migrate-db: opening %s: %w", store.RedactDSN(to), err)
	}
	defer dst.Close()
	c, err := store.NewCopier(ctx, src, dst)
	if err != nil {
		return fmt.Errorf("migrate-db: %w", err)
	}
	empty, err := c.TargetEmpty(ctx)
	if err != nil {
		return fmt.Errorf("migrate-db: %w", err)
	}
	if !empty && !force {
		return fmt.Errorf("migrate-db: %s already holds games or settings: copy into an empty database, or add --force to copy the games it lacks (and check those it has) and replace its settings with the file's", store.RedactDSN(to))
	}
	ids, err := c.Games(ctx)
	if err != nil {
		return fmt.Errorf("migrate-db: %w", err)
	}
	fmt.Fprintf(out, "copying %d games from %s to %s\n", len(ids), from, store.RedactDSN(to))
	m := migration{byStatus: map[store.Status]int{}}
	var failed []string
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("migrate-db: stopped after %d games (the games copied are complete: run it again with --force to go on): %w", m.copied+m.kept, err)
		}
		had, err := c.InTarget(ctx, id)
		if err != nil {
			return fmt.Errorf("migrate-db: %w", err)
		}
		if !had {
			if err := c.CopyGame(ctx, id); err != nil {
				fmt.Fprintf(out, "game %s: not copied: %v\n", id, err)
				failed = append(failed, id)
				continue
			}
		}
		v, err := verifyGame(ctx, src, dst, id)
		switch {
		case errors.Is(err, errDamaged):
			m.damaged = append(m.damaged, id)
			fmt.Fprintf(out, "game %s: copied as it is, but the file's copy does not replay either: %v\n", id, err)
			continue
		case err != nil:
			failed = append(failed, id)
			what := "copied"
			if had {
				what = "already there"
			}
			fmt.Fprintf(out, "game %s: %s, but the copy differs: %v\n", id, what, err)
			continue
		}
		if had {
			m.kept++
		} else {
			m.copied++
		}
		m.byStatus[v.status]++
		fmt.Fprintf(out, "game %s (%s, %s, %d moves): %s\n", id, v.kind, v.status, v.moves, map[bool]string{false: "copied and replayed", true: "already there, replayed"}[had])
	}
	if m.settings, err = c.CopySettings(ctx); err != nil {
		return fmt.Errorf("migrate-db: copying the settings: %w", err)
	}
	if ok, err := c.SettingsCopied(ctx); err != nil || !ok {
		return fmt.Errorf("migrate-db: the settings read back from %s differ from the file's (%v)", store.RedactDSN(to), err)
	}
	fmt.Fprintln(out, m.summary())
	if len(failed) > 0 {
		return fmt.Errorf("migrate-db: %d games failed (%s): see above; nothing else was changed for them", len(failed), strings.Join(failed, ", "))
	}
	return nil
}

// summary says what a migration did in one line.
func (m migration) summary() string {
	var parts []string
	for _, st := range []store.Status{store.StatusLobby, store.StatusPlaying, store.StatusFinished, store.StatusAbandoned} {
		if n := m.byStatus[st]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, st))
		}
	}
	s := fmt.Sprintf("%d games copied and replayed, %d already there and replayed (%s); %d settings copied", m.copied, m.kept, strings.Join(parts, ", "), m.settings)
	if len(m.damaged) > 0 {
		s += fmt.Sprintf("; %d games were damaged in the file already and copied as they are: %s", len(m.damaged), strings.Join(m.damaged, ", "))
	}
	return s
}

// verified is what the check of a copied game found.
type verified struct {
	kind   string
	status store.Status
	moves  int
}

// errDamaged marks a game the source itself cannot replay.
var errDamaged = errors.New("damaged in the source")

// verifyGame checks a copied game against the source: the same record,
// move log (who and when included), messages, timers and results, and the
// same game once replayed: the copy as the bot loads it (its latest
// snapshot and the moves after it), and the copy's whole log replayed from
// its seed, both equal to the source's game.
func verifyGame(ctx context.Context, src, dst *store.DB, id string) (verified, error) {
	want, err := src.LoadGame(ctx, id)
	if errors.Is(err, store.ErrCorrupt) {
		if _, derr := dst.LoadGame(ctx, id); !errors.Is(derr, store.ErrCorrupt) {
			return verified{}, fmt.Errorf("the file's game does not load (%v), but the copy does (%v)", err, derr)
		}
		return verified{}, fmt.Errorf("%w: %v", errDamaged, err)
	}
	if err != nil {
		return verified{}, err
	}
	got, err := dst.LoadGame(ctx, id)
	if err != nil {
		return verified{}, fmt.Errorf("the copy does not load: %w", err)
	}
	v := verified{kind: want.Kind, status: want.Status, moves: want.Seq}
	wantState, gotState := want.State, got.State
	want.State, got.State = nil, nil
	if !reflect.DeepEqual(want, got) {
		return v, fmt.Errorf("the record differs: %+v, copied as %+v", want, got)
	}
	for _, part := range []struct {
		what string
		read func(db *store.DB) (any, error)
	}{
		{"move log", func(db *store.DB) (any, error) { return db.MoveLog(ctx, id) }},
		{"messages", func(db *store.DB) (any, error) { return db.Messages(ctx, id) }},
		{"timers", func(db *store.DB) (any, error) { return db.GameJobs(ctx, id) }},
		{"results", func(db *store.DB) (any, error) { return db.Results(ctx, id) }},
	} {
		a, err := part.read(src)
		if err != nil {
			return v, fmt.Errorf("reading the file's %s: %w", part.what, err)
		}
		b, err := part.read(dst)
		if err != nil {
			return v, fmt.Errorf("reading the copy's %s: %w", part.what, err)
		}
		if !reflect.DeepEqual(a, b) {
			return v, fmt.Errorf("the %s differ", part.what)
		}
	}
	if wantState == nil {
		if gotState != nil {
			return v, errors.New("the copy has a game where the file has a lobby")
		}
		return v, nil
	}
	replayed, err := replay(ctx, dst, got)
	if err != nil {
		return v, fmt.Errorf("the copy's log does not replay: %w", err)
	}
	for _, c := range []struct {
		what string
		st   engine.State
	}{{"as loaded", gotState}, {"replayed from its seed", replayed}} {
		if err := sameGame(wantState, c.st); err != nil {
			return v, fmt.Errorf("the copy %s differs from the file's game: %w", c.what, err)
		}
	}
	return v, nil
}

// replay plays a stored game's whole log from its seed.
func replay(ctx context.Context, db *store.DB, rec *store.Game) (engine.State, error) {
	st, err := rec.NewState()
	if err != nil {
		return nil, err
	}
	moves, err := db.Actions(ctx, rec.ID)
	if err != nil {
		return nil, err
	}
	for k, m := range moves {
		if _, err := st.Apply(m); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", k+1, m, err)
		}
	}
	return st, nil
}

// sameGame compares two states of a game: where they stand, whom they
// await, their results and, for rules that write snapshots, every byte of
// them.
func sameGame(a, b engine.State) error {
	switch {
	case a.StepKey() != b.StepKey():
		return fmt.Errorf("step %s, not %s", b.StepKey(), a.StepKey())
	case !slices.Equal(a.Awaited(), b.Awaited()):
		return fmt.Errorf("awaits %v, not %v", b.Awaited(), a.Awaited())
	case a.Over() != b.Over():
		return fmt.Errorf("over %v, not %v", b.Over(), a.Over())
	case !reflect.DeepEqual(a.Results(), b.Results()):
		return fmt.Errorf("results %v, not %v", b.Results(), a.Results())
	}
	sa, okA := a.(engine.Snapshotter)
	sb, okB := b.(engine.Snapshotter)
	if okA && okB {
		va, da, errA := sa.Snapshot()
		vb, db, errB := sb.Snapshot()
		if errA != nil || errB != nil || va != vb || !bytes.Equal(da, db) {
			return errors.New("its snapshot differs")
		}
	}
	return nil
}
