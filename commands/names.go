package commands

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
)

// NameReleaser frees display names; *store.Store is one.
type NameReleaser interface {
	// ReleaseName frees name and returns the fingerprint that held it; ErrNameNotHeld (or
	// an error wrapping it) when nobody did.
	ReleaseName(ctx context.Context, name string) (string, error)
}

var namesUsage = lang.N("usage: names release NAME")

// ErrNameNotHeld is what a NameReleaser returns for a name nobody holds.
var ErrNameNotHeld = errors.New("nobody holds that name") // lang:keep an error of the store's, matched with errors.Is, never shown

// namesCommand serves `names release NAME`, for teachers: names belong to the first key that
// claims them, so a squatted class list needs a teacher to free a name for its student.
func (a *App) namesCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	l := s.Lang
	if len(s.Args) != 3 || s.Args[1] != "release" {
		fmt.Fprintln(stderr, l.Say(namesUsage))
		return 2
	}
	if a.names == nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: this server keeps no names"))
		return 1
	}
	name := keys.SanitizeName(s.Args[2])
	if name == "" || name != s.Args[2] {
		fmt.Fprintln(stderr, l.Sprintf("arena: %q is not a name anyone can hold", s.Args[2]))
		return 2
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 10*time.Second)
	defer cancel()
	owner, err := a.names.ReleaseName(ctx, name)
	switch {
	case errors.Is(err, ErrNameNotHeld):
		fmt.Fprintln(stderr, l.Sprintf("arena: nobody holds %q", name))
		return 1
	case err != nil:
		a.log.Error("names release", "name", name, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: the name could not be released right now; try again"))
		return 1
	}
	a.log.Info("name released", "name", name, "holder", keys.Short(owner), "by", s.Who.Name)
	fmt.Fprintln(stdout, l.Sprintf("released %s (held by %s); the next key that connects as %s@… gets it", name, keys.Short(owner), name))
	return 0
}
