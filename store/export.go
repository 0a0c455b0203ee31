package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// A Copier copies games and settings from one store into another exactly
// as stored, row for row: what moves an SQLite file's games to a
// PostgreSQL database (atheneum migrate-db). Both stores are at the
// latest schema, which Open sees to.
type Copier struct {
	src, dst *DB
	// games are a game's tables, in an order that inserts every row after
	// the rows it refers to; settings are the other tables.
	games, settings []copyTable
}

// copyTable is a table a Copier copies: its columns, as the source has
// them, and how the target stores each.
type copyTable struct {
	name string
	// key is the column naming the game (games: id) or, for settings,
	// the primary key's columns.
	key  []string
	cols []string
	// kinds are the target's column types ("BOOL", "BYTEA", "TEXT"...).
	kinds []string
}

// gameTables and settingTables are what a Copier copies: every table but
// the record of applied migrations, which each store keeps for itself.
var (
	gameTables = []copyTable{{name: "games", key: []string{"id"}}, {name: "seats"}, {name: "actions"}, {name: "snapshots"},
		{name: "messages"}, {name: "jobs"}, {name: "standings"}, {name: "result_rows"}}
	settingTables = []copyTable{{name: "guild_settings", key: []string{"guild_id", "key"}}, {name: "member_settings", key: []string{"user_id", "key"}}}
)

// NewCopier prepares copying from src into dst. It refuses a source with
// a table it does not know how to copy, or a target lacking a column of
// the source's, which would lose what it holds.
func NewCopier(ctx context.Context, src, dst *DB) (*Copier, error) {
	c := &Copier{src: src, dst: dst, games: slices.Clone(gameTables), settings: slices.Clone(settingTables)}
	tables, err := src.tables(ctx)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{"schema_migrations": true}
	for _, list := range [][]copyTable{c.games, c.settings} {
		for i := range list {
			t := &list[i]
			known[t.name] = true
			if t.key == nil {
				t.key = []string{"game_id"}
			}
			if t.cols, _, err = src.columns(ctx, t.name); err != nil {
				return nil, err
			}
			cols, kinds, err := dst.columns(ctx, t.name)
			if err != nil {
				return nil, err
			}
			for _, col := range t.cols {
				k := slices.Index(cols, col)
				if k < 0 {
					return nil, invalid("", "The target database's table %s has no column %s: it was made by another version of the program.", t.name, col)
				}
				t.kinds = append(t.kinds, kinds[k])
			}
		}
	}
	for _, name := range tables {
		if !known[name] {
			return nil, invalid("", "The source database has a table %s that the copy does not know: it was made by another version of the program.", name)
		}
	}
	return c, nil
}

// tables lists the store's tables.
func (db *DB) tables(ctx context.Context) ([]string, error) {
	query := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
	if db.pg != nil {
		query = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	rows, err := db.r.QueryContext(ctx, query)
	if err != nil {
		return nil, internal("", err, "list tables")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, internal("", err, "list tables")
		}
		out = append(out, name)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "list tables")
	}
	return out, nil
}

// columns lists a table's columns and their types, upper case.
func (db *DB) columns(ctx context.Context, table string) (names, kinds []string, err error) {
	rows, err := db.r.QueryContext(ctx, `SELECT * FROM `+table+` WHERE 1 = 0`)
	if err != nil {
		return nil, nil, internal("", err, "read the columns of "+table)
	}
	defer rows.Close()
	types, err := rows.ColumnTypes()
	if err != nil {
		return nil, nil, internal("", err, "read the columns of "+table)
	}
	for _, t := range types {
		names = append(names, t.Name())
		kinds = append(kinds, strings.ToUpper(t.DatabaseTypeName()))
	}
	return names, kinds, nil
}

// Games lists the source's games, lobbies, games under way and finished
// or abandoned ones alike, oldest first.
func (c *Copier) Games(ctx context.Context) ([]string, error) {
	return c.src.gameIDs(ctx)
}

// gameIDs lists every game's id, oldest first.
func (db *DB) gameIDs(ctx context.Context) ([]string, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT id FROM games ORDER BY created_at, id`)
	if err != nil {
		return nil, internal("", err, "list games")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, internal("", err, "list games")
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "list games")
	}
	return out, nil
}

// TargetEmpty reports whether the target holds no game and no setting.
func (c *Copier) TargetEmpty(ctx context.Context) (bool, error) {
	for _, table := range []string{"games", "guild_settings", "member_settings"} {
		var n int
		if err := c.dst.r.QueryRowContext(ctx, `SELECT count(*) FROM `+table).Scan(&n); err != nil {
			return false, internal("", err, "count "+table)
		}
		if n > 0 {
			return false, nil
		}
	}
	return true, nil
}

// InTarget reports whether the target already has the game.
func (c *Copier) InTarget(ctx context.Context, gameID string) (bool, error) {
	var n int
	if err := c.dst.r.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE id = ?`, gameID).Scan(&n); err != nil {
		return false, internal(gameID, err, "look for the game")
	}
	return n > 0, nil
}

// CopyGame copies one game, read in one transaction of the source, into
// the target in one transaction: its record and seats, its move log,
// snapshots, messages, timers and results, as stored. A game the target
// already has is refused with ErrExists.
func (c *Copier) CopyGame(ctx context.Context, gameID string) error {
	rows, err := c.src.gameRows(ctx, c.games, gameID)
	if err != nil {
		return err
	}
	if len(rows[0]) == 0 {
		return notFound(gameID, "There is no such game.")
	}
	return c.dst.write(ctx, gameID, func(tx *sqlTx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE id = ?`, gameID).Scan(&n); err != nil {
			return internal(gameID, err, "look for the game")
		}
		if n > 0 {
			return &Error{Code: CodeExists, Message: "The target database already has this game.", GameID: gameID}
		}
		for i, t := range c.games {
			if err := insertRows(ctx, tx, t, rows[i], ""); err != nil {
				return internal(gameID, err, "copy "+t.name)
			}
		}
		return nil
	})
}

// gameRows reads a game's rows of each table, in one read transaction.
func (db *DB) gameRows(ctx context.Context, tables []copyTable, gameID string) ([][][]any, error) {
	tx, err := db.r.BeginTx(ctx, db.d.readOnly())
	if err != nil {
		return nil, internal(gameID, err, "begin read")
	}
	defer tx.Rollback()
	out := make([][][]any, len(tables))
	for i, t := range tables {
		if out[i], err = readRows(ctx, tx, t, t.key[0]+` = ?`, gameID); err != nil {
			return nil, internal(gameID, err, "read "+t.name)
		}
	}
	return out, nil
}

// CopySettings copies every server's and member's setting into the
// target, replacing the target's value of the same setting, and returns
// how many it copied.
func (c *Copier) CopySettings(ctx context.Context) (int, error) {
	tx, err := c.src.r.BeginTx(ctx, c.src.d.readOnly())
	if err != nil {
		return 0, internal("", err, "begin read")
	}
	defer tx.Rollback()
	all := make([][][]any, len(c.settings))
	n := 0
	for i, t := range c.settings {
		if all[i], err = readRows(ctx, tx, t, "1 = 1"); err != nil {
			return 0, internal("", err, "read "+t.name)
		}
		n += len(all[i])
	}
	err = c.dst.write(ctx, "", func(tx *sqlTx) error {
		for i, t := range c.settings {
			upsert := ` ON CONFLICT (` + strings.Join(t.key, ", ") + `) DO UPDATE SET value = excluded.value`
			if err := insertRows(ctx, tx, t, all[i], upsert); err != nil {
				return internal("", err, "copy "+t.name)
			}
		}
		return nil
	})
	return n, err
}

// SettingsCopied reports whether the target holds every setting of the
// source with the source's value.
func (c *Copier) SettingsCopied(ctx context.Context) (bool, error) {
	for _, t := range c.settings {
		rows := map[*DB][][]any{}
		for _, db := range []*DB{c.src, c.dst} {
			read, err := readRows(ctx, db.r, t, "1 = 1")
			if err != nil {
				return false, internal("", err, "read "+t.name)
			}
			rows[db] = read
		}
		have := map[string]bool{}
		for _, r := range rows[c.dst] {
			have[fmt.Sprint(r...)] = true
		}
		for _, r := range rows[c.src] {
			if !have[fmt.Sprint(r...)] {
				return false, nil
			}
		}
	}
	return true, nil
}

// rowReader is a pool or a transaction.
type rowReader interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// readRows reads the rows of t that match where, each as its columns'
// values in t.cols' order, ordered by the whole row's key.
func readRows(ctx context.Context, q rowReader, t copyTable, where string, args ...any) ([][]any, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+strings.Join(t.cols, ", ")+` FROM `+t.name+` WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][]any
	for rows.Next() {
		vals := make([]any, len(t.cols))
		ptrs := make([]any, len(t.cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		out = append(out, vals)
	}
	return out, rows.Err()
}

// insertRows inserts rows into t through tx, each value converted to the
// target's type of its column; suffix ends the statement (ON CONFLICT).
func insertRows(ctx context.Context, tx *sqlTx, t copyTable, rows [][]any, suffix string) error {
	if len(rows) == 0 {
		return nil
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(t.cols)), ", ")
	query := `INSERT INTO ` + t.name + ` (` + strings.Join(t.cols, ", ") + `) VALUES (` + marks + `)` + suffix
	for _, row := range rows {
		args := make([]any, len(row))
		for i, v := range row {
			args[i] = convertFor(t.kinds[i], v)
		}
		if _, err := tx.ExecContext(ctx, query, args...); err != nil {
			return err
		}
	}
	return nil
}

// convertFor converts a value as one store read it into what the other
// stores in a column of type kind: SQLite keeps booleans as 0 and 1 and
// may hand bytes as text, where PostgreSQL has BOOLEAN, BYTEA and TEXT.
func convertFor(kind string, v any) any {
	switch kind {
	case "BOOL", "BOOLEAN":
		switch b := v.(type) {
		case int64:
			return b != 0
		case bool:
			return b
		}
	case "BYTEA", "BLOB":
		switch s := v.(type) {
		case string:
			return []byte(s)
		case nil:
			return []byte{}
		}
	case "TEXT", "VARCHAR":
		if b, ok := v.([]byte); ok {
			return string(b)
		}
	}
	return v
}
