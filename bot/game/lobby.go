package game

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"time"

	"atheneum/engine"
	"atheneum/store"
)

// Lobby holds what opening a lobby needs.
type Lobby struct {
	// Game is the kind of game, by its rules' ID ("" is the service's
	// first).
	Game               string
	GuildID, ChannelID string
	HostID, HostName   string
	// Seats is the most players allowed; StepHours the time per step.
	Seats, StepHours int
	// Language is the game's language, "en" or "fr" ("" is English).
	Language string
	// Practice opens a tutorial game, which counts in no record.
	Practice bool
}

// Languages are the languages a game can be played in.
var Languages = []string{"en", "fr"}

// JobLobbyExpiry closes a lobby that was not started in time.
const JobLobbyExpiry = "lobby_expiry"

// LobbyExpires returns when the lobby closes by itself (zero: never).
func LobbyExpires(rec *store.Game) time.Time {
	if rec.Options.LobbyExpires == 0 {
		return time.Time{}
	}
	return time.UnixMilli(rec.Options.LobbyExpires)
}

// expired reports whether rec is a lobby past its expiry.
func (s *Service) expired(rec *store.Game) bool {
	at := LobbyExpires(rec)
	return rec.Status == store.StatusLobby && !at.IsZero() && !s.o.Now().Before(at)
}

// OpenLobby stores a new lobby with its host in the first seat; it closes
// by itself after Options.LobbyHours unless started. A channel that
// already has an active game gets store.ErrExists, unless that game is a
// lobby past its expiry, which is closed to make room.
func (s *Service) OpenLobby(ctx context.Context, l Lobby) (*store.Game, error) {
	if l.Language != "" && !slices.Contains(Languages, l.Language) {
		return nil, refusal(CodeNoSuchLanguage)
	}
	if l.Game == "" && len(s.o.Games) > 0 {
		l.Game = s.o.Games[0].ID()
	}
	k, err := s.Kind(&store.Game{Kind: l.Game})
	if err != nil {
		return nil, refusal(CodeNoSuchGame)
	}
	lo, hi := k.SeatRange()
	if l.Seats == 0 {
		l.Seats = hi
	}
	if l.Seats < lo || l.Seats > hi {
		return nil, &Refusal{Code: CodeBadSeats, Arg: strconv.Itoa(lo) + "-" + strconv.Itoa(hi)}
	}
	expires := s.o.Now().Add(time.Duration(s.o.LobbyHours) * time.Hour)
	rec := &store.Game{
		Kind:    l.Game,
		GuildID: l.GuildID, ChannelID: l.ChannelID, HostID: l.HostID,
		Options: store.Options{Seats: l.Seats, StepHours: l.StepHours, Language: l.Language, LobbyExpires: expires.UnixMilli(), Practice: l.Practice},
		// The service's clock, so that a lobby's age reads right in tests.
		CreatedAt: s.o.Now(),
	}
	rec.Seats = []store.Seat{{UserID: l.HostID, Name: l.HostName, Options: freeSeatOptions(k, nil)}}
	err = s.o.Store.CreateGame(ctx, rec)
	var se *store.Error
	if errors.As(err, &se) && se.Code == store.CodeExists && se.GameID != "" && s.closeExpired(ctx, se.GameID) {
		rec.ID = ""
		err = s.o.Store.CreateGame(ctx, rec)
	}
	if err != nil {
		return nil, err
	}
	// The expiry is also in the options, so a lost job cannot keep a
	// lobby squatting the channel: the next OpenLobby closes it.
	if err := s.o.Store.Commit(ctx, rec.ID, store.Commit{PutJobs: []store.Job{{Kind: JobLobbyExpiry, Seat: store.NoSeat, Due: expires}}}); err != nil {
		s.log.Warn("could not schedule a lobby's expiry", "game", rec.ID, "err", err)
	}
	s.log.Info("lobby opened", "game", rec.ID, "guild", rec.GuildID, "channel", rec.ChannelID)
	return rec, nil
}

// MaxPracticePerServer bounds the practice games running at once on one
// server: each has its own thread and computer players, and a member may
// only have one of each game (see OpenPractice).
const MaxPracticePerServer = 10

// OpenPractice opens a practice lobby (l.Practice is set) for its host,
// within the bounds: one running practice game per member and kind of
// game on a server (CodePracticeRunning, naming its channel, for a second
// one) and MaxPracticePerServer per server (CodePracticeFull). place
// makes the channel the game is played in (a private thread), called only
// once the bounds allow it, so that a refused request creates nothing.
// Requests are taken one at a time.
func (s *Service) OpenPractice(ctx context.Context, l Lobby, place func() (channelID string, err error)) (*store.Game, error) {
	s.practice.Lock()
	defer s.practice.Unlock()
	active, err := s.o.Store.ListActive(ctx)
	if err != nil {
		return nil, err
	}
	running := 0
	for _, g := range active {
		if g.GuildID != l.GuildID || !g.Options.Practice {
			continue
		}
		if g.HostID == l.HostID && g.Kind == l.Game {
			return nil, &Refusal{Code: CodePracticeRunning, Arg: g.ChannelID}
		}
		running++
	}
	if running >= MaxPracticePerServer {
		return nil, refusal(CodePracticeFull)
	}
	if l.ChannelID, err = place(); err != nil {
		return nil, err
	}
	l.Practice = true
	return s.OpenLobby(ctx, l)
}

// closeExpired closes the game if it is a lobby past its expiry, and
// reports whether it did.
func (s *Service) closeExpired(ctx context.Context, gameID string) bool {
	t, err := s.Table(ctx, gameID)
	if err != nil {
		return false
	}
	defer t.Unlock()
	if !s.expired(t.Rec) {
		return false
	}
	if err := s.closeLobby(ctx, t); err != nil {
		s.log.Warn("could not close an expired lobby", "game", gameID, "err", err)
		return false
	}
	s.log.Info("lobby expired", "game", gameID, "by", "new lobby")
	return true
}

// closeLobby abandons the lobby and drops it from memory; t is locked.
func (s *Service) closeLobby(ctx context.Context, t *Table) error {
	rec := t.Rec
	if err := s.o.Store.Abandon(ctx, rec.ID); err != nil {
		return err
	}
	rec.Status, rec.EndedAt = store.StatusAbandoned, s.o.Now()
	t.publish()
	s.Forget(rec.ID)
	return nil
}

// expireLobby runs a lobby's expiry job: the lobby closes and players are
// told; t is locked.
func (s *Service) expireLobby(ctx context.Context, t *Table) {
	if err := s.closeLobby(ctx, t); err != nil {
		s.log.Error("could not close an expired lobby", "game", t.Rec.ID, "err", err)
		return
	}
	s.log.Info("lobby expired", "game", t.Rec.ID)
	s.o.Presenter.Present(ctx, t, Notice{Kind: NoticeLobbyExpired})
}

// DiscardLobby closes a lobby whose announcement could not be posted, so
// that no game nobody can see blocks the channel. Closing one already
// closed is not an error.
func (s *Service) DiscardLobby(ctx context.Context, gameID string) error {
	t, err := s.Table(ctx, gameID)
	if err != nil {
		return err
	}
	defer t.Unlock()
	switch t.Rec.Status {
	case store.StatusAbandoned:
		return nil
	case store.StatusLobby:
	default:
		return refusal(CodeNotLobby)
	}
	if err := s.closeLobby(ctx, t); err != nil {
		return err
	}
	s.log.Info("lobby discarded", "game", gameID)
	return nil
}

// LobbyChange is one change to a lobby's seats or options.
type LobbyChange struct {
	// Verb is "join", "leave", "seat_option" (the person's own option),
	// "option" (a game option, the host's), "add_ai", "remove_ai" or
	// "language".
	Verb string
	// UserID and Name are the person asking.
	UserID, Name string
	// Option names the option (seat_option, option).
	Option string
	// Value is the option's value (seat_option, option), the AI level
	// (add_ai), the seat number counted from 1 (remove_ai) or "en" or "fr"
	// (language).
	Value string
}

// ChangeLobby applies one change to the lobby; t is locked. Refusals
// change nothing.
func (s *Service) ChangeLobby(ctx context.Context, t *Table, c LobbyChange) error {
	rec := t.Rec
	if err := lobbyOpen(rec); err != nil {
		return err
	}
	k, err := s.Kind(rec)
	if err != nil {
		return err
	}
	seat := seatOfUser(rec, c.UserID)
	isHost := c.UserID == rec.HostID
	seats := slices.Clone(rec.Seats)
	opts := rec.Options
	var gameOptions map[string]string
	switch c.Verb {
	case "join":
		if seat >= 0 {
			return refusal(CodeAlreadyJoined)
		}
		if len(seats) >= rec.Options.Seats {
			return refusal(CodeFull)
		}
		seats = append(seats, store.Seat{UserID: c.UserID, Name: c.Name, Options: freeSeatOptions(k, seats)})
	case "leave":
		if seat < 0 {
			return refusal(CodeNotInLobby)
		}
		if isHost {
			return refusal(CodeHostStays)
		}
		seats = slices.Delete(seats, seat, seat+1)
	case "seat_option":
		if seat < 0 {
			return refusal(CodeNotInLobby)
		}
		o, ok := findOption(k, c.Option, true)
		if !ok || !slices.Contains(o.Values, c.Value) {
			return refusal(CodeNoSuchOption)
		}
		if o.Unique && seats[seat].Options[o.Name] != c.Value && takenBy(seats, o.Name, c.Value) >= 0 {
			return &Refusal{Code: CodeOptionTaken, Arg: c.Value, Option: o.Name}
		}
		seats[seat].Options = maps.Clone(seats[seat].Options)
		if seats[seat].Options == nil {
			seats[seat].Options = map[string]string{}
		}
		seats[seat].Options[o.Name] = c.Value
	case "option":
		if !isHost {
			return refusal(CodeHostOnly)
		}
		o, ok := findOption(k, c.Option, false)
		if !ok || !slices.Contains(o.Values, c.Value) {
			return refusal(CodeNoSuchOption)
		}
		gameOptions = maps.Clone(rec.GameOptions)
		if gameOptions == nil {
			gameOptions = map[string]string{}
		}
		gameOptions[o.Name] = c.Value
	case "add_ai":
		if !isHost {
			return refusal(CodeHostOnly)
		}
		if !slices.Contains(k.Levels(), c.Value) {
			return refusal(CodeNoSuchLevel)
		}
		if len(seats) >= rec.Options.Seats {
			return refusal(CodeFull)
		}
		seats = append(seats, store.Seat{AILevel: c.Value, Name: s.aiName(seats, opts.Language, c.Value), Options: freeSeatOptions(k, seats)})
	case "remove_ai":
		if !isHost {
			return refusal(CodeHostOnly)
		}
		n, err := strconv.Atoi(c.Value)
		if err != nil || n < 1 || n > len(seats) || seats[n-1].AILevel == "" {
			return refusal(CodeNoSuchAI)
		}
		seats = slices.Delete(seats, n-1, n)
	case "language":
		if !isHost {
			return refusal(CodeHostOnly)
		}
		if !slices.Contains(Languages, c.Value) {
			return refusal(CodeNoSuchLanguage)
		}
		opts.Language = c.Value
		seats = s.renameAIs(seats, opts.Language)
	default:
		return refusal(CodeNotLobby)
	}
	// A lobby in use is not idle: its expiry starts again.
	expires := s.o.Now().Add(time.Duration(s.o.LobbyHours) * time.Hour)
	opts.LobbyExpires = expires.UnixMilli()
	if err := s.o.Store.UpdateLobby(ctx, rec.ID, seats, opts, gameOptions); err != nil {
		return err
	}
	rec.Seats, rec.Options = seats, opts
	if gameOptions != nil {
		rec.GameOptions = gameOptions
	}
	t.publish()
	if err := s.o.Store.Commit(ctx, rec.ID, store.Commit{PutJobs: []store.Job{{Kind: JobLobbyExpiry, Seat: store.NoSeat, Due: expires}}}); err != nil {
		// The options hold the new expiry: an early job finds the lobby
		// not yet expired, and the next OpenLobby judges by the options.
		s.log.Warn("could not move a lobby's expiry", "game", rec.ID, "err", err)
	}
	return nil
}

// CancelLobby closes the lobby; only its host may; t is locked.
func (s *Service) CancelLobby(ctx context.Context, t *Table, userID string) error {
	rec := t.Rec
	if err := lobbyOpen(rec); err != nil {
		return err
	}
	if userID != rec.HostID {
		return refusal(CodeHostOnly)
	}
	if err := s.o.Store.Abandon(ctx, rec.ID); err != nil {
		return err
	}
	rec.Status = store.StatusAbandoned
	t.publish()
	s.log.Info("lobby cancelled", "game", rec.ID)
	s.Forget(rec.ID)
	return nil
}

// Start deals the game and opens its first step; only the host may start,
// with at least the game's fewest seats; t is locked. The step's notices
// wait for Settle.
func (s *Service) Start(ctx context.Context, t *Table, userID string) error {
	rec := t.Rec
	if err := lobbyOpen(rec); err != nil {
		return err
	}
	if userID != rec.HostID {
		return refusal(CodeHostOnly)
	}
	k, err := s.Kind(rec)
	if err != nil {
		return err
	}
	if lo, _ := k.SeatRange(); len(rec.Seats) < lo {
		return &Refusal{Code: CodeTooFew, Arg: strconv.Itoa(lo)}
	}
	started, err := s.o.Store.StartGame(ctx, rec.ID, s.o.NewSeed(), rec.Seats)
	if err != nil {
		return err
	}
	t.Rec = started
	s.log.Info("game started", "game", started.ID, "seats", len(started.Seats))
	// Members away on the server start on autopilot.
	away, awayJobs, on := s.awayAtStart(ctx, started)
	for _, ch := range on {
		started.Seats[ch.Seat].Autopilot = true
	}
	set := begin(StepKey(started.State), started.State.Awaited(), s.o.Now(), s.toldOfStep(ctx, started, started.State, away))
	c := store.Commit{Seq: started.Seq, PutJobs: append(append(s.stepJobs(started, started.State), set.job()), awayJobs...),
		DeleteJobs: []store.JobKey{{Kind: JobLobbyExpiry, Seat: store.NoSeat}}, Autopilot: on}
	advance := awaitsAutomatic(started, started.State)
	var advanceJob store.Job
	if advance {
		advanceJob = s.heldJob(JobAdvance, nil)
		c.PutJobs = append(c.PutJobs, advanceJob)
	}
	if err := s.o.Store.Commit(ctx, started.ID, c); err != nil {
		return err
	}
	t.scheduled(c.PutJobs)
	t.advanceStored, t.heldUntil = advance, advanceJob.Lease
	t.reminded = set
	t.away = away
	t.publish()
	for _, j := range awayJobs {
		t.pending = append(t.pending, Notice{Kind: NoticeAway, Seats: []int{j.Seat}, Until: j.Due})
	}
	t.pending = append(t.pending, Notice{Kind: NoticeStepBegan})
	return nil
}

func lobbyOpen(rec *store.Game) error {
	switch rec.Status {
	case store.StatusLobby:
		return nil
	case store.StatusPlaying, store.StatusFinished:
		return refusal(CodeNotLobby)
	}
	return refusal(CodeLobbyClosed)
}

// SeatOf returns the seat of a person in the game, or -1.
func SeatOf(rec *store.Game, userID string) int { return seatOfUser(rec, userID) }

func seatOfUser(rec *store.Game, userID string) int {
	if userID == "" {
		return -1
	}
	for i, s := range rec.Seats {
		if s.UserID == userID {
			return i
		}
	}
	return -1
}

// takenBy is the seat whose option name has value, or -1.
func takenBy(seats []store.Seat, name, value string) int {
	for i, s := range seats {
		if s.Options[name] == value {
			return i
		}
	}
	return -1
}

// findOption returns the game's option of that name, a seat's own or a
// game option as perSeat says.
func findOption(k Kind, name string, perSeat bool) (engine.Option, bool) {
	o, _ := k.Rules.(engine.Optioner)
	if o == nil {
		return engine.Option{}, false
	}
	for _, opt := range o.Options() {
		if opt.Name == name && opt.PerSeat == perSeat {
			return opt, true
		}
	}
	return engine.Option{}, false
}

// freeSeatOptions gives a newcomer to seats the first value no other seat
// has of each unique seat option (a favourite subject of their own); nil
// when the game has none.
func freeSeatOptions(k Kind, seats []store.Seat) map[string]string {
	o, _ := k.Rules.(engine.Optioner)
	if o == nil {
		return nil
	}
	var out map[string]string
	for _, opt := range o.Options() {
		if !opt.PerSeat || !opt.Unique {
			continue
		}
		for _, v := range opt.Values {
			if takenBy(seats, opt.Name, v) < 0 {
				if out == nil {
					out = map[string]string{}
				}
				out[opt.Name] = v
				break
			}
		}
	}
	return out
}

// aiName names a new AI seat by its level, numbered when the level is
// already seated: "Normal AI", "Normal AI 2".
// aiName names a new computer player of level among seats, in the game's
// language, numbered when the name is taken.
func (s *Service) aiName(seats []store.Seat, language, level string) string {
	base := s.o.AIName(language, level)
	for n := 1; ; n++ {
		name := base
		if n > 1 {
			name += " " + strconv.Itoa(n)
		}
		taken := false
		for _, s := range seats {
			taken = taken || s.Name == name
		}
		if !taken {
			return name
		}
	}
}

// renameAIs names the lobby's computer players anew in language, after the
// host changed the game's language.
func (s *Service) renameAIs(seats []store.Seat, language string) []store.Seat {
	out := slices.Clone(seats)
	for i := range out {
		if out[i].UserID == "" {
			out[i].Name = ""
		}
	}
	for i := range out {
		if out[i].UserID == "" {
			out[i].Name = s.aiName(out, language, out[i].AILevel)
		}
	}
	return out
}
