package store

import (
	"context"
	"database/sql"
	"errors"
)

// GuildSetting returns one setting of a server, or ErrNotFound.
func (db *DB) GuildSetting(ctx context.Context, guildID, key string) (string, error) {
	var v string
	err := db.r.QueryRowContext(ctx, `SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?`, guildID, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", notFound("", "That setting is not set.")
	}
	if err != nil {
		return "", internal("", err, "get setting")
	}
	return v, nil
}

// GuildSettings returns all settings of a server.
func (db *DB) GuildSettings(ctx context.Context, guildID string) (map[string]string, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT key, value FROM guild_settings WHERE guild_id = ?`, guildID)
	if err != nil {
		return nil, internal("", err, "list settings")
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, internal("", err, "read setting")
		}
		out[k] = v
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "list settings")
	}
	return out, nil
}

// SetGuildSetting sets one setting of a server.
func (db *DB) SetGuildSetting(ctx context.Context, guildID, key, value string) error {
	if guildID == "" || key == "" {
		return invalid("", "A setting needs a server and a key.")
	}
	return db.write(ctx, "", func(tx *sqlTx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)
			ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value`, guildID, key, value); err != nil {
			return internal("", err, "set setting")
		}
		return nil
	})
}

// DeleteGuildSetting removes one setting of a server (removing one that is
// not set is not an error).
func (db *DB) DeleteGuildSetting(ctx context.Context, guildID, key string) error {
	return db.write(ctx, "", func(tx *sqlTx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM guild_settings WHERE guild_id = ? AND key = ?`, guildID, key); err != nil {
			return internal("", err, "delete setting")
		}
		return nil
	})
}

// MemberSetting returns one setting of a Discord user (the same on every
// server), or ErrNotFound when it is not set.
func (db *DB) MemberSetting(ctx context.Context, userID, key string) (string, error) {
	var v string
	err := db.r.QueryRowContext(ctx, `SELECT value FROM member_settings WHERE user_id = ? AND key = ?`, userID, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", notFound("", "That setting is not set.")
	}
	if err != nil {
		return "", internal("", err, "get member setting")
	}
	return v, nil
}

// MemberSettings returns all the settings of a Discord user, by key (an
// empty map when none is set): one read where a caller needs several of
// them.
func (db *DB) MemberSettings(ctx context.Context, userID string) (map[string]string, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT key, value FROM member_settings WHERE user_id = ?`, userID)
	if err != nil {
		return nil, internal("", err, "list member settings")
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, internal("", err, "read member setting")
		}
		out[k] = v
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "list member settings")
	}
	return out, nil
}

// SetMemberSetting sets one setting of a Discord user.
func (db *DB) SetMemberSetting(ctx context.Context, userID, key, value string) error {
	if userID == "" || key == "" {
		return invalid("", "A setting needs a member and a key.")
	}
	return db.write(ctx, "", func(tx *sqlTx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO member_settings (user_id, key, value) VALUES (?, ?, ?)
			ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value`, userID, key, value); err != nil {
			return internal("", err, "set member setting")
		}
		return nil
	})
}
