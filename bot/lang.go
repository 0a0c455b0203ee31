package bot

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
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

// languageTTL is how long a member's chosen language is kept in memory:
// a process that did not see the member change it (another process of the
// same bot did) picks the change up within it.
const languageTTL = 10 * time.Minute

// chosenLanguage is a member's chosen language as last read, "" for none.
type chosenLanguage struct {
	lang string
	read time.Time
}

// chosen is the language a member chose with /<game> language ("" for
// none), from memory when it was read lately: answers never wait for the
// store to know in which language to speak.
func (b *Bot) chosen(ctx context.Context, userID string) string {
	if v, ok := b.languages.Load(userID); ok {
		if c := v.(chosenLanguage); b.now().Sub(c.read) < languageTTL {
			return c.lang
		}
	}
	// Read alone, not with the member's other settings (see
	// game.WithSettingsMemo): it is kept longer than an interaction.
	v, err := b.db.MemberSetting(ctx, userID, settingLanguage)
	switch {
	case errors.Is(err, store.ErrNotFound):
		// No language chosen, which is what most members have: kept as
		// well, or each of their interactions would read the store (two
		// reads in three of the member settings in the ceiling benchmark).
		v = ""
	case err != nil:
		return "" // read again next time
	}
	b.languages.Store(userID, chosenLanguage{lang: v, read: b.now()})
	return v
}

// setChosen records a member's chosen language, in the store and in
// memory.
func (b *Bot) setChosen(ctx context.Context, userID string, l i18n.Lang) error {
	if err := b.svc.SetMemberSetting(ctx, userID, settingLanguage, l.String()); err != nil {
		return err
	}
	b.languages.Store(userID, chosenLanguage{lang: l.String(), read: b.now()})
	return nil
}

// lang is the language to answer an interaction in: the member's chosen
// language, else their Discord client's. It also remembers the client's
// locale for later direct messages (written to the store only when it
// changes).
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
			if err := b.svc.SetMemberSetting(ctx, u.ID, settingLocale, string(i.Locale)); err != nil {
				b.log.Warn("could not remember a member's locale", "err", err)
			}
		}
	}
	if l, ok := i18n.Parse(b.chosen(ctx, u.ID)); ok {
		return l
	}
	return i18n.FromLocale(string(i.Locale))
}

// memberLang is the language of a direct message to a member: their
// chosen language, else the locale their client last showed, else the
// game's.
func (b *Bot) memberLang(ctx context.Context, userID string, rec *store.Game) i18n.Lang {
	if l, ok := i18n.Parse(b.chosen(ctx, userID)); ok {
		return l
	}
	if v, err := b.svc.MemberSetting(ctx, userID, settingLocale); err == nil && v != "" {
		return i18n.FromLocale(v)
	}
	return face.GameLang(rec)
}
