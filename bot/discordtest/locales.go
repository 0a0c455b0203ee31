package discordtest

import (
	"fmt"
	"slices"
)

// DefaultLocale is the locale of users and guilds that did not choose one,
// as Discord reports them ("en-US").
const DefaultLocale = "en-US"

// locales are the locales the Discord client offers, the only keys Discord
// accepts in name_localizations and description_localizations and the only
// values of an interaction's locale and guild_locale
// (https://discord.com/developers/docs/reference#locales).
var locales = []string{
	"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
	"ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
}

// IsLocale reports whether s is one of Discord's locales, e.g. "fr" or
// "en-GB" (but not "fr-FR" or "en").
func IsLocale(s string) bool { return slices.Contains(locales, s) }

// mustLocale panics on a locale Discord does not have, because setting one
// is a mistake in the test's setup.
func mustLocale(where, locale string) {
	if !IsLocale(locale) {
		panic(fmt.Sprintf("discordtest: %s: %q is not a Discord locale (see IsLocale)", where, locale))
	}
}

// SetLocale sets the client locale of a user, sent as the "locale" of the
// interactions they start (default DefaultLocale). It panics if the user is
// unknown or the locale is not one of Discord's.
func (s *Server) SetLocale(userID, locale string) {
	mustLocale("SetLocale", locale)
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok {
		panic(fmt.Sprintf("discordtest: SetLocale: unknown user %q", userID))
	}
	u.Locale = locale
	s.notifyLocked()
}

// SetGuildLocale sets a guild's preferred locale (Community servers choose
// one; default DefaultLocale), sent as "preferred_locale" in GUILD_CREATE
// and GET /guilds/{id} and as the "guild_locale" of its interactions. It
// panics if the guild is unknown or the locale is not one of Discord's.
func (s *Server) SetGuildLocale(guildID, locale string) {
	mustLocale("SetGuildLocale", locale)
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		panic(fmt.Sprintf("discordtest: SetGuildLocale: unknown guild %q", guildID))
	}
	g.PreferredLocale = locale
	s.notifyLocked()
}

func userLocale(u *User) string {
	if u.Locale == "" {
		return DefaultLocale
	}
	return u.Locale
}

func guildLocale(g *Guild) string {
	if g.PreferredLocale == "" {
		return DefaultLocale
	}
	return g.PreferredLocale
}
