// Package store keeps games of any kind so that they survive restarts,
// redeploys and kills in the middle of a turn: in an SQLite file
// (modernc.org/sqlite, pure Go), which one process uses, or in a
// PostgreSQL database (github.com/jackc/pgx/v5), which several processes
// may share. Open tells them apart by the DSN it is given (a postgres:// or
// postgresql:// URL, or else a file's path), and both are the same *DB to
// its callers. It knows games only through the engine's seam: a game's
// kind names its rules in the engine's registry, and the store never
// imports a game.
//
// A game is stored the way the seam defines it: its kind, seed and setup
// (the game's options and each seat's, as JSON maps, and the edition of
// its rules) plus its append-only log of accepted moves in the game's
// notation. The setup is pinned when the game starts, every default
// filled in and the edition the rules play it by (engine.Editioned; 1 for
// rules that have had one), so that a later default or a stricter edition
// of the rules never refuses a move the game once accepted; games stored
// before editions were kept are of the first edition, and a lobby has
// none until it starts. Results are a rank and a
// score per seat with points by category. Games whose rules write
// snapshots (engine.Snapshotter) are snapshotted every SnapshotInterval
// moves and when they end, which keeps loading cheap: LoadGame restores the
// latest snapshot and replays only the moves after it, and refuses a
// damaged record (unreadable data, a gap in the log, a move the rules
// refuse, a snapshot of another game) with ErrCorrupt rather than continue
// from a wrong state. Moves stored before the seam, as Atheneum's JSON, are
// read back through the game's engine.LegacyReader.
//
// Every change to a game goes through Commit (or its shorthand AppendAction),
// which is optimistic: it names the number of moves the caller's copy of
// the game has, and fails with ErrConflict if the log has moved on, so the
// caller reloads and retries. The move, its snapshot, timers, edited
// messages, a status change and final results commit in one transaction.
//
// # Several processes
//
// On PostgreSQL the database, not a process's lock, orders a game's moves.
// Commit's guarded update (the game's row, only if it holds the expected
// count) locks the row until the commit ends, so a writer in another
// process waits, then finds the count moved on and gets ErrConflict; the
// log's key (game, sequence number) would refuse a second move N anyway.
// Writes that read a game before changing it lock its row first, as
// SQLite's single writer makes them queue. A process checks its copy of a
// game with Progress or MoveCount (one query) before applying a move to
// it, and may keep copies for reading while WatchGames (LISTEN/NOTIFY on a
// connection of its own) tells it which games other processes changed,
// and to drop every copy when it had to reconnect.
//
// Jobs (timers, and work a crash must not lose) are claimed before they
// run, through a lease kept in their row: who holds the job (each DB names
// itself when it opens) and until when. ClaimJobs takes the due jobs
// nobody holds, picked with FOR UPDATE SKIP LOCKED so that processes
// claiming at once pass over each other's rows; HoldJob takes or keeps
// one job (to check, just before running it, that it is still the
// claimer's, or to keep work that goes on); a Commit's Finished jobs are
// deleted only by their holder, so that work recorded before it is shown
// is not done twice. A put job is nobody's unless put with a lease. A
// process killed holding a lease loses it when it runs out, and the next
// claim takes the job; a DB gives its leases up when it closes. Times are
// the caller's clock. On SQLite, which one process uses, the leases found
// when the file opens are cleared: their holder is gone.
//
// # Durability
//
// The SQLite file runs in WAL mode with synchronous=NORMAL: a commit is in
// the WAL, in the operating system's hands, when Commit returns, so it
// survives the process being killed at any moment (the crash test kills a
// writer with SIGKILL and checks that every acknowledged action is there,
// on both backends). It may lose the last commits on a power cut or kernel
// crash, which FULL would prevent at ten times the cost per commit (an
// fsync each time); for a game played over days that trade is right.
// Foreign keys are on and a busy timeout rides out another process holding
// the lock. PostgreSQL keeps a commit as its server is set to (by default
// on disk before Commit returns).
//
// On SQLite all writes share one connection, and its transactions begin
// IMMEDIATE, so writers queue in Go rather than fail with SQLITE_BUSY;
// reads use a separate pool of read-only connections and run concurrently
// with the writer. On PostgreSQL reads and writes share one pool; a read of
// several queries runs in a REPEATABLE READ transaction, so that it sees
// one moment.
//
// # Schema
//
// Each backend's schema is a sequence of embedded migrations
// (migrations/sqlite/NNNN_name.sql, migrations/postgres/NNNN_name.sql,
// numbered apart), applied in order at Open, each in its own transaction
// and recorded in schema_migrations, so a database written by an older
// version is upgraded in place and a database from a newer version is
// refused. Processes opening one database at once migrate it one at a time.
// A PostgreSQL database keeps its tables in the first schema of its
// search_path, which must exist.
//
// # Errors
//
// Every error returned is an *Error with a Code and a Message that is safe to
// show a user; the underlying cause (which may hold SQL) is kept for logs in
// Error() only. Test codes with errors.Is against ErrNotFound, ErrConflict,
// ErrExists, ErrCorrupt and ErrInvalid.
package store
