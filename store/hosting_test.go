package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

// finish plays g to its end with random moves, the last one stored as made
// at the given time (so the test controls the order games ended in).
func finish(t *testing.T, db *DB, g *Game, seed uint64, at time.Time) {
	t.Helper()
	p := atheneum.NewRandomPlayer(seed)
	for {
		a, ok := p.Next(ath(g.State))
		if !ok {
			return
		}
		next := play(t, g.State, a)
		c := Commit{Seq: ath(g.State).Seq, Move: notation(a), State: next, Results: resultsOf(next)}
		if next.Over() {
			c.At = at
		}
		if err := db.Commit(context.Background(), g.ID, c); err != nil {
			t.Fatal(err)
		}
		g.State = next
	}
}

// inGuild creates a playing game in the given server and channel with the
// given people (and AI seats for the empty ids).
func inGuild(t *testing.T, db *DB, guild, channel string, seed uint64, users ...string) *Game {
	t.Helper()
	g := &Game{Kind: atheneum.GameID, GuildID: guild, ChannelID: channel, HostID: "host", Status: StatusPlaying, Seed: seed,
		Options: Options{Seats: len(users), StepHours: 24}}
	for i, u := range users {
		s := Seat{UserID: u, Name: "name of " + u, Options: subject(atheneum.Colors[i])}
		if u == "" {
			s.AILevel, s.Name = "normal", fmt.Sprintf("AI %d", i+1)
		}
		g.Seats = append(g.Seats, s)
	}
	if err := db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	checkDealt(t, g)
	return g
}

func TestMigrationFrom3KeepsTheGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v3.db")
	old, err := open(ctx, path, 3)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := old.SchemaVersion(ctx); v != 3 {
		t.Fatalf("version %d, want 3", v)
	}
	// Version 3 has no end_reason column: write the games with plain SQL.
	if _, err := old.w.ExecContext(ctx, `INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, content_id,
		state_version, options, created_at, started_at, ended_at) VALUES
		('over', 'g', 'c1', 'u1', 'abandoned', 1, ?1, ?2, '{"seats":2,"step_hours":12}', 1, 2, 3),
		('live', 'g', 'c2', 'u1', 'playing', 2, ?1, ?2, '{"seats":2}', 4, 5, 0)`,
		atheneum.DefaultContentID, atheneum.StateVersion); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"over", "live"} {
		for i, s := range []atheneum.Color{atheneum.Teal, atheneum.Pink} {
			if _, err := old.w.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, display_name, subject, autopilot)
				VALUES (?, ?, ?, 'P', ?, ?)`, id, i, fmt.Sprintf("u%d", i+1), string(s.Letter()), i); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := old.w.ExecContext(ctx, `SELECT * FROM member_settings`); err == nil {
		t.Fatal("version 3 already has member settings")
	}
	old.Close()

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, _ := migrations(sqliteDialect{})
	if v, _ := db.SchemaVersion(ctx); v != len(ms) {
		t.Fatalf("version %d after the upgrade, want the latest, %d", v, len(ms))
	}
	over, err := db.GetGame(ctx, "over")
	if err != nil {
		t.Fatal(err)
	}
	if over.Status != StatusAbandoned || over.EndReason != "" || over.Options.StepHours != 12 || !over.EndedAt.Equal(time.UnixMilli(3)) {
		t.Errorf("the abandoned game after the upgrade: %+v", over)
	}
	live, err := db.LoadGame(ctx, "live")
	if err != nil {
		t.Fatal(err)
	}
	if live.State == nil || !live.Seats[1].Autopilot || live.Options.Paused {
		t.Errorf("the playing game after the upgrade: %+v", live)
	}
	if live.GameOptions[atheneum.OptionContent] != atheneum.DefaultContentID || !reflect.DeepEqual(live.Seats[1].Options, subject(atheneum.Pink)) {
		t.Errorf("the playing game's setup after the upgrade: %v, seats %+v", live.GameOptions, live.Seats)
	}
	if err := db.SetMemberSetting(ctx, "u1", "notify", "quiet"); err != nil {
		t.Fatal(err)
	}
}

func TestMemberSettings(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		if _, err := db.MemberSetting(ctx, "u1", "notify"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an unset setting: got %v, want ErrNotFound", err)
		}
		for _, v := range []string{"dm", "quiet"} {
			if err := db.SetMemberSetting(ctx, "u1", "notify", v); err != nil {
				t.Fatal(err)
			}
		}
		db.SetMemberSetting(ctx, "u1", "language", "fr")
		db.SetMemberSetting(ctx, "u2", "notify", "mention")
		cases := []struct{ user, key, want string }{{"u1", "notify", "quiet"}, {"u1", "language", "fr"}, {"u2", "notify", "mention"}}
		for _, c := range cases {
			t.Run(c.user+"'s "+c.key+" reads back as set", func(t *testing.T) {
				if v, err := db.MemberSetting(ctx, c.user, c.key); err != nil || v != c.want {
					t.Fatalf("%q, %v; want %q", v, err, c.want)
				}
			})
		}
		t.Run("all of a member's settings read back at once", func(t *testing.T) {
			for user, want := range map[string]map[string]string{"u1": {"notify": "quiet", "language": "fr"}, "u2": {"notify": "mention"}, "u3": {}} {
				if got, err := db.MemberSettings(ctx, user); err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %v, %v; want %v", user, got, err, want)
				}
			}
		})
		t.Run("a setting without a member is refused", func(t *testing.T) {
			if err := db.SetMemberSetting(ctx, "", "notify", "dm"); !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
		})
	})
}

func TestCommitChangesSeatsAndOptions(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		g := inGuild(t, db, "g", "c1", 3, "u1", "u2", "u3")
		if err := db.SetDMClosed(ctx, g.ID, 1, true); err != nil {
			t.Fatal(err)
		}
		if err := db.Commit(ctx, g.ID, Commit{Seq: 0, Autopilot: []AutopilotChange{{Seat: 1, On: true}}}); err != nil {
			t.Fatal(err)
		}

		t.Run("options and seats change without an action", func(t *testing.T) {
			opts := g.Options
			opts.Paused, opts.PausedLeftMS, opts.Language = true, 5000, "fr"
			err := db.Commit(ctx, g.ID, Commit{Seq: 0, Options: &opts, Seats: []SeatChange{{Seat: 1, UserID: "u9", Name: "Newcomer"}}})
			if err != nil {
				t.Fatal(err)
			}
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Options != opts {
				t.Errorf("options %+v, want %+v", got.Options, opts)
			}
			s := got.Seats[1]
			if s.UserID != "u9" || s.Name != "Newcomer" || s.AILevel != "" || s.DMClosed || s.Autopilot || !reflect.DeepEqual(s.Options, subject(atheneum.Colors[1])) {
				t.Errorf("the replaced seat is %+v", s)
			}
			if got.Seq != 0 {
				t.Errorf("the log has %d actions, want none", got.Seq)
			}
		})
		t.Run("a seat given to an AI goes with the action in one commit", func(t *testing.T) {
			a := ath(g.State).LegalActions(2)[0]
			next := play(t, g.State, a)
			if err := db.Commit(ctx, g.ID, Commit{Seq: 0, Move: notation(a), State: next, Results: resultsOf(next), Seats: []SeatChange{{Seat: 2, AILevel: "normal", Name: "Normal AI"}}}); err != nil {
				t.Fatal(err)
			}
			got, _ := db.LoadGame(ctx, g.ID)
			if got.Seq != 1 || got.Seats[2].UserID != "" || got.Seats[2].AILevel != "normal" {
				t.Fatalf("after the commit: seq %d, seat %+v", got.Seq, got.Seats[2])
			}
			g.State = next
		})
		refused := []struct {
			name   string
			change SeatChange
		}{
			{"a seat that does not exist", SeatChange{Seat: 7, UserID: "u8", Name: "x"}},
			{"a person who already plays another seat", SeatChange{Seat: 0, UserID: "u9", Name: "x"}},
			{"a seat that is neither a person nor an AI", SeatChange{Seat: 0, Name: "x"}},
			{"a seat that is both a person and an AI", SeatChange{Seat: 0, UserID: "u8", AILevel: "hard", Name: "x"}},
		}
		for _, r := range refused {
			t.Run(r.name+" refuses the whole commit, action included", func(t *testing.T) {
				before, _ := db.LoadGame(ctx, g.ID)
				a := ath(g.State).LegalActions(0)[0]
				next := play(t, g.State, a)
				opts := Options{Seats: 9}
				err := db.Commit(ctx, g.ID, Commit{Seq: 1, Move: notation(a), State: next, Results: resultsOf(next), Options: &opts, Seats: []SeatChange{r.change}})
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("got %v, want ErrInvalid", err)
				}
				after, _ := db.LoadGame(ctx, g.ID)
				if after.Seq != before.Seq || after.Options != before.Options || !reflect.DeepEqual(after.Seats[0], before.Seats[0]) {
					t.Fatalf("the refused commit changed the game: %+v", after)
				}
			})
		}
		t.Run("a lobby's seats cannot be changed by a commit", func(t *testing.T) {
			lobby := &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c2", HostID: "u1", Seats: []Seat{{UserID: "u1", Name: "a", Options: subject(atheneum.Teal)}}}
			if err := db.CreateGame(ctx, lobby); err != nil {
				t.Fatal(err)
			}
			err := db.Commit(ctx, lobby.ID, Commit{Seats: []SeatChange{{Seat: 0, UserID: "u2", Name: "b"}}})
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
			opts := Options{Seats: 3, Language: "fr"}
			if err := db.Commit(ctx, lobby.ID, Commit{Options: &opts}); err != nil {
				t.Fatalf("a lobby's options: %v", err)
			}
		})
		t.Run("abandoning keeps the reason", func(t *testing.T) {
			at := time.UnixMilli(1_800_000_000_000)
			if err := db.Commit(ctx, g.ID, Commit{Seq: 1, Abandon: true, EndReason: "We moved house", At: at}); err != nil {
				t.Fatal(err)
			}
			got, err := db.GetGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != StatusAbandoned || got.EndReason != "We moved house" || !got.EndedAt.Equal(at) {
				t.Fatalf("abandoned game %+v", got)
			}
		})
	})
}

func TestFinishedGames(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		base := time.UnixMilli(1_800_000_000_000)
		old := inGuild(t, db, "g", "c1", 1, "u1", "u2")
		finish(t, db, old, 1, base)
		quit := inGuild(t, db, "g", "c2", 2, "u1", "", "u3")
		if err := db.Commit(ctx, quit.ID, Commit{Abandon: true, EndReason: "too slow", At: base.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		recent := inGuild(t, db, "g", "c1", 3, "u2", "")
		finish(t, db, recent, 3, base.Add(2*time.Hour))
		if err := db.PutMessage(ctx, Message{GameID: recent.ID, Kind: FinalMessageKind, Seat: NoSeat, ChannelID: "c1", MessageID: "m1"}); err != nil {
			t.Fatal(err)
		}
		inGuild(t, db, "g", "c1", 4, "u1", "u3") // still playing
		cancelled := &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c3", HostID: "u1", Seats: []Seat{{UserID: "u1", Name: "a", Options: subject(atheneum.Teal)}}}
		db.CreateGame(ctx, cancelled)
		db.Abandon(ctx, cancelled.ID)
		elsewhere := inGuild(t, db, "other", "c9", 5, "u1", "u2")
		finish(t, db, elsewhere, 5, base.Add(3*time.Hour))

		ids := func(fs []FinishedGame) []string {
			var out []string
			for _, f := range fs {
				out = append(out, f.Game.ID)
			}
			return out
		}
		cases := []struct {
			name    string
			channel string
			limit   int
			want    []*Game
		}{
			{"the whole server lists its ended games newest first", "", 0, []*Game{recent, quit, old}},
			{"one channel lists only its own", "c1", 0, []*Game{recent, old}},
			{"a limit keeps the newest", "", 2, []*Game{recent, quit}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				got, err := db.FinishedGames(ctx, Scope{GuildID: "g", ChannelID: c.channel}, c.limit)
				if err != nil {
					t.Fatal(err)
				}
				var want []string
				for _, g := range c.want {
					want = append(want, g.ID)
				}
				if fmt.Sprint(ids(got)) != fmt.Sprint(want) {
					t.Fatalf("games %v, want %v", ids(got), want)
				}
			})
		}
		got, err := db.FinishedGames(ctx, Scope{GuildID: "g"}, 0)
		if err != nil || len(got) != 3 {
			t.Fatalf("%d games, %v", len(got), err)
		}
		t.Run("a finished game comes with its results and final message", func(t *testing.T) {
			f := got[0]
			if f.Game.Status != StatusFinished || len(f.Results) != 2 || f.Results[0].Rank != 1 || f.Results[1].AILevel != "normal" && f.Results[0].AILevel != "normal" {
				t.Fatalf("%+v with results %+v", f.Game, f.Results)
			}
			if f.Final.MessageID != "m1" || f.Final.ChannelID != "c1" || len(f.Game.Seats) != 2 {
				t.Errorf("final %+v, seats %+v", f.Final, f.Game.Seats)
			}
		})
		t.Run("a lobby closed before it started loads without a state", func(t *testing.T) {
			g, err := db.LoadGame(ctx, cancelled.ID)
			if err != nil || g.State != nil || g.Status != StatusAbandoned {
				t.Fatalf("%+v, %v", g, err)
			}
		})
		t.Run("an abandoned game comes with its reason and no results", func(t *testing.T) {
			f := got[1]
			if f.Game.Status != StatusAbandoned || f.Game.EndReason != "too slow" || len(f.Results) != 0 || f.Final != (Message{}) || len(f.Game.Seats) != 3 {
				t.Fatalf("%+v, results %+v, final %+v", f.Game, f.Results, f.Final)
			}
		})
	})
}

func TestMemberStatsAndGames(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		base := time.UnixMilli(1_800_000_000_000)
		var won, played int
		var totals []int
		subjects := map[string]int{}
		for k := range 3 {
			g := inGuild(t, db, "g", fmt.Sprintf("c%d", k), uint64(10+k), "u2", "u1")
			finish(t, db, g, uint64(k), base.Add(time.Duration(k)*time.Hour))
			if k == 2 {
				// A shared first place: both seats rank first.
				if _, err := db.w.ExecContext(ctx, `UPDATE standings SET rank = 1 WHERE game_id = ?`, g.ID); err != nil {
					t.Fatal(err)
				}
			}
			res, _ := db.Results(ctx, g.ID)
			for _, r := range res {
				if r.UserID == "u1" {
					played++
					totals = append(totals, r.Score)
					if r.Rank == 1 {
						won++
					}
					subjects[g.Seats[1].Options[atheneum.SeatOptionSubject]]++
				}
			}
		}
		quit := inGuild(t, db, "g", "c8", 30, "u1", "")
		if err := db.Commit(ctx, quit.ID, Commit{Abandon: true}); err != nil {
			t.Fatal(err)
		}
		inGuild(t, db, "other", "c9", 40, "u1", "u3")
		late := inGuild(t, db, "g", "c5", 50, "u3", "u1")
		lobby := &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c6", HostID: "u4", CreatedAt: time.Now().Add(time.Minute),
			Seats: []Seat{{UserID: "u4", Name: "d", Options: subject(atheneum.Teal)}, {UserID: "u1", Name: "a", Options: subject(atheneum.Pink)}}}
		if err := db.CreateGame(ctx, lobby); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateGame(ctx, &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c7", HostID: "u4",
			Seats: []Seat{{UserID: "u4", Name: "d", Options: subject(atheneum.Teal)}}}); err != nil {
			t.Fatal(err)
		}

		t.Run("stats count only finished games, shared firsts as wins", func(t *testing.T) {
			st, err := db.MemberStats(ctx, Scope{GuildID: "g"}, "u1")
			if err != nil {
				t.Fatal(err)
			}
			best, sum := 0, 0
			for _, x := range totals {
				best, sum = max(best, x), sum+x
			}
			want := MemberStats{Games: played, Wins: won, Average: float64(sum) / float64(played), Best: best, Usual: subject(atheneum.Colors[1])}
			if !reflect.DeepEqual(st, want) || played != 3 || won < 1 || subjects[string(atheneum.Colors[1].Letter())] != 3 {
				t.Fatalf("stats %+v, want %+v", st, want)
			}
		})
		t.Run("a member without finished games has no usual options", func(t *testing.T) {
			st, err := db.MemberStats(ctx, Scope{GuildID: "g"}, "u4")
			if err != nil || len(st.Usual) != 0 || st.Games != 0 || st.Wins != 0 || st.Average != 0 || st.Best != 0 {
				t.Fatalf("%+v, %v", st, err)
			}
		})
		t.Run("another game's stats hold none of this game's options", func(t *testing.T) {
			st, err := db.MemberStats(ctx, Scope{GuildID: "g", Game: "anludim"}, "u1")
			if err != nil || len(st.Usual) != 0 || st.Games != 0 {
				t.Fatalf("%+v, %v", st, err)
			}
		})
		t.Run("the count of a member's games is their stats' count, in every scope", func(t *testing.T) {
			for _, c := range []struct {
				sc     Scope
				userID string
			}{{Scope{GuildID: "g"}, "u1"}, {Scope{GuildID: "g"}, "u2"}, {Scope{GuildID: "g"}, "u4"}, {Scope{GuildID: "g", Game: "anludim"}, "u1"},
				{Scope{GuildID: "g", Game: atheneum.GameID}, "u1"}, {Scope{GuildID: "other"}, "u1"}, {Scope{GuildID: "g"}, ""}} {
				st, err := db.MemberStats(ctx, c.sc, c.userID)
				if err != nil {
					t.Fatal(err)
				}
				n, err := db.MemberGameCount(ctx, c.sc, c.userID)
				if err != nil || n != st.Games {
					t.Fatalf("%+v %q: counted %d (%v), stats say %d", c.sc, c.userID, n, err, st.Games)
				}
			}
			if n, _ := db.MemberGameCount(ctx, Scope{GuildID: "g"}, "u1"); n != 3 {
				t.Fatalf("u1 counted %d games, want 3", n)
			}
		})
		t.Run("a member's games are the server's lobbies and playing games they sit in, oldest first", func(t *testing.T) {
			games, err := db.MemberGames(ctx, "g", "u1")
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != 2 || games[0].ID != late.ID || games[1].ID != lobby.ID {
				t.Fatalf("%d games, first %+v", len(games), games[0])
			}
			if games[0].State != nil || len(games[0].Seats) != 2 || games[1].Status != StatusLobby || games[1].Seats[1].UserID != "u1" {
				t.Errorf("records %+v / %+v", games[0], games[1])
			}
		})
	})
}

// TestTheUsualSubjectIsTheOnePlayedMostOften: a member's usual value of a
// seat option is the one of most finished games, the latest of equals.
func TestTheUsualSubjectIsTheOnePlayedMostOften(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		base := time.UnixMilli(1_800_000_000_000)
		games := []struct {
			name   string
			played atheneum.Color
			want   atheneum.Color
		}{
			// Pink's letter (P) sorts before Teal's (T): the latest of equals
			// is Teal twice, so that no order of letters passes for it.
			{"the subject of a single game is the usual one", atheneum.Pink, atheneum.Pink},
			{"of two subjects played once, the one played last is the usual one", atheneum.Teal, atheneum.Teal},
			{"a subject played twice is the usual one over one played once", atheneum.Pink, atheneum.Pink},
			{"of two subjects played twice, the one played last is the usual one", atheneum.Teal, atheneum.Teal},
			{"a subject played once does not displace those played twice", atheneum.Green, atheneum.Teal},
		}
		for k, c := range games {
			t.Run(c.name, func(t *testing.T) {
				g := &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: fmt.Sprint("c", k), HostID: "u1", Status: StatusPlaying, Seed: uint64(k),
					Seats: []Seat{{AILevel: "easy", Name: "AI"}, {UserID: "u1", Name: "a", Options: subject(c.played)}}}
				if err := db.CreateGame(ctx, g); err != nil {
					t.Fatal(err)
				}
				finish(t, db, g, uint64(k), base.Add(time.Duration(k)*time.Hour))
				st, err := db.MemberStats(ctx, Scope{GuildID: "g"}, "u1")
				if err != nil {
					t.Fatal(err)
				}
				if st.Games != k+1 || !reflect.DeepEqual(st.Usual, subject(c.want)) {
					t.Fatalf("after %d games: %+v, want the usual subject %s", k+1, st, c.want)
				}
				// The AI seat, given a subject by the rules, has no record.
				if ai, err := db.MemberStats(ctx, Scope{GuildID: "g"}, ""); err != nil || len(ai.Usual) != 0 {
					t.Fatalf("an AI's stats: %+v, %v", ai, err)
				}
			})
		}
	})
}

func TestClaimedJobsComeInDueOrderWithAFixedTieBreak(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		a, b := newPlaying(t, db, 2, 1), newPlaying(t, db, 2, 2)
		if a.ID > b.ID {
			a, b = b, a
		}
		base := time.UnixMilli(1_800_000_000_000)
		// Stored in an order that is neither the due order nor the key order.
		put := []Job{
			{GameID: b.ID, Kind: "reminder", Seat: NoSeat, Due: base},
			{GameID: a.ID, Kind: "reminder", Seat: NoSeat, Due: base.Add(time.Minute)},
			{GameID: a.ID, Kind: "deadline", Seat: NoSeat, Due: base},
			{GameID: b.ID, Kind: "deadline", Seat: 1, Due: base},
			{GameID: b.ID, Kind: "deadline", Seat: 0, Due: base},
			{GameID: a.ID, Kind: "later", Seat: NoSeat, Due: base.Add(time.Hour)},
		}
		for _, j := range put {
			if err := db.PutJob(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
		due, err := db.ClaimJobs(ctx, base.Add(time.Minute), base.Add(2*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, j := range due {
			got = append(got, fmt.Sprintf("%s/%s/%d", j.GameID, j.Kind, j.Seat))
		}
		want := []string{a.ID + "/deadline/-1", b.ID + "/deadline/0", b.ID + "/deadline/1", b.ID + "/reminder/-1", a.ID + "/reminder/-1"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("due jobs %v\nwant %v", got, want)
		}
		t.Run("one job and a game's jobs can be read back", func(t *testing.T) {
			j, err := db.GetJob(ctx, a.ID, JobKey{Kind: "later", Seat: NoSeat})
			if err != nil || !j.Due.Equal(base.Add(time.Hour)) {
				t.Fatalf("%+v, %v", j, err)
			}
			if _, err := db.GetJob(ctx, a.ID, JobKey{Kind: "nope", Seat: NoSeat}); !errors.Is(err, ErrNotFound) {
				t.Fatalf("a missing job: %v", err)
			}
			if js, err := db.GameJobs(ctx, a.ID); err != nil || len(js) != 3 || js[2].Kind != "later" {
				t.Fatalf("%+v, %v", js, err)
			}
		})
	})
}

// TestMigrationFrom4CarriesTheResults: Atheneum's results, kept in columns
// of their own until version 4, become the standings and rows every game
// shares, with the tie-break that settled equal scores.
func TestMigrationFrom4CarriesTheResults(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v4.db")
	old, err := open(ctx, path, 4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.w.ExecContext(ctx, `INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, content_id,
		state_version, options, created_at, started_at, ended_at) VALUES
		('done', 'g', 'c1', 'u1', 'finished', 1, ?1, ?2, '{"seats":3}', 1, 2, 3)`,
		atheneum.DefaultContentID, atheneum.StateVersion); err != nil {
		t.Fatal(err)
	}
	for i, s := range []atheneum.Color{atheneum.Teal, atheneum.Pink, atheneum.Black} {
		if _, err := old.w.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, display_name, subject) VALUES ('done', ?, ?, 'P', ?)`,
			i, fmt.Sprintf("u%d", i+1), string(s.Letter())); err != nil {
			t.Fatal(err)
		}
	}
	// Seats 0 and 1 tie on 70 points; seat 1 shelved more books.
	if _, err := old.w.ExecContext(ctx, `INSERT INTO results (game_id, seat, rank, total, cards, objectives, favorite,
		compartments, candles, wands, books, favorite_books) VALUES
		('done', 0, 2, 70, 5, 30, 10, 15, 8, 2, 20, 5),
		('done', 1, 1, 70, 6, 29, 10, 15, 8, 2, 22, 5),
		('done', 2, 3, 40, 1, 10, 9, 10, 10, 0, 15, 4)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Results(ctx, "done")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		seat, rank, score int
		tieBreak          string
		cards             int
	}{{1, 1, 70, "books", 6}, {0, 2, 70, "books", 5}, {2, 3, 40, "", 1}}
	if len(res) != len(want) {
		t.Fatalf("%d results: %+v", len(res), res)
	}
	for i, w := range want {
		r := res[i]
		if r.Seat != w.seat || r.Rank != w.rank || r.Score != w.score || r.TieBreak != w.tieBreak || len(r.Rows) != 6 ||
			r.Rows[0] != (engine.Row{Category: "cards", Points: w.cards}) || r.Rows[5].Category != "wands" {
			t.Errorf("result %d: %+v, want %+v", i, r, w)
		}
	}
	if rec, _ := db.GetGame(ctx, "done"); rec.Kind != atheneum.GameID {
		t.Errorf("the game's kind is %q", rec.Kind)
	}
}

// TestRecordsAreFilteredByGame: each game's command shows its own history,
// stats and leaderboard; the whole server's records hold every game.
func TestRecordsAreFilteredByGame(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		base := time.UnixMilli(1_800_000_000_000)
		var games []*Game
		for k := range 3 {
			g := inGuild(t, db, "g", fmt.Sprintf("c%d", k), uint64(k+1), "u1", "u2")
			finish(t, db, g, uint64(k+1), base.Add(time.Duration(k)*time.Hour))
			games = append(games, g)
		}
		// The first game stands for another kind of game (its rules are not
		// read by the queries).
		if _, err := db.w.ExecContext(ctx, `UPDATE games SET game = 'anludim' WHERE id = ?`, games[0].ID); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name  string
			game  string
			count int
		}{
			{"the whole server's records hold every game", "", 3},
			{"Atheneum's records hold its two games", atheneum.GameID, 2},
			{"Anludim's records hold its one game", "anludim", 1},
			{"a game never played has no records", "exlibris", 0},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				sc := Scope{GuildID: "g", Game: c.game}
				history, err := db.FinishedGames(ctx, sc, 0)
				if err != nil || len(history) != c.count {
					t.Fatalf("history %d games (%v), want %d", len(history), err, c.count)
				}
				for _, fg := range history {
					if c.game != "" && fg.Game.Kind != c.game {
						t.Errorf("game %s of %s in %s's history", fg.Game.ID, fg.Game.Kind, c.game)
					}
				}
				st, err := db.MemberStats(ctx, sc, "u1")
				if err != nil || st.Games != c.count {
					t.Errorf("u1's stats count %d games (%v), want %d", st.Games, err, c.count)
				}
				board, err := db.Leaderboard(ctx, sc, 0, 1)
				if err != nil || (c.count > 0) != (len(board) == 2) || (len(board) > 0 && board[0].Games != c.count) {
					t.Errorf("leaderboard %+v (%v) for %d games", board, err, c.count)
				}
			})
		}
	})
}

// TestOnlyPostgreSQLIsSharedByProcesses: a service checks its copies of
// games against the store only where other processes may change them.
func TestOnlyPostgreSQLIsSharedByProcesses(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		if got, want := be.openTest(t).Shared(), be.name == "postgres"; got != want {
			t.Fatalf("Shared() = %v on %s, want %v", got, be.name, want)
		}
	})
}
