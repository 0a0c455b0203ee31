package store

import (
	"context"
	"database/sql"
	"errors"
)

// Message is a Discord message the bot keeps editing (a game's status
// message, its table image, a seat's prompt), so that after a restart it
// edits the same message instead of posting anew. Its key is (GameID, Kind,
// Seat); Seat is NoSeat for a message about the whole game.
type Message struct {
	GameID    string
	Kind      string
	Seat      int
	ChannelID string
	MessageID string
}

// PutMessage records a message, replacing any with the same key.
func (db *DB) PutMessage(ctx context.Context, m Message) error {
	return db.write(ctx, m.GameID, func(tx *sqlTx) error { return db.putMessage(ctx, tx, m) })
}

func (db *DB) putMessage(ctx context.Context, tx *sqlTx, m Message) error {
	if m.Kind == "" || m.ChannelID == "" || m.MessageID == "" {
		return invalid(m.GameID, "A message needs a kind, a channel and a message id.")
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO messages (game_id, kind, seat, channel_id, message_id) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id, kind, seat) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id`,
		m.GameID, m.Kind, m.Seat, m.ChannelID, m.MessageID)
	if v, _ := db.d.violation(err); v {
		return notFound(m.GameID, "There is no such game.")
	}
	if err != nil {
		return internal(m.GameID, err, "put message")
	}
	return nil
}

// GetMessage returns the message with the given key, or ErrNotFound.
func (db *DB) GetMessage(ctx context.Context, gameID, kind string, seat int) (Message, error) {
	m := Message{GameID: gameID, Kind: kind, Seat: seat}
	err := db.r.QueryRowContext(ctx, `SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ? AND seat = ?`,
		gameID, kind, seat).Scan(&m.ChannelID, &m.MessageID)
	if errors.Is(err, sql.ErrNoRows) {
		return Message{}, notFound(gameID, "There is no such message.")
	}
	if err != nil {
		return Message{}, internal(gameID, err, "get message")
	}
	return m, nil
}

// Messages returns all of a game's recorded messages, by kind and seat.
func (db *DB) Messages(ctx context.Context, gameID string) ([]Message, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT game_id, kind, seat, channel_id, message_id FROM messages
		WHERE game_id = ? ORDER BY kind, seat`, gameID)
	if err != nil {
		return nil, internal(gameID, err, "list messages")
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.GameID, &m.Kind, &m.Seat, &m.ChannelID, &m.MessageID); err != nil {
			return nil, internal(gameID, err, "read message")
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, internal(gameID, err, "list messages")
	}
	return out, nil
}

// MessageChanges are changes to one game's recorded messages, made in one
// transaction (a step's prompts retired and sent anew: one write where it
// took one per prompt).
type MessageChanges struct {
	// Forget are messages to forget, by kind and seat (the rest of each is
	// ignored); forgetting one that is not there is not an error.
	Forget []Message
	// Put are messages to record after Forget, each replacing any with
	// its key (their GameID is ignored).
	Put []Message
}

// ChangeMessages applies c to the game's recorded messages atomically;
// with nothing to change it writes nothing.
func (db *DB) ChangeMessages(ctx context.Context, gameID string, c MessageChanges) error {
	if len(c.Forget) == 0 && len(c.Put) == 0 {
		return nil
	}
	return db.write(ctx, gameID, func(tx *sqlTx) error {
		for _, m := range c.Forget {
			if err := deleteMessage(ctx, tx, gameID, m.Kind, m.Seat); err != nil {
				return err
			}
		}
		for _, m := range c.Put {
			m.GameID = gameID
			if err := db.putMessage(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
}

// DeleteMessage forgets a message (deleting one that is not there is not an
// error).
func (db *DB) DeleteMessage(ctx context.Context, gameID, kind string, seat int) error {
	return db.write(ctx, gameID, func(tx *sqlTx) error { return deleteMessage(ctx, tx, gameID, kind, seat) })
}

func deleteMessage(ctx context.Context, tx *sqlTx, gameID, kind string, seat int) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM messages WHERE game_id = ? AND kind = ? AND seat = ?`, gameID, kind, seat); err != nil {
		return internal(gameID, err, "delete message")
	}
	return nil
}
