package main

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// viaRESTProxy sends the bot's REST calls to Discord through a REST proxy
// at base (DISCORD_API_URL, see bot.Config.APIURL) instead of
// https://discord.com, keeping each call's path and query: discordgo
// builds its URLs from fixed https://discord.com/... strings, so the
// transport rewrites them. Other hosts (the CDN) are reached directly.
func viaRESTProxy(dg *discordgo.Session, base string) error {
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	discord, err := url.Parse(discordgo.EndpointDiscord)
	if err != nil {
		return err
	}
	next := dg.Client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	dg.Client.Transport = &restProxy{discordHost: discord.Host, base: u, next: next}
	return nil
}

// restProxy is the transport viaRESTProxy installs.
type restProxy struct {
	discordHost string
	base        *url.URL
	next        http.RoundTripper
}

// RoundTrip sends a copy of a request to Discord's REST API to the proxy,
// leaving req untouched as the http.RoundTripper contract requires.
func (t *restProxy) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != t.discordHost {
		return t.next.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	u := *req.URL
	u.Scheme, u.Host = t.base.Scheme, t.base.Host
	if prefix := strings.TrimSuffix(t.base.Path, "/"); prefix != "" {
		u.Path = prefix + req.URL.Path
		if req.URL.RawPath != "" {
			u.RawPath = prefix + req.URL.RawPath
		}
	}
	r.URL, r.Host = &u, t.base.Host
	return t.next.RoundTrip(r)
}
