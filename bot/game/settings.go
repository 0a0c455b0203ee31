package game

import (
	"context"
	"sync"

	"atheneum/store"
)

// settingsMemo keeps the member settings read while one interaction is
// handled, so that the handling reads each member's settings from the
// store once, all of them in one query: a move that ends a step read each
// prompted person's notify mode three times (to tell them, to send their
// prompt, to mention them), their locale twice and their hints setting
// once. It lives as long as the interaction (a few hundred milliseconds),
// so a change made by another process is seen by the next interaction, as
// before; a change made through the service while it lives is kept in it.
type settingsMemo struct {
	mu sync.Mutex
	// m holds each member's settings as read, by user id.
	m map[string]map[string]string
}

type memoCtxKey struct{}

// WithSettingsMemo returns ctx with a memo of member settings: the
// service's MemberSetting reads each member's settings from the store
// once under it. Meant for one interaction's handling, not for long-lived
// contexts (the memo is never refreshed).
func WithSettingsMemo(ctx context.Context) context.Context {
	return context.WithValue(ctx, memoCtxKey{}, &settingsMemo{m: map[string]map[string]string{}})
}

func memoOf(ctx context.Context) *settingsMemo {
	m, _ := ctx.Value(memoCtxKey{}).(*settingsMemo)
	return m
}

// MemberSetting returns one setting of a member as the store holds it
// (store.ErrNotFound when it is not set); under a memo (see
// WithSettingsMemo) the member's settings are read once, all together. A
// failed read is not kept: the next call reads again.
func (s *Service) MemberSetting(ctx context.Context, userID, key string) (string, error) {
	memo := memoOf(ctx)
	if memo == nil {
		return s.o.Store.MemberSetting(ctx, userID, key)
	}
	memo.mu.Lock()
	all, ok := memo.m[userID]
	memo.mu.Unlock()
	if !ok {
		var err error
		if all, err = s.o.Store.MemberSettings(ctx, userID); err != nil {
			return "", err
		}
		memo.mu.Lock()
		if kept, ok := memo.m[userID]; ok {
			all = kept // another goroutine of the interaction read first
		} else {
			memo.m[userID] = all
		}
		memo.mu.Unlock()
	}
	memo.mu.Lock()
	v, ok := all[key]
	memo.mu.Unlock()
	if !ok {
		return "", &store.Error{Code: store.CodeNotFound, Message: "That setting is not set."}
	}
	return v, nil
}

// SetMemberSetting stores one setting of a member, and keeps it in ctx's
// memo so that the rest of the interaction reads what it wrote.
func (s *Service) SetMemberSetting(ctx context.Context, userID, key, value string) error {
	err := s.o.Store.SetMemberSetting(ctx, userID, key, value)
	if memo := memoOf(ctx); memo != nil {
		memo.mu.Lock()
		if all, ok := memo.m[userID]; ok {
			if err == nil {
				all[key] = value
			} else {
				// Whether it was written is unknown: read it again.
				delete(memo.m, userID)
			}
		}
		memo.mu.Unlock()
	}
	return err
}
