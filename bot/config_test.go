package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"atheneum/engine/atheneum/ai"
)

func TestConfigReadsTheEnvironmentThenDotEnv(t *testing.T) {
	dir := t.TempDir()
	env := filepath.Join(dir, ".env")
	os.WriteFile(env, []byte("# comment\nDISCORD_TOKEN=from-file\nexport ATHENEUM_DB=\"/tmp/x.db\"\nATHENEUM_STEP_HOURS=48\n"), 0o600)
	t.Setenv("DISCORD_TOKEN", "")
	os.Unsetenv("DISCORD_TOKEN")
	t.Setenv("ATHENEUM_DB", "")
	os.Unsetenv("ATHENEUM_DB")
	t.Setenv("ATHENEUM_STEP_HOURS", "")
	os.Unsetenv("ATHENEUM_STEP_HOURS")
	t.Setenv("ATHENEUM_SCHEDULER_SECONDS", "5")
	c, err := LoadConfig(env)
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != "from-file" || c.DBPath != "/tmp/x.db" || c.StepHours != 48 || c.SchedulerEvery != 5*time.Second {
		t.Fatalf("config %+v", c)
	}
	t.Run("the environment wins over the file", func(t *testing.T) {
		t.Setenv("DISCORD_TOKEN", "from-env")
		c, _ := LoadConfig(env)
		if c.Token != "from-env" {
			t.Fatalf("token %q", c.Token)
		}
	})
	t.Run("a bad number is explained", func(t *testing.T) {
		t.Setenv("ATHENEUM_STEP_HOURS", "soon")
		if _, err := LoadConfig(""); err == nil || !strings.Contains(err.Error(), "ATHENEUM_STEP_HOURS") {
			t.Fatalf("err %v", err)
		}
	})
}

func TestConfigWithoutATokenSaysHowToGetOne(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	_, err := LoadConfig(filepath.Join(t.TempDir(), "missing.env"))
	if !errors.Is(err, ErrNoToken) {
		t.Fatalf("err %v", err)
	}
	for _, want := range []string{"developers/applications", "applications.commands"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the message lacks %q", want)
		}
	}
}

func TestConfigTellsTheDatabaseByItsSetting(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "token")
	cases := []struct {
		name, db string
		// shared says whether several processes may use it.
		shared bool
	}{
		{"an SQLite file's path is one process's", "/var/lib/atheneum/games.db", false},
		{"a postgres:// URL is PostgreSQL, which processes may share", "postgres://bot@db.internal:5432/atheneum", true},
		{"a postgresql:// URL is PostgreSQL too", "postgresql://bot:secret@db.internal/atheneum?sslmode=require", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("ATHENEUM_DB", c.db)
			cfg, err := LoadConfig("")
			if err != nil || cfg.DBPath != c.db {
				t.Fatalf("DBPath %q, %v", cfg.DBPath, err)
			}
			err = cfg.sharedDBFor("ATHENEUM_SHARDS")
			if c.shared != (err == nil) {
				t.Fatalf("several processes on %s: %v", c.db, err)
			}
			if err != nil && (!strings.Contains(err.Error(), "ATHENEUM_SHARDS") || !strings.Contains(err.Error(), "postgres://")) {
				t.Errorf("the refusal does not say what to do: %v", err)
			}
		})
	}
	t.Run("a URL of another kind of database is refused", func(t *testing.T) {
		t.Setenv("ATHENEUM_DB", "mysql://bot:secret@db.internal/atheneum")
		_, err := LoadConfig("")
		if err == nil || !strings.Contains(err.Error(), "ATHENEUM_DB") || strings.Contains(err.Error(), "secret") {
			t.Fatalf("err %v", err)
		}
	})
}

func TestConfigReadsTheHardPlayersEffortInPlayouts(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "x")
	for _, tc := range []struct {
		name, playouts, ms string
		want               int
		err                string
	}{
		{"nothing set is the hard player's default", "", "", ai.DefaultPlayouts, ""},
		{"a number of play-outs is read", "40", "", 40, ""},
		{"the largest number is read", strconv.Itoa(MaxHardAIPlayouts), "", MaxHardAIPlayouts, ""},
		{"zero play-outs are refused", "0", "", 0, "ATHENEUM_HARD_AI_PLAYOUTS must be a number of play-outs from 1"},
		{"too many play-outs are refused", strconv.Itoa(MaxHardAIPlayouts + 1), "", 0, "ATHENEUM_HARD_AI_PLAYOUTS must be"},
		{"a time is refused", "1s", "", 0, `not "1s"`},
		{"the old setting in milliseconds says what replaced it", "", "1000", 0, "ATHENEUM_HARD_AI_MS (1000) is no longer read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range map[string]string{"ATHENEUM_HARD_AI_PLAYOUTS": tc.playouts, "ATHENEUM_HARD_AI_MS": tc.ms} {
				t.Setenv(k, v)
				if v == "" {
					os.Unsetenv(k)
				}
			}
			c, err := LoadConfig("")
			switch {
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("err %v, want one saying %q", err, tc.err)
			case tc.err == "" && err != nil:
				t.Fatal(err)
			case tc.err == "" && c.HardAIPlayouts != tc.want:
				t.Errorf("%d play-outs, want %d", c.HardAIPlayouts, tc.want)
			}
		})
	}
}

func TestConfigReadsHowInteractionsArrive(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "token")
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize)).Public().(ed25519.PublicKey)
	const pg, lite = "postgres://bot@db.internal/atheneum", "/var/lib/atheneum/games.db"
	for _, tc := range []struct {
		name, db, shards, http, key string
		// want is the config's reading, when err is "".
		wantShard, wantCount int
		wantHTTP             string
		err                  []string
	}{
		{name: "nothing set is one gateway connection, on SQLite", db: lite},
		{name: "a shard of two is read on PostgreSQL", db: pg, shards: "1/2", wantShard: 1, wantCount: 2},
		{name: "the one shard of one is a single process, fine on SQLite", db: lite, shards: "0/1", wantCount: 1},
		{name: "shards on SQLite are refused with what to do", db: lite, shards: "0/2", err: []string{"ATHENEUM_SHARDS", "postgres://", lite}},
		{name: "a shard beyond the count is refused", db: pg, shards: "2/2", err: []string{"ATHENEUM_SHARDS must be", `"2/2"`}},
		{name: "a shard without the count is refused", db: pg, shards: "1", err: []string{"as i/n"}},
		{name: "a count of no shards is refused", db: pg, shards: "0/0", err: []string{"ATHENEUM_SHARDS must be"}},
		{name: "the HTTP endpoint is read with its key on PostgreSQL", db: pg, http: ":8080", key: hex.EncodeToString(key), wantHTTP: ":8080"},
		{name: "the HTTP endpoint on SQLite is refused with what to do", db: lite, http: ":8080", key: hex.EncodeToString(key), err: []string{"ATHENEUM_HTTP", "postgres://"}},
		{name: "the HTTP endpoint without the public key says where to find it", db: pg, http: ":8080", err: []string{"DISCORD_PUBLIC_KEY", "General Information"}},
		{name: "a public key that is not hexadecimal is refused", db: pg, http: ":8080", key: "not-a-key", err: []string{"DISCORD_PUBLIC_KEY must be", "64 hexadecimal digits"}},
		{name: "a public key of the wrong length is refused", db: pg, http: ":8080", key: hex.EncodeToString(key[:16]), err: []string{"DISCORD_PUBLIC_KEY must be"}},
		{name: "an address without a port is refused", db: pg, http: "8080", key: hex.EncodeToString(key), err: []string{"ATHENEUM_HTTP must be", ":8080"}},
		{name: "the HTTP endpoint and shards together are refused", db: pg, shards: "0/2", http: ":8080", key: hex.EncodeToString(key), err: []string{"ATHENEUM_SHARDS and ATHENEUM_HTTP"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range map[string]string{"ATHENEUM_DB": tc.db, "ATHENEUM_SHARDS": tc.shards, "ATHENEUM_HTTP": tc.http, "DISCORD_PUBLIC_KEY": tc.key} {
				t.Setenv(k, v)
				if v == "" {
					os.Unsetenv(k)
				}
			}
			c, err := LoadConfig("")
			if tc.err != nil {
				if err == nil {
					t.Fatalf("accepted: %+v", c)
				}
				for _, want := range tc.err {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("the refusal %q does not say %q", err, want)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.ShardID != tc.wantShard || c.ShardCount != tc.wantCount || c.HTTPAddr != tc.wantHTTP {
				t.Errorf("shard %d/%d, HTTP %q; want %d/%d, %q", c.ShardID, c.ShardCount, c.HTTPAddr, tc.wantShard, tc.wantCount, tc.wantHTTP)
			}
			if tc.key != "" && !key.Equal(c.PublicKey) {
				t.Errorf("public key %x, want %x", c.PublicKey, key)
			}
		})
	}
}

func TestConfigReadsTheRESTProxysURL(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "token")
	for _, tc := range []struct {
		name, value, want string
		err               bool
	}{
		{name: "unset, the bot calls Discord itself", value: "", want: ""},
		{name: "a proxy's address is read", value: "http://10.0.0.9:8080", want: "http://10.0.0.9:8080"},
		{name: "a trailing slash is dropped", value: "https://proxy.internal/", want: "https://proxy.internal"},
		{name: "a path prefix is kept", value: "http://proxy.internal/discord/", want: "http://proxy.internal/discord"},
		{name: "a host without a scheme is refused", value: "proxy.internal:8080", err: true},
		{name: "another scheme is refused", value: "ws://proxy.internal", err: true},
		{name: "a query is refused", value: "http://proxy.internal/?a=b", err: true},
		{name: "credentials in the URL are refused", value: "http://bot:secret@proxy.internal", err: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("DISCORD_API_URL", tc.value)
			c, err := LoadConfig("")
			if tc.err {
				if err == nil || !strings.Contains(err.Error(), "DISCORD_API_URL must be") {
					t.Fatalf("accepted %q: %+v, %v", tc.value, c.APIURL, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.APIURL != tc.want {
				t.Fatalf("APIURL %q, want %q", c.APIURL, tc.want)
			}
		})
	}
}
