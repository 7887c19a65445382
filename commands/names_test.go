package commands_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

type fakeNames struct {
	mu   sync.Mutex
	held map[string]string
}

func (f *fakeNames) ReleaseName(_ context.Context, name string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	owner, ok := f.held[name]
	if !ok {
		return "", commands.ErrNameNotHeld
	}
	delete(f.held, name)
	return owner, nil
}

// Issue 13: teachers free a squatted name; anyone else is refused, and the attempt logged.
func TestTeachersReleaseNames(t *testing.T) {
	teacher, student := sshtest.NewKey(t), sshtest.NewKey(t)
	adminFile := arenatest.AdminKeys(t, teacher)
	names := &fakeNames{held: map[string]string{"alice": "SHA256:squatter"}}
	addr, _, _ := arenatest.Start(t, rooms.Config{}, commands.Options{Names: names}, func(c *server.Config) { c.AdminKeysFile = adminFile })

	s := sshtest.Dial(t, addr, "bob", student)
	if _, errOut, code := sshtest.Exec(t, s, "names release alice"); code != 1 || !strings.Contains(errOut, "only teachers") {
		t.Fatalf("a student releasing a name: exit %d, %q", code, errOut)
	}
	tc := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, code := sshtest.Exec(t, tc, "names release alice")
	if code != 0 || !strings.Contains(out, "released alice") {
		t.Fatalf("the teacher: exit %d, %q %q", code, out, errOut)
	}
	if _, errOut, code := sshtest.Exec(t, tc, "names release alice"); code != 1 || !strings.Contains(errOut, `nobody holds "alice"`) {
		t.Fatalf("releasing it again: exit %d, %q", code, errOut)
	}
	if _, _, code := sshtest.Exec(t, tc, "names release"); code != 2 {
		t.Fatalf("no name: exit %d", code)
	}
}
