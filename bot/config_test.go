package bot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	for _, want := range []string{"developers/applications", "applications.commands", "atheneum demo"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the message lacks %q", want)
		}
	}
}
