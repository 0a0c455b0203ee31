package bot

import (
	"atheneum/bot/face"
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"

	"atheneum/i18n"
	"atheneum/store"
)

// Member settings the adapter keeps (besides the service's "notify").
const (
	// settingLanguage is the language a member chose with /atheneum language.
	settingLanguage = "language"
	// settingLocale is the Discord locale a member's client last showed,
	// for direct messages, which carry no locale.
	settingLocale = "locale"
)

// localeMemory remembers the last locale seen per member, so that it is
// written to the store only when it changes.
type localeMemory struct {
	mu   sync.Mutex
	seen map[string]string
}

// lang is the language to answer an interaction in: the member's chosen
// language, else their Discord client's. It also remembers the client's
// locale for later direct messages.
func (b *Bot) lang(ctx context.Context, i *discordgo.Interaction) i18n.Lang {
	u := interactionUser(i)
	if u == nil {
		return i18n.FromLocale(string(i.Locale))
	}
	if i.Locale != "" {
		b.locales.mu.Lock()
		changed := b.locales.seen[u.ID] != string(i.Locale)
		if changed {
			if b.locales.seen == nil {
				b.locales.seen = map[string]string{}
			}
			b.locales.seen[u.ID] = string(i.Locale)
		}
		b.locales.mu.Unlock()
		if changed {
			if err := b.db.SetMemberSetting(ctx, u.ID, settingLocale, string(i.Locale)); err != nil {
				b.log.Warn("could not remember a member's locale", "err", err)
			}
		}
	}
	if v, err := b.db.MemberSetting(ctx, u.ID, settingLanguage); err == nil {
		if l, ok := i18n.Parse(v); ok {
			return l
		}
	}
	return i18n.FromLocale(string(i.Locale))
}

// memberLang is the language of a direct message to a member: their
// chosen language, else the locale their client last showed, else the
// game's.
func (b *Bot) memberLang(ctx context.Context, userID string, rec *store.Game) i18n.Lang {
	if v, err := b.db.MemberSetting(ctx, userID, settingLanguage); err == nil {
		if l, ok := i18n.Parse(v); ok {
			return l
		}
	}
	if v, err := b.db.MemberSetting(ctx, userID, settingLocale); err == nil && v != "" {
		return i18n.FromLocale(v)
	}
	return face.GameLang(rec)
}
