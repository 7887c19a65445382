package store

import (
	"context"
	"errors"
	"testing"
)

// A key's language and keyboard are kept with its account, changed and forgotten; a key
// that never connected has none to set.
func TestAKeysPreferencesAreKept(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		if _, err := s.ClaimName(ctx, "SHA256:aaaa", "alice"); err != nil {
			t.Fatal(err)
		}
		if a, err := s.Account(ctx, "SHA256:aaaa"); err != nil || a.Lang != "" || a.Keyboard != "" {
			t.Fatalf("a new account: %+v %v", a, err)
		}
		for _, set := range []struct {
			p     Preference
			value string
		}{{PrefLang, "fr"}, {PrefKeyboard, "azerty"}, {PrefKeyboard, "qwerty"}} {
			if err := s.SetPreference(ctx, "SHA256:aaaa", set.p, set.value); err != nil {
				t.Fatal(err)
			}
		}
		if a, _ := s.Account(ctx, "SHA256:aaaa"); a.Lang != "fr" || a.Keyboard != "qwerty" || a.Name != "alice" {
			t.Fatalf("after the choices: %+v", a)
		}
		if err := s.SetPreference(ctx, "SHA256:aaaa", PrefLang, ""); err != nil {
			t.Fatal(err)
		}
		if a, _ := s.Account(ctx, "SHA256:aaaa"); a.Lang != "" {
			t.Fatalf("a choice forgotten: %+v", a)
		}
		if err := s.SetPreference(ctx, "SHA256:nobody", PrefLang, "fr"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a key that never connected: %v", err)
		}
		if err := s.SetPreference(ctx, "SHA256:aaaa", Preference("name; DROP TABLE accounts"), "x"); err == nil {
			t.Fatal("a column that is no preference was accepted")
		}
	})
}
