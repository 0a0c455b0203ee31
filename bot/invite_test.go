package bot

import (
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestTheReadmeAsksForThePermissionsTheBotNeeds: the permissions the README
// tells an admin to tick are exactly those the bot's invite link asks for.
func TestTheReadmeAsksForThePermissionsTheBotNeeds(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, "URL Generator") {
			line = l
		}
	}
	if line == "" {
		t.Fatal("the README has no URL Generator step")
	}
	_, perms, _ := strings.Cut(line, "bot permissions")
	var listed []string
	for _, m := range regexp.MustCompile(`\*\*([^*]+)\*\*`).FindAllStringSubmatch(perms, -1) {
		listed = append(listed, m[1])
	}
	var want []string
	for _, p := range Permissions {
		want = append(want, p.Name)
	}
	slices.Sort(listed)
	slices.Sort(want)
	if !slices.Equal(listed, want) {
		t.Errorf("the README lists %q, the bot asks for %q", listed, want)
	}
}

func TestTheInviteLinkAsksForEveryPermission(t *testing.T) {
	u, err := url.Parse(InviteURL("123"))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	bits, err := strconv.ParseInt(q.Get("permissions"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range Permissions {
		if bits&p.Bit == 0 {
			t.Errorf("the link leaves out %s", p.Name)
		}
	}
	if q.Get("client_id") != "123" || q.Get("scope") != "bot applications.commands" {
		t.Errorf("link %s", u)
	}
}
