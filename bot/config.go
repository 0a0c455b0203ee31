package bot

import (
	"bufio"
	"errors"
	"fmt"
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
}

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
	if c.Token == "" {
		return c, ErrNoToken
	}
	return c, nil
}

// sharedDBFor refuses a setting that runs several processes or shards at
// once unless ATHENEUM_DB names a PostgreSQL database: an SQLite file is
// written by one process alone. LoadConfig is to call it for each such
// setting when it reads one (ATHENEUM_SHARDS, ATHENEUM_HTTP); there is
// none yet.
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
