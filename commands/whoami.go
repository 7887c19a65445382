package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/arena-classroom/arena/store"
)

// AccountReader reads a key's account (its names); *store.Store is one.
type AccountReader interface {
	Account(ctx context.Context, id string) (store.Account, error)
}

const whoamiUsage = "usage: whoami\n  your name here, your key's fingerprint, the other names your key holds, and whether you are a teacher"

// whoamiCommand tells people who the arena takes them for: the answer to "why am I
// player-68bdd1?" (see the name note the server printed before it).
func (a *App) whoamiCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	if len(s.Args) != 1 {
		fmt.Fprintln(stderr, whoamiUsage)
		return 2
	}
	who := s.Who
	if who.Guest {
		fmt.Fprintf(stdout, "name:    %s\nguest:   you connected without an SSH key: you play unranked and nothing is kept.\n", who.Name)
		fmt.Fprintln(stdout, "         Make a key (ssh-keygen -t ed25519) and connect as ssh NAME@host to keep a name.")
		return 0
	}
	fmt.Fprintf(stdout, "name:    %s\nkey:     %s\n", who.Name, who.ID)
	if a.accounts != nil {
		ctx, cancel := context.WithTimeout(s.SSH.Context(), 10*time.Second)
		defer cancel()
		acc, err := a.accounts.Account(ctx, who.ID)
		switch {
		case err == nil || errors.Is(err, store.ErrNotFound):
			others := slices.DeleteFunc(slices.Clone(acc.Names), func(n string) bool { return n == who.Name })
			list := "none"
			if len(others) > 0 {
				list = strings.Join(others, ", ")
			}
			fmt.Fprintf(stdout, "also:    %s (connect as ssh NAME@host to be one of them; a key holds at most %d names)\n", list, store.MaxNamesPerKey)
		default:
			a.log.Error("whoami: account", "err", err)
			fmt.Fprintln(stdout, "also:    (your other names could not be read right now)")
		}
	}
	teacher := "no"
	if who.Admin {
		teacher = "yes (your key is in the admin keys file)"
	}
	fmt.Fprintf(stdout, "teacher: %s\n", teacher)
	return 0
}
