package store

import (
	"context"
	"database/sql"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// originParam is a setting of each of a DB's PostgreSQL sessions that
// names the DB, so that the trigger that tells other processes of a change
// to a game says whose change it was (see WatchGames).
const originParam = "atheneum.origin"

// migrationLock is the key of the advisory lock that concurrent openers
// of one PostgreSQL database migrate under ("athenmig").
const migrationLock = 0x617468656e6d6967

// postgres is what a DB on PostgreSQL keeps besides its pool.
type postgres struct {
	config *pgx.ConnConfig
	// origin names this DB in the notifications of its own changes.
	origin string
}

// openPostgres opens the PostgreSQL database that url names, with its
// schema at migration upTo (-1: the latest).
func openPostgres(ctx context.Context, url string, upTo int) (*DB, error) {
	config, err := pgx.ParseConfig(url)
	if err != nil {
		// pgx's message shows the URL without its password.
		return nil, &Error{Code: CodeInvalid, Message: "The PostgreSQL URL cannot be read.", Err: err}
	}
	owner := newID()
	pg := &postgres{config: config, origin: owner}
	config.RuntimeParams[originParam] = pg.origin
	if config.RuntimeParams["application_name"] == "" {
		config.RuntimeParams["application_name"] = "atheneum"
	}
	d := &postgresDialect{}
	conns := stdlib.OpenDB(*config)
	// Enough for LoadActive's parallel loads and a few writers at once,
	// without taking a large share of the server's connections (100 by
	// default) from the other processes.
	n := max(4, runtime.GOMAXPROCS(0)) + 4
	conns.SetMaxOpenConns(n)
	conns.SetMaxIdleConns(n)
	p := pool{db: conns, d: d}
	db := &DB{w: p, r: p, d: d, path: RedactDSN(url), pg: pg, owner: owner}
	fail := func(err error) (*DB, error) {
		conns.Close()
		return nil, err
	}
	var schema sql.NullString
	if err := p.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return fail(&Error{Code: CodeInternal, Message: "The PostgreSQL server cannot be reached, or refused the connection.",
			Reason: "connect to " + db.path, Err: err})
	}
	if !schema.Valid {
		return fail(invalid("", "The PostgreSQL database has no schema to keep the games in: create the one its search_path names first (CREATE SCHEMA name)."))
	}
	if err := db.migrate(ctx, upTo); err != nil {
		return fail(err)
	}
	db.current = upTo < 0
	return db, nil
}

// postgresDialect is PostgreSQL's.
type postgresDialect struct {
	// queries holds each query's rebinding, by its text.
	queries sync.Map
}

func (*postgresDialect) name() string { return "postgres" }

// rebind numbers the placeholders $1, $2... in the order they first
// appear, and orders the arguments to match: PostgreSQL refuses a
// parameter that a query does not use, which a numbered ?NNN allows.
func (d *postgresDialect) rebind(query string, args []any) (string, []any) {
	if len(args) == 0 {
		return query, args
	}
	var rb *rebound
	if v, ok := d.queries.Load(query); ok {
		rb = v.(*rebound)
	} else {
		rb = toDollars(query)
		d.queries.Store(query, rb)
	}
	out := make([]any, len(rb.from))
	for k, i := range rb.from {
		if i >= len(args) {
			// Too few arguments: the query as it is, for the server to
			// refuse.
			return query, args
		}
		out[k] = args[i]
	}
	return rb.query, out
}

// rebound is a query with PostgreSQL's placeholders.
type rebound struct {
	query string
	// from[k] is the index among the arguments of parameter $k+1.
	from []int
}

// toDollars turns SQLite's placeholders in query into PostgreSQL's. As in
// SQLite, a bare ? is one more than the largest number so far. Quoted text
// and comments are left alone.
func toDollars(query string) *rebound {
	var b strings.Builder
	rb := &rebound{}
	slot := map[int]int{} // argument index -> parameter number
	largest := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			end := strings.IndexByte(query[i+1:], c)
			if end < 0 {
				b.WriteString(query[i:])
				i = len(query)
				continue
			}
			// A doubled quote inside reads as two quoted texts side by side.
			b.WriteString(query[i : i+end+2])
			i += end + 1
		case c == '-' && strings.HasPrefix(query[i:], "--"):
			end := strings.IndexByte(query[i:], '\n')
			if end < 0 {
				end = len(query) - i
			}
			b.WriteString(query[i : i+end])
			i += end - 1
		case c == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			n := largest + 1
			if j > i+1 {
				n, _ = strconv.Atoi(query[i+1 : j])
			}
			largest = max(largest, n)
			k, ok := slot[n-1]
			if !ok {
				rb.from = append(rb.from, n-1)
				k = len(rb.from)
				slot[n-1] = k
			}
			b.WriteString("$" + strconv.Itoa(k))
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	rb.query = b.String()
	return rb
}

// Each statement of READ COMMITTED sees its own moment: a read of several
// statements (a game, its snapshot and its log) needs one snapshot of the
// whole transaction.
func (*postgresDialect) readOnly() *sql.TxOptions {
	return &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
}

func (*postgresDialect) noLimit() any { return nil }

func (*postgresDialect) practice(col string) string {
	return "coalesce((" + col + "::jsonb ->> 'practice')::boolean, false)"
}

func (*postgresDialect) pairs(col, alias string) string {
	return "jsonb_each_text(" + col + "::jsonb) " + alias
}

func (*postgresDialect) blob(b []byte) any { return b }

func (*postgresDialect) violation(err error) (bool, string) {
	var pe *pgconn.PgError
	// Class 23: integrity constraint violation.
	if errors.As(err, &pe) && strings.HasPrefix(pe.Code, "23") {
		return true, pe.ConstraintName
	}
	return false, ""
}

// claimGame touches the game's row: the update locks it, and the
// games_changed trigger tells the other processes.
func (*postgresDialect) claimGame(ctx context.Context, tx *sqlTx, gameID string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE games SET seq = seq WHERE id = ?`, gameID); err != nil {
		return internal(gameID, err, "lock game")
	}
	return nil
}

func (*postgresDialect) skipLocked() string { return " FOR UPDATE SKIP LOCKED" }

func (*postgresDialect) lockMigrations(ctx context.Context, tx *sqlTx) error {
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, int64(migrationLock))
	return err
}

func (*postgresDialect) schemaMigrationsDDL() string {
	return `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at BIGINT  NOT NULL
	)`
}
