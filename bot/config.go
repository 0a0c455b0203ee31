package bot

import (
	"bufio"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// Config is the bot's configuration, read from the environment and an
// optional .env file (see .env.example).
type Config struct {
	// Token is the bot token (DISCORD_TOKEN). It is never logged.
	Token string
	// DBPath is where the games are kept (ATHENEUM_DB, default
	// ./atheneum.db): an SQLite file's path, or a postgres:// or
	// postgresql:// URL of a PostgreSQL database, which several processes
	// may share (see store.Open).
	DBPath string
	// GuildID, when set (ATHENEUM_GUILD), registers the commands in that
	// server only, where they appear at once; otherwise globally.
	GuildID string
	// StepHours is the default time allowed per step (ATHENEUM_STEP_HOURS, default 24).
	StepHours int
	// SchedulerEvery is how often due deadlines and reminders are checked
	// (ATHENEUM_SCHEDULER_SECONDS, default 30).
	SchedulerEvery time.Duration
	// HardAIPlayouts is the effort of Atheneum's hard computer player
	// (ATHENEUM_HARD_AI_PLAYOUTS, default ai.DefaultPlayouts): play-outs
	// per candidate card at a pick, a third of them at a shelving choice.
	// A count, not a time, so that the same game plays the same moves on
	// any host however busy; the default takes about a second per pick on
	// an idle two-core machine. (Anludim's hard player plays its own fixed
	// play-outs.)
	HardAIPlayouts int
	// HTTPAddr, when set (ATHENEUM_HTTP, e.g. ":8080"), is the address of
	// the HTTP interactions endpoint, through which Discord then delivers
	// every interaction instead of the gateway (see HTTPHandler): any
	// number of identical processes may serve it, behind a load balancer.
	HTTPAddr string
	// PublicKey is the application's public key (DISCORD_PUBLIC_KEY, in
	// hexadecimal as the developer portal shows it), which checks that the
	// endpoint's requests come from Discord; HTTPAddr needs it.
	PublicKey ed25519.PublicKey
	// ShardID and ShardCount (ATHENEUM_SHARDS=i/n) make this process the
	// gateway's shard i of n, which receives the interactions of the
	// servers whose id gives (id >> 22) % n = i, and direct messages on
	// shard 0. ShardCount is 0 when unset: one connection for everything.
	ShardID, ShardCount int
	// APIURL, when set (DISCORD_API_URL, e.g. http://10.0.0.9:8080), is
	// where the bot sends its REST calls instead of https://discord.com:
	// a REST proxy in front of Discord, which keeps the rate limits that
	// several processes on one token share (Discord counts them per
	// token, not per process). Paths are kept (/api/v9/...), as such
	// proxies expect; the gateway and the CDN are reached as before. The
	// proxy sees the token, so it runs on the bot's private network.
	// Empty: https://discord.com itself.
	APIURL string
}

// Sharded reports whether the process is one gateway shard of several.
func (c Config) Sharded() bool { return c.ShardCount > 1 }

// RegistersCommands reports whether this process installs the slash
// commands at start: every process but the shards other than 0. Discord
// lets any shard do it, but the commands are the application's, not a
// shard's: n shards overwriting the same commands at every start would
// spend n times the application's budget of command writes, and shard 0
// always runs (it receives the direct messages). The processes behind an
// HTTP endpoint are all alike, so each one registers; the overwrite is
// the same from each, and the last one started wins in a rolling upgrade.
func (c Config) RegistersCommands() bool { return c.ShardID == 0 }

// MaxHardAIPlayouts is the most ATHENEUM_HARD_AI_PLAYOUTS may ask: about a
// minute per pick.
const MaxHardAIPlayouts = 60 * ai.DefaultPlayouts

// ErrNoToken is returned by LoadConfig when no token is configured.
var ErrNoToken = errors.New(`no DISCORD_TOKEN is set.

To create a bot: open https://discord.com/developers/applications, choose
"New Application", then on the Bot tab press "Reset Token" and copy it into a
.env file as DISCORD_TOKEN=... (see .env.example). Invite the bot with the
OAuth2 URL generator, scopes "bot" and "applications.commands"; it needs no
privileged intents.`)

// LoadConfig reads the configuration from the environment, after loading
// envFile (if it exists) into variables that are not already set.
func LoadConfig(envFile string) (Config, error) {
	if envFile != "" {
		if err := loadDotEnv(envFile); err != nil {
			return Config{}, err
		}
	}
	c := Config{
		Token:          strings.TrimSpace(os.Getenv("DISCORD_TOKEN")),
		DBPath:         envOr("ATHENEUM_DB", "./atheneum.db"),
		GuildID:        os.Getenv("ATHENEUM_GUILD"),
		StepHours:      24,
		SchedulerEvery: 30 * time.Second,
		HardAIPlayouts: ai.DefaultPlayouts,
	}
	if scheme, _, ok := strings.Cut(c.DBPath, "://"); ok && !store.IsPostgresURL(c.DBPath) {
		return c, fmt.Errorf("ATHENEUM_DB must be an SQLite file's path or a postgres:// URL, not a %s:// URL", scheme)
	}
	if v := os.Getenv("ATHENEUM_STEP_HOURS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 24*14 {
			return c, fmt.Errorf("ATHENEUM_STEP_HOURS must be a number of hours from 1 to 336, not %q", v)
		}
		c.StepHours = n
	}
	if v := os.Getenv("ATHENEUM_SCHEDULER_SECONDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return c, fmt.Errorf("ATHENEUM_SCHEDULER_SECONDS must be a positive number, not %q", v)
		}
		c.SchedulerEvery = time.Duration(n) * time.Second
	}
	if v := os.Getenv("ATHENEUM_HARD_AI_MS"); v != "" {
		return c, fmt.Errorf("ATHENEUM_HARD_AI_MS (%s) is no longer read: a hard computer player's effort is now a number of play-outs, the same on any host; remove it, and set ATHENEUM_HARD_AI_PLAYOUTS instead if the default (%d, about a second per card on an idle two-core machine) does not suit", v, ai.DefaultPlayouts)
	}
	if v := os.Getenv("ATHENEUM_HARD_AI_PLAYOUTS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxHardAIPlayouts {
			return c, fmt.Errorf("ATHENEUM_HARD_AI_PLAYOUTS must be a number of play-outs from 1 to %d (default %d), not %q", MaxHardAIPlayouts, ai.DefaultPlayouts, v)
		}
		c.HardAIPlayouts = n
	}
	if err := c.readReceiving(); err != nil {
		return c, err
	}
	if err := c.readAPIURL(); err != nil {
		return c, err
	}
	if c.Token == "" {
		return c, ErrNoToken
	}
	return c, nil
}

// readReceiving reads how interactions arrive: the gateway (with
// ATHENEUM_SHARDS, as one of several shards) or the HTTP endpoint
// (ATHENEUM_HTTP and DISCORD_PUBLIC_KEY); both run several processes, and
// so need a PostgreSQL database.
func (c *Config) readReceiving() error {
	if v := strings.TrimSpace(os.Getenv("ATHENEUM_SHARDS")); v != "" {
		i, n, ok := parseShard(v)
		if !ok {
			return fmt.Errorf("ATHENEUM_SHARDS must be this process's shard and the number of shards, as i/n with i from 0 to n-1 (0/2 and 1/2 for two processes), not %q", v)
		}
		c.ShardID, c.ShardCount = i, n
		if c.Sharded() {
			if err := c.sharedDBFor("ATHENEUM_SHARDS"); err != nil {
				return err
			}
		}
	}
	key := strings.TrimSpace(os.Getenv("DISCORD_PUBLIC_KEY"))
	if key != "" {
		raw, err := hex.DecodeString(key)
		if err != nil || len(raw) != ed25519.PublicKeySize {
			return fmt.Errorf("DISCORD_PUBLIC_KEY must be the application's public key, %d hexadecimal digits as the developer portal shows it (General Information, Public Key)", 2*ed25519.PublicKeySize)
		}
		c.PublicKey = raw
	}
	c.HTTPAddr = strings.TrimSpace(os.Getenv("ATHENEUM_HTTP"))
	if c.HTTPAddr == "" {
		return nil
	}
	if _, _, err := net.SplitHostPort(c.HTTPAddr); err != nil {
		return fmt.Errorf("ATHENEUM_HTTP must be the address the interactions endpoint listens on, as :8080 or 10.0.0.5:8080, not %q", c.HTTPAddr)
	}
	if c.PublicKey == nil {
		return errors.New(`ATHENEUM_HTTP needs DISCORD_PUBLIC_KEY, the application's public key, to check that requests come from Discord: copy it from the developer portal (General Information, Public Key)`)
	}
	if c.Sharded() {
		return errors.New("ATHENEUM_SHARDS and ATHENEUM_HTTP are two ways of receiving interactions: with the HTTP endpoint Discord sends every interaction to it and no process connects to the gateway, so leave ATHENEUM_SHARDS unset")
	}
	return c.sharedDBFor("ATHENEUM_HTTP")
}

// readAPIURL reads DISCORD_API_URL, the base URL of a REST proxy that
// stands for https://discord.com (see APIURL).
func (c *Config) readAPIURL() error {
	v := strings.TrimSpace(os.Getenv("DISCORD_API_URL"))
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("DISCORD_API_URL must be the base URL of a REST proxy that stands for https://discord.com, as http://10.0.0.9:8080 (the bot adds /api/v9/...), not %q; leave it unset to call Discord itself", v)
	}
	c.APIURL = strings.TrimSuffix(u.String(), "/")
	return nil
}

// parseShard reads "i/n", a shard of n.
func parseShard(v string) (i, n int, ok bool) {
	a, b, found := strings.Cut(v, "/")
	if !found {
		return 0, 0, false
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, false
	}
	return i, n, true
}

// sharedDBFor refuses a setting that runs several processes or shards at
// once unless ATHENEUM_DB names a PostgreSQL database: an SQLite file is
// written by one process alone. LoadConfig calls it for each such setting
// it reads (ATHENEUM_SHARDS, ATHENEUM_HTTP).
func (c Config) sharedDBFor(setting string) error {
	if store.IsPostgresURL(c.DBPath) {
		return nil
	}
	return fmt.Errorf(`%s runs several processes or shards, but ATHENEUM_DB names an SQLite file (%s), which only one process may use.
Set ATHENEUM_DB to the postgres:// URL of a PostgreSQL database (see "Running several processes" in README.md), or leave %s unset`,
		setting, c.DBPath, setting)
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// loadDotEnv sets KEY=VALUE lines of a .env file that are not already in
// the environment. A missing file is not an error.
func loadDotEnv(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, ok := strings.Cut(strings.TrimPrefix(line, "export "), "=")
		if !ok {
			return fmt.Errorf("%s:%d: expected KEY=VALUE", path, n)
		}
		key = strings.TrimSpace(key)
		value = strings.Trim(strings.TrimSpace(value), `"'`)
		if _, set := os.LookupEnv(key); !set {
			os.Setenv(key, value)
		}
	}
	return sc.Err()
}
