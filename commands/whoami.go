package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/store"
)

// AccountReader reads a key's account (its names); *store.Store is one.
type AccountReader interface {
	Account(ctx context.Context, id string) (store.Account, error)
}

var whoamiUsage = lang.N("usage: whoami\n  your name here, your key's fingerprint, the other names your key holds, and whether you are a teacher")

// whoamiCommand tells people who the arena takes them for: the answer to "why am I
// player-68bdd1?" (see the name note the server printed before it), and the language it
// speaks to them, with where it came from.
func (a *App) whoamiCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	if len(s.Args) != 1 {
		fmt.Fprintln(stderr, s.Lang.Say(whoamiUsage))
		return 2
	}
	p := s.Lang.Printer()
	var rows [][2]string
	row := func(label, value string) { rows = append(rows, [2]string{p.Sprintf(label), value}) }
	who := s.Who
	row("name:", who.Name)
	if who.Guest {
		row("guest:", p.Sprintf("you connected without an SSH key: you play unranked and nothing is kept."))
		row("", p.Sprintf("Make a key (ssh-keygen -t ed25519) and connect as ssh NAME@host to keep a name."))
	} else {
		row("key:", who.ID)
		if a.accounts != nil {
			ctx, cancel := context.WithTimeout(s.SSH.Context(), 10*time.Second)
			defer cancel()
			acc, err := a.accounts.Account(ctx, who.ID)
			switch {
			case err == nil || errors.Is(err, store.ErrNotFound):
				others := slices.DeleteFunc(slices.Clone(acc.Names), func(n string) bool { return n == who.Name })
				list := p.Sprintf("none")
				if len(others) > 0 {
					list = strings.Join(others, ", ")
				}
				row("also:", p.Sprintf("%s (connect as ssh NAME@host to be one of them; a key holds at most %d names)", list, store.MaxNamesPerKey))
			default:
				a.log.Error("whoami: account", "err", err)
				row("also:", p.Sprintf("(your other names could not be read right now)"))
			}
		}
		teacher := p.Sprintf("no")
		if who.Admin {
			teacher = p.Sprintf("yes (your key is in the admin keys file)")
		}
		row("teacher:", teacher)
	}
	row("language:", p.Sprintf("%s, from %s", s.Lang.Name(), s.LangFrom.Describe(s.Lang)))
	if kb, err := keyboard.Parse(s.Keyboard); err == nil {
		row("keyboard:", p.Sprintf("%s, your choice", kb))
	} else {
		row("keyboard:", p.Sprintf("%s, guessed from your language", keyboard.Of(s.Lang)))
	}
	width := 0
	for _, r := range rows {
		width = max(width, utf8.RuneCountInString(r[0]))
	}
	for _, r := range rows {
		fmt.Fprintf(stdout, "%-*s %s\n", width, r[0], r[1])
	}
	return 0
}
