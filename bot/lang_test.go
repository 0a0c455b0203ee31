package bot

import (
	"context"
	"sync/atomic"
	"testing"
)

// languageReads counts the store's reads of members' chosen languages.
type languageReads struct {
	Store
	n *atomic.Int64
}

// MemberSetting counts a read of the language setting.
func (s languageReads) MemberSetting(ctx context.Context, userID, key string) (string, error) {
	if key == settingLanguage {
		s.n.Add(1)
	}
	return s.Store.MemberSetting(ctx, userID, key)
}

// TestAMemberWithoutAChosenLanguageIsReadFromTheStoreOncePerTTL: a member
// who never chose a language (most members) is answered in their client's
// language without the store being read for it at every interaction: "none
// chosen" is kept as a chosen language is, for languageTTL.
func TestAMemberWithoutAChosenLanguageIsReadFromTheStoreOncePerTTL(t *testing.T) {
	t.Parallel()
	var reads atomic.Int64
	h := newHarnessWith(t, func(s Store) Store { return languageReads{s, &reads} }, "ana")
	ana := h.user("ana")
	for range 3 {
		h.slash(ana, "help")
	}
	if got := reads.Load(); got != 1 {
		t.Fatalf("three interactions read ana's language %d times, want once", got)
	}
	h.advance(languageTTL)
	h.slash(ana, "help")
	if got := reads.Load(); got != 2 {
		t.Fatalf("after languageTTL the language was read %d times in all, want twice", got)
	}
}
