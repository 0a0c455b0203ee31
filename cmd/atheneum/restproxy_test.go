package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestTheRESTProxyReceivesDiscordsCallsWithTheirPaths(t *testing.T) {
	var got []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Method+" "+r.Host+" "+r.URL.RequestURI()+" "+r.Header.Get("Authorization"))
		io.WriteString(w, `{"id":"42","username":"atheneum"}`)
	}))
	t.Cleanup(proxy.Close)
	host := strings.TrimPrefix(proxy.URL, "http://")
	for _, tc := range []struct {
		name, base, want string
	}{
		{name: "a proxy at a host's root gets Discord's path", base: proxy.URL, want: "GET " + host + " /api/v9/users/@me Bot token"},
		{name: "a proxy under a path gets it before Discord's", base: proxy.URL + "/discord", want: "GET " + host + " /discord/api/v9/users/@me Bot token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got = nil
			dg, err := discordgo.New("Bot token")
			if err != nil {
				t.Fatal(err)
			}
			if err := viaRESTProxy(dg, tc.base); err != nil {
				t.Fatal(err)
			}
			me, err := dg.User("@me")
			if err != nil {
				t.Fatal(err)
			}
			if me.ID != "42" || len(got) != 1 || got[0] != tc.want {
				t.Fatalf("user %+v; the proxy saw %q, want %q", me, got, tc.want)
			}
		})
	}
	t.Run("another host is reached directly", func(t *testing.T) {
		got = nil
		cdn := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "cdn") }))
		t.Cleanup(cdn.Close)
		dg, _ := discordgo.New("Bot token")
		if err := viaRESTProxy(dg, proxy.URL); err != nil {
			t.Fatal(err)
		}
		resp, err := dg.Client.Get(cdn.URL + "/attachments/1/2/a.png")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(body) != "cdn" || len(got) != 0 {
			t.Fatalf("the CDN's answer %q; the proxy saw %q", body, got)
		}
	})
}
