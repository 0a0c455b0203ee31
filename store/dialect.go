package store

import (
	"context"
	"database/sql"
)

// A dialect is what one database engine does its own way; the store's SQL
// is otherwise shared. Queries are written with SQLite's placeholders (?
// and ?NNN), which each dialect adapts (rebind).
type dialect interface {
	// name names the dialect, and its folder of migrations.
	name() string
	// rebind adapts a query and its arguments to the dialect.
	rebind(query string, args []any) (string, []any)
	// readOnly is the options of a read transaction that sees the database
	// as of one moment, whatever commits meanwhile.
	readOnly() *sql.TxOptions
	// noLimit is the LIMIT argument that sets no limit.
	noLimit() any
	// practice is the condition that the JSON options in column col mark a
	// practice game.
	practice(col string) string
	// pairs is a FROM item of the rows (key, value) of the JSON object in
	// column col, named alias.
	pairs(col, alias string) string
	// blob is how bytes are passed to a snapshot's state column.
	blob(b []byte) any
	// violation reports whether err is a constraint violation, with the
	// constraint's name (PostgreSQL) or the database's message (SQLite).
	violation(err error) (bool, string)
	// claimGame begins a write transaction that reads a game before it
	// changes it: where other processes may write (PostgreSQL), it locks
	// the game's row until the transaction ends, so that one game's
	// writers queue as they do behind SQLite's single writer, and tells
	// those processes that the game changed.
	claimGame(ctx context.Context, tx *sqlTx, gameID string) error
	// skipLocked ends the subquery that picks the jobs a claim takes:
	// where claimers may run at once (PostgreSQL), it locks the rows it
	// picks and passes over those another claimer has locked.
	skipLocked() string
	// lockMigrations makes concurrent openers migrate one at a time.
	lockMigrations(ctx context.Context, tx *sqlTx) error
	// schemaMigrationsDDL creates the table of applied migrations.
	schemaMigrationsDDL() string
}

// pool is a database/sql pool taking queries written for every dialect.
// stmts, when set (SQLite), keeps its statements prepared.
type pool struct {
	db    *sql.DB
	d     dialect
	stmts *stmtCache
}

// ExecContext runs a statement.
func (p pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	query, args = p.d.rebind(query, args)
	if s := p.stmts.get(ctx, query); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return p.db.ExecContext(ctx, query, args...)
}

// QueryContext runs a query.
func (p pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	query, args = p.d.rebind(query, args)
	if s := p.stmts.get(ctx, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return p.db.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a query of one row.
func (p pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	query, args = p.d.rebind(query, args)
	if s := p.stmts.get(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return p.db.QueryRowContext(ctx, query, args...)
}

// BeginTx begins a transaction.
func (p pool) BeginTx(ctx context.Context, opts *sql.TxOptions) (*sqlTx, error) {
	p.stmts.prepareWanted(ctx)
	tx, err := p.db.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &sqlTx{tx: tx, d: p.d, stmts: p.stmts}, nil
}

// sqlTx is a transaction taking queries written for every dialect; it
// borrows its pool's prepared statements.
type sqlTx struct {
	tx    *sql.Tx
	d     dialect
	stmts *stmtCache
}

// stmt is query's prepared statement for this transaction, or nil.
func (t *sqlTx) stmt(ctx context.Context, query string) *sql.Stmt {
	if s := t.stmts.lookup(query, true); s != nil {
		return t.tx.StmtContext(ctx, s)
	}
	return nil
}

// ExecContext runs a statement.
func (t *sqlTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	query, args = t.d.rebind(query, args)
	if s := t.stmt(ctx, query); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, query, args...)
}

// QueryContext runs a query.
func (t *sqlTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	query, args = t.d.rebind(query, args)
	if s := t.stmt(ctx, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a query of one row.
func (t *sqlTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	query, args = t.d.rebind(query, args)
	if s := t.stmt(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, query, args...)
}

// execPrepared runs a statement of the hot path: stmt, prepared with the
// arguments in order, when the dialect prepares it, or else query.
func (t *sqlTx) execPrepared(ctx context.Context, stmt *sql.Stmt, query string, args ...any) (sql.Result, error) {
	if stmt != nil {
		return t.tx.StmtContext(ctx, stmt).ExecContext(ctx, args...)
	}
	return t.ExecContext(ctx, query, args...)
}

// Commit commits the transaction.
func (t *sqlTx) Commit() error { return t.tx.Commit() }

// Rollback abandons the transaction.
func (t *sqlTx) Rollback() error { return t.tx.Rollback() }
