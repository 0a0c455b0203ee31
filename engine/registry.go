package engine

import (
	"fmt"
	"slices"
	"sync"
)

// The games a program can rebuild from records, by their Rules' ID. Each
// game's rules package registers itself when it is imported, as image
// formats and database drivers do, so that whoever replays records (the
// store) finds a game by the name kept in the record, without importing
// any game.
var registry struct {
	sync.RWMutex
	rules map[string]Rules
}

// Register makes a game's rules known by their ID. Registering two rules
// under one ID is a programming error and panics.
func Register(r Rules) {
	registry.Lock()
	defer registry.Unlock()
	if registry.rules == nil {
		registry.rules = map[string]Rules{}
	}
	if _, dup := registry.rules[r.ID()]; dup {
		panic(fmt.Sprintf("engine: the game %q is registered twice", r.ID()))
	}
	registry.rules[r.ID()] = r
}

// Lookup returns the rules registered under id.
func Lookup(id string) (Rules, bool) {
	registry.RLock()
	defer registry.RUnlock()
	r, ok := registry.rules[id]
	return r, ok
}

// Registered lists the IDs of the registered games, in order.
func Registered() []string {
	registry.RLock()
	defer registry.RUnlock()
	ids := make([]string, 0, len(registry.rules))
	for id := range registry.rules {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Snapshotter is a State that can write itself down, so that a store
// replays fewer moves; the Rules that made it read it back (Restorer).
type Snapshotter interface {
	// Snapshot returns the state's version and its bytes.
	Snapshot() (version int, data []byte, err error)
	// Played is the number of moves applied since the setup, which a
	// snapshot is taken after.
	Played() int
}

// Restorer is Rules that read snapshots back.
type Restorer interface {
	// Restore rebuilds a state from a snapshot of this version; a version
	// it does not read is refused (the store then replays the moves).
	Restore(version int, data []byte) (State, error)
}

// LegacyReader is Rules whose records hold moves in an older form than
// their notation (Atheneum's JSON actions, stored before the seam).
type LegacyReader interface {
	// ReadLegacyMove turns a stored move of the older form into a Move.
	ReadLegacyMove(data []byte) (Move, error)
}
