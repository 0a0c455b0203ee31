package store

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
)

// maxCachedStatements bounds the statements one pool keeps prepared: the
// store's queries are a fixed set of a few dozen texts, and a query built
// with a varying number of placeholders must not grow the cache without
// end (beyond the bound it runs unprepared, as before).
const maxCachedStatements = 256

// stmtCache keeps one pool's statements prepared, by their text, so that
// SQLite compiles each of them once per connection instead of once per
// call: compiling a query cost as much as running it, and every store call
// paid it (7 % of the bot's processor time at 20 games in the ceiling
// benchmark). database/sql prepares a Stmt again on each connection of
// the pool it has not seen, and a transaction borrows it (Tx.StmtContext)
// without preparing it again on the connection it was prepared on. It is
// used on SQLite only (PostgreSQL's driver caches statements itself), and
// only once the schema is the latest: a migration's script of several
// statements is run as it is. It is safe for concurrent use.
//
// Preparing takes a connection of the pool: a transaction, which holds
// one (the writer's only one), must not wait for another. A text first
// met in a transaction runs unprepared there and is prepared before the
// pool's next transaction begins (prepareWanted), holding no connection.
type stmtCache struct {
	db *sql.DB
	mu sync.RWMutex
	m  map[string]*sql.Stmt
	// wanted are the texts met in transactions and not prepared yet.
	wanted map[string]bool
	// hasWanted is set while wanted holds a text: the pool's hot path
	// reads it without the lock.
	hasWanted atomic.Bool
	// full is set once the bound is reached: later texts run unprepared.
	full bool
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: map[string]*sql.Stmt{}, wanted: map[string]bool{}}
}

// lookup returns query's statement if it is prepared, else nil; with want
// set, a text not prepared is noted for prepareWanted.
func (c *stmtCache) lookup(query string, want bool) *sql.Stmt {
	if c == nil {
		return nil
	}
	c.mu.RLock()
	s, full, wanted := c.m[query], c.full, c.wanted[query]
	c.mu.RUnlock()
	if s != nil || full || !want || wanted {
		return s
	}
	c.mu.Lock()
	if c.m[query] == nil && !c.full {
		c.wanted[query] = true
		c.hasWanted.Store(true)
	}
	c.mu.Unlock()
	return nil
}

// prepareWanted prepares the texts met in transactions, by a caller that
// holds none of the pool's connections.
func (c *stmtCache) prepareWanted(ctx context.Context) {
	if c == nil || !c.hasWanted.Load() {
		return
	}
	c.mu.Lock()
	var texts []string
	for q := range c.wanted {
		texts = append(texts, q)
	}
	clear(c.wanted)
	c.hasWanted.Store(false)
	c.mu.Unlock()
	for _, q := range texts {
		c.get(ctx, q)
	}
}

// get returns query's statement, preparing it the first time, or nil when
// it is not to be cached (c nil, the cache full) or does not prepare: the
// caller then runs query unprepared, which reports the same error. The
// caller holds none of the pool's connections.
func (c *stmtCache) get(ctx context.Context, query string) *sql.Stmt {
	if c == nil {
		return nil
	}
	c.mu.RLock()
	s, full := c.m[query], c.full
	c.mu.RUnlock()
	if s != nil || full {
		return s
	}
	// Prepared outside the lock: a concurrent first use may prepare the
	// same text twice, and the loser is closed.
	s, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[query]; old != nil {
		s.Close()
		return old
	}
	if len(c.m) >= maxCachedStatements {
		c.full = true
		s.Close()
		return nil
	}
	c.m[query] = s
	return s
}

// close closes every statement kept; the cache keeps nothing after it.
func (c *stmtCache) close() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.m {
		s.Close()
	}
	c.m, c.full = map[string]*sql.Stmt{}, true
}
