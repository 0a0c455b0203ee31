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
	// SnapshotVersion is the version of the snapshots Snapshot writes
	// today; a store ignores older ones and replays the moves instead.
	SnapshotVersion() int
	// Restore rebuilds a state from a snapshot of this version; a version
	// it does not read is refused.
	Restore(version int, data []byte) (State, error)
}

// Origin is a State that tells the seed and the whole setup it was dealt
// from, every default filled in (Atheneum's content pack, the subjects it
// gave the seats that chose none) and, for Editioned rules, the edition it
// is played by (never 0). A host stores that setup when a game starts, so
// a later change of defaults or a later edition never changes a game under
// way, and checks a snapshot against it.
type Origin interface {
	Origin() (seed uint64, setup Setup)
}

// MoveSeat reads the seat a move's notation begins with ("s2 ..." is seat
// 2), as every game's notation does.
func MoveSeat(m Move) (int, bool) {
	s := string(m)
	if len(s) < 2 || s[0] != 's' {
		return 0, false
	}
	n, i := 0, 1
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
		if n > 1<<16 {
			return 0, false
		}
	}
	if i == 1 || (i < len(s) && s[i] != ' ') || (s[1] == '0' && i > 2) {
		return 0, false
	}
	return n, true
}

// LegacyReader is Rules whose records hold moves in an older form than
// their notation (Atheneum's JSON actions, stored before the seam).
type LegacyReader interface {
	// ReadLegacyMove turns a stored move of the older form into a Move.
	ReadLegacyMove(data []byte) (Move, error)
}
