package bot

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"path/filepath"
	"runtime/pprof"
	"sync"
	"syscall"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/anludim"
	anai "atheneum/engine/anludim/ai"
	"atheneum/store"
)

// BenchmarkCeiling measures one bot process's ceiling in a closed loop on
// the lean fake Discord: N games at once (three people each, the third
// with closed direct messages; three in four Atheneum, one in four
// Anludim), each person answering whatever the game asks as soon as they
// are answered, for a fixed amount of play per game (Atheneum: one turn;
// Anludim: twenty moves). It reports the interactions answered per second,
// the acknowledgement's median and 99th percentile, the process's
// processor time per interaction (cpu-ms/interaction: the bot with the
// fake and the drivers) and the bot's own share of it
// (bot-cpu-ms/interaction, see roleProfile). Each game is dealt from a
// seed of its own, as real games are: with the harness's one seed every
// game would show the same cards, and any cache of what was drawn or
// written would look far better than it is.
func BenchmarkCeiling(b *testing.B) {
	for _, games := range []int{5, 20, 80} {
		b.Run(fmt.Sprintf("%d-games", games), func(b *testing.B) {
			var lat []time.Duration
			var cpu, botCPU time.Duration
			var wall time.Duration
			var shares roleShares
			profiled := true
			for b.Loop() {
				h := newCeilingHarness(b)
				prof := startRoleProfile()
				before := processCPU()
				start := time.Now()
				pprof.Do(context.Background(), pprof.Labels(roleLabel, roleDrivers), func(context.Context) {
					lat = append(lat, playCeiling(b, h, games)...)
				})
				wall += time.Since(start)
				used := processCPU() - before
				cpu += used
				got, err := prof.stop()
				if err != nil {
					// Another CPU profile is on (-test.cpuprofile): its
					// samples carry the same labels (go tool pprof
					// -tagfocus role=bot), but they are not read here.
					profiled = false
				} else {
					shares.add(got)
					botCPU += got.bot(used)
				}
				h.stop()
			}
			n := float64(len(lat))
			b.ReportMetric(n/wall.Seconds(), "interactions/s")
			b.ReportMetric(float64(discordtest.Percentile(lat, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(discordtest.Percentile(lat, 99).Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(cpu.Microseconds())/1000/n, "cpu-ms/interaction")
			if profiled {
				b.ReportMetric(float64(botCPU.Microseconds())/1000/n, "bot-cpu-ms/interaction")
				b.ReportMetric(100*shares.share(roleNone), "unlabelled-%")
			}
		})
	}
}

// The roles a goroutine of the ceiling benchmark plays, as a pprof label:
// every goroutine inherits its creator's labels, so labelling where the
// fake Discord, the bot and the drivers are started labels all their
// goroutines (the fake's HTTP server and its connections, the bot's
// discordgo session, its handlers and its HTTP client's connections, the
// drivers' games and what they start).
const (
	roleLabel   = "role"
	roleBot     = "bot"
	roleDiscord = "discord"
	roleDrivers = "drivers"
	// roleNone is a sample without a role: the runtime's own goroutines
	// (the garbage collector's background workers, above all).
	roleNone = ""
)

// newCeilingHarness is a lean harness (as newMeasuringHarness) whose
// games each get a seed of their own, its fake Discord and its bot
// started under their role's label.
func newCeilingHarness(tb testing.TB) *harness {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	var srv *discordtest.Server
	var world discordtest.Fixture
	pprof.Do(ctx, pprof.Labels(roleLabel, roleDiscord), func(context.Context) {
		srv = discordtest.New(tb, withREST(discordtest.Options{Lean: true}))
		world = srv.Seed("host")
	})
	h := &harness{Driver: drive.Driver{Ctx: ctx, Srv: srv, Channel: world.Channel.ID}, t: tb, world: world,
		dbPath: filepath.Join(tb.TempDir(), "atheneum.db"), clock: &fakeClock{now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)},
		logs: &lockedBuffer{}, wrap: func(s Store) Store { return ownSeeds{s} }}
	pprof.Do(ctx, pprof.Labels(roleLabel, roleBot), func(context.Context) { h.start() })
	tb.Cleanup(h.stop)
	return h
}

// ownSeeds deals each game from a seed made from its id, in place of the
// harness's one seed for every game.
type ownSeeds struct{ Store }

// StartGame starts the game with its own seed.
func (s ownSeeds) StartGame(ctx context.Context, gameID string, _ uint64, seats []store.Seat) (*store.Game, error) {
	h := fnv.New64a()
	h.Write([]byte(gameID))
	return s.Store.StartGame(ctx, gameID, h.Sum64(), seats)
}

// processCPU is the processor time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// roleProfile is a CPU profile taken while the games are played, read
// back for the processor time each role's goroutines were sampled in.
// The samples are the kernel's profiling timer's (100 a second of
// processor time per thread): an unbiased split of the process's
// processor time, with a spread of a few percent over a run of a few
// seconds.
type roleProfile struct {
	buf bytes.Buffer
	on  bool
}

// startRoleProfile starts the profile; if another is on, stop returns an
// error.
func startRoleProfile() *roleProfile {
	p := &roleProfile{}
	p.on = pprof.StartCPUProfile(&p.buf) == nil
	return p
}

// roleShares is the processor time sampled in each role's goroutines.
type roleShares map[string]int64

// add adds o's samples to s.
func (s *roleShares) add(o roleShares) {
	if *s == nil {
		*s = roleShares{}
	}
	for k, v := range o {
		(*s)[k] += v
	}
}

// share is role's share of all the samples.
func (s roleShares) share(role string) float64 {
	var all int64
	for _, v := range s {
		all += v
	}
	if all == 0 {
		return 0
	}
	return float64(s[role]) / float64(all)
}

// bot is the bot's part of used, the process's processor time: the bot's
// share of the samples with a role. The unlabelled samples (the garbage
// collector's background work, the scheduler) are shared among the roles
// as their labelled samples are, the garbage being made by whoever
// allocates.
func (s roleShares) bot(used time.Duration) time.Duration {
	var labelled int64
	for k, v := range s {
		if k != roleNone {
			labelled += v
		}
	}
	if labelled == 0 {
		return 0
	}
	return time.Duration(float64(used) * float64(s[roleBot]) / float64(labelled))
}

// stop stops the profile and returns the processor time sampled in each
// role.
func (p *roleProfile) stop() (roleShares, error) {
	if !p.on {
		return nil, errors.New("another CPU profile is on")
	}
	pprof.StopCPUProfile()
	return readRoleShares(&p.buf)
}

// readRoleShares reads a gzipped profile.proto (as runtime/pprof writes
// it) for the sum of its samples' cpu values by their role label. A
// protobuf reader of its own, for the four fields it needs: the profile's
// sample types, samples and string table, and a sample's values and
// labels.
func readRoleShares(r io.Reader) (roleShares, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(z)
	if err != nil {
		return nil, err
	}
	type sample struct {
		values []int64
		labels [][2]int64 // key, str: indices into the string table
	}
	var strs []string
	var types []int64 // each sample type's name, an index into strs
	var samples []sample
	err = pbFields(data, func(field int, v uint64, b []byte) error {
		switch field {
		case 1: // sample_type
			return pbFields(b, func(f int, v uint64, _ []byte) error {
				if f == 1 {
					types = append(types, int64(v))
				}
				return nil
			})
		case 2: // sample
			var s sample
			err := pbFields(b, func(f int, v uint64, b []byte) error {
				switch f {
				case 2: // value, packed or not
					if b == nil {
						s.values = append(s.values, int64(v))
						return nil
					}
					for len(b) > 0 {
						x, n := binary.Uvarint(b)
						if n <= 0 {
							return errors.New("bad packed value")
						}
						s.values, b = append(s.values, int64(x)), b[n:]
					}
				case 3: // label
					var l [2]int64
					err := pbFields(b, func(f int, v uint64, _ []byte) error {
						if f == 1 || f == 2 {
							l[f-1] = int64(v)
						}
						return nil
					})
					s.labels = append(s.labels, l)
					return err
				}
				return nil
			})
			samples = append(samples, s)
			return err
		case 6: // string_table
			strs = append(strs, string(b))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	str := func(i int64) string {
		if i < 0 || i >= int64(len(strs)) {
			return ""
		}
		return strs[i]
	}
	cpu := -1
	for k, t := range types {
		if str(t) == "cpu" {
			cpu = k
		}
	}
	if cpu < 0 {
		return nil, errors.New("no cpu values in the profile")
	}
	shares := roleShares{}
	for _, s := range samples {
		if cpu >= len(s.values) {
			continue
		}
		role := roleNone
		for _, l := range s.labels {
			if str(l[0]) == roleLabel {
				role = str(l[1])
			}
		}
		shares[role] += s.values[cpu]
	}
	return shares, nil
}

// pbFields calls f with each field of the protobuf message data: its
// number, and its value (a varint or a fixed number) or its bytes (a
// length-delimited field; nil otherwise).
func pbFields(data []byte, f func(field int, v uint64, b []byte) error) error {
	for len(data) > 0 {
		key, n := binary.Uvarint(data)
		if n <= 0 {
			return errors.New("bad protobuf key")
		}
		data = data[n:]
		field, wire := int(key>>3), key&7
		var v uint64
		var b []byte
		switch wire {
		case 0:
			v, n = binary.Uvarint(data)
			if n <= 0 {
				return errors.New("bad protobuf varint")
			}
			data = data[n:]
		case 1:
			if len(data) < 8 {
				return errors.New("short protobuf fixed64")
			}
			v, data = binary.LittleEndian.Uint64(data), data[8:]
		case 2:
			l, n := binary.Uvarint(data)
			if n <= 0 || uint64(len(data)-n) < l {
				return errors.New("bad protobuf length")
			}
			b, data = data[n:n+int(l)], data[n+int(l):]
			if b == nil {
				b = []byte{}
			}
		case 5:
			if len(data) < 4 {
				return errors.New("short protobuf fixed32")
			}
			v, data = uint64(binary.LittleEndian.Uint32(data)), data[4:]
		default:
			return fmt.Errorf("protobuf wire type %d", wire)
		}
		if err := f(field, v, b); err != nil {
			return err
		}
	}
	return nil
}

// playCeiling plays games games at once through h and returns their
// people's acknowledgement latencies.
func playCeiling(tb testing.TB, h *harness, games int) []time.Duration {
	start := len(h.Srv.Interactions())
	errs := make([]error, games)
	var wg sync.WaitGroup
	for k := range games {
		ch, users, ps := h.tableOfThree(k)
		gh := h.in(tb, ch)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if k%4 == 3 {
				id, err := gh.Open(drive.Lobby{Command: anludim.ID, People: users})
				if err != nil {
					errs[k] = err
					return
				}
				_, err = gh.PlayGameUntil(id, anludim.ID, ps, anai.Players{}, nil, func(rec *store.Game) bool { return rec.Seq >= 20 })
				errs[k] = err
				return
			}
			if _, err := gh.Driver.OpenGame(users...); err != nil {
				errs[k] = err
				return
			}
			rec, err := gh.db.GameInChannel(gh.Ctx, ch.ID)
			if err != nil {
				errs[k] = err
				return
			}
			gh.Game = rec.ID
			for rounds := 0; rounds < 500; rounds++ {
				full, err := gh.db.LoadGame(gh.Ctx, rec.ID)
				if err != nil {
					errs[k] = err
					return
				}
				if g := ath(full.State); g == nil || g.TurnNumber() > 1 {
					return
				}
				for _, p := range ps {
					if _, err := gh.Driver.Step(p); err != nil {
						errs[k] = err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			tb.Fatal(err)
		}
	}
	var lat []time.Duration
	for _, in := range h.Srv.Interactions()[start:] {
		if d, ok := in.Latency(); ok {
			lat = append(lat, d)
		}
	}
	return lat
}
