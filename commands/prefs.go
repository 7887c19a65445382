package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// PreferenceWriter stores a key's choices (*store.Store is one).
type PreferenceWriter interface {
	SetPreference(ctx context.Context, id string, p store.Preference, value string) error
}

// preferences gives the session the key's stored choices (lang fr, keyboard azerty), which
// come before its client's locale. A store that does not answer at once leaves the session
// as its locale made it.
func (a *App) preferences(s *server.Session) {
	if a.accounts == nil || s.Who.Guest {
		return
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), time.Second)
	defer cancel()
	acc, err := a.accounts.Account(ctx, s.Who.ID)
	if err != nil {
		return
	}
	if l, ok := lang.Parse(acc.Lang); ok && acc.Lang != "" {
		s.Lang, s.LangFrom = l, lang.Source{Kind: lang.FromChoice}
	}
	s.Keyboard = acc.Keyboard
}

var (
	langUsage     = lang.N("usage: lang [fr | en | auto]\n  the language the arena speaks to you; auto: your terminal's (LANG) again")
	keyboardUsage = lang.N("usage: keyboard [azerty | qwerty | auto]\n  your keyboard, for the games whose keys are places (Perfect Aim, War Hammer); auto: guessed from your language")
)

// langCommand shows or stores the language a key reads.
func (a *App) langCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	p := s.Lang.Printer()
	switch len(s.Args) {
	case 1:
		fmt.Fprintln(stdout, p.Sprintf("language:")+" "+p.Sprintf("%s, from %s", s.Lang.Name(), s.LangFrom.Describe(s.Lang)))
		fmt.Fprintln(stdout, p.Sprintf("change it: lang fr, lang en, or lang auto (your terminal's)"))
		return 0
	case 2:
	default:
		fmt.Fprintln(stderr, p.Sprintf(langUsage))
		return 2
	}
	value := s.Args[1]
	l, ok := lang.Parse(value)
	switch {
	case value == "auto":
		value = ""
	case !ok:
		fmt.Fprintln(stderr, p.Sprintf("arena: %s: the arena speaks fr (français) and en (English)", value))
		return 2
	default:
		value = string(l)
	}
	if code := a.storePreference(s, store.PrefLang, value, stderr); code != 0 {
		return code
	}
	if value == "" {
		l, src := lang.Choose("", s.SSH.Environ(), lang.English)
		fmt.Fprintln(stdout, l.Printer().Sprintf("the arena speaks %s to you, from %s, from your next connection", l.Name(), src.Describe(l)))
		return 0
	}
	fmt.Fprintln(stdout, l.Printer().Sprintf("the arena speaks %s to you from your next connection", l.Name()))
	return 0
}

// keyboardCommand shows or stores a key's keyboard layout.
func (a *App) keyboardCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	p := s.Lang.Printer()
	current, err := keyboard.Parse(s.Keyboard)
	chosen := err == nil
	if !chosen {
		current = keyboard.Of(s.Lang)
	}
	switch len(s.Args) {
	case 1:
		if chosen {
			fmt.Fprintln(stdout, p.Sprintf("keyboard:")+" "+p.Sprintf("%s, your choice", current))
		} else {
			fmt.Fprintln(stdout, p.Sprintf("keyboard:")+" "+p.Sprintf("%s, guessed from your language", current))
		}
		fmt.Fprintln(stdout, p.Sprintf("change it: keyboard azerty, keyboard qwerty, or keyboard auto"))
		return 0
	case 2:
	default:
		fmt.Fprintln(stderr, p.Sprintf(keyboardUsage))
		return 2
	}
	value := s.Args[1]
	if value != "auto" {
		l, err := keyboard.Parse(value)
		if err != nil {
			fmt.Fprintln(stderr, p.Sprintf("arena: %s: the keyboards are azerty and qwerty", value))
			return 2
		}
		value = string(l)
	} else {
		value = ""
	}
	if code := a.storePreference(s, store.PrefKeyboard, value, stderr); code != 0 {
		return code
	}
	if value == "" {
		value = string(keyboard.Of(s.Lang))
	}
	fmt.Fprintln(stdout, p.Sprintf("keyboard %s from your next connection", value))
	return 0
}

// storePreference stores one choice of the session's key, saying why it cannot.
func (a *App) storePreference(s *server.Session, pref store.Preference, value string, stderr io.Writer) int {
	p := s.Lang.Printer()
	w, ok := a.accounts.(PreferenceWriter)
	switch {
	case s.Who.Guest:
		fmt.Fprintln(stderr, p.Sprintf("arena: a guest's choices are not kept: connect with an SSH key (ssh-keygen -t ed25519)"))
		return 1
	case a.accounts == nil || !ok:
		fmt.Fprintln(stderr, p.Sprintf("arena: this arena keeps no choices (it runs without a store)"))
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 10*time.Second)
	defer cancel()
	if err := w.SetPreference(ctx, s.Who.ID, pref, value); err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			a.log.Error("storing a preference", "pref", pref, "err", err)
		}
		fmt.Fprintln(stderr, p.Sprintf("arena: your choice could not be kept right now; try again in a moment"))
		return 1
	}
	return 0
}
