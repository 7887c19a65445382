package director_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// enterer creates tournament code with options on r and returns a function entering a key
// (its account made first when named) from an address.
func enterer(t *testing.T, r *rig, code, options string, createdAt time.Time) func(id, name, addr string) error {
	t.Helper()
	ctx := context.Background()
	err := r.st.CreateTournament(ctx, store.Tournament{Code: code, Name: "TP", Game: "sevencolors", Format: "round-robin",
		Options: []byte(options), Config: []byte(`{}`), Seed: 1, Parallel: 4, Grace: time.Minute,
		CreatedBy: "SHA256:teacher", CreatedAt: createdAt})
	if err != nil {
		t.Fatal(err)
	}
	return func(id, name, addr string) error {
		if name != "" {
			if _, err := r.st.ClaimName(ctx, id, name); err != nil {
				t.Fatal(err)
			}
		}
		entrant := name + id[len(id)-2:] // ann01
		if name == "" {
			entrant = strings.TrimPrefix(id, "SHA256:")
		}
		return r.d.Enter(ctx, code, store.Entrant{ID: id, Name: entrant, Kind: store.EntrantProgram, Addr: addr})
	}
}

func refusedWith(t *testing.T, err error, want string) {
	t.Helper()
	if refused, _ := director.IsEntryRefused(err); !refused || !strings.Contains(err.Error(), want) {
		t.Fatalf("entry: %v, want a refusal with %q", err, want)
	}
}

// A teacher controls who enters: a class list (names or fingerprints), or only the keys the
// arena knew before the tournament; a key removed stays out until allowed back (it used to
// enter again at once); and fresh keys from one address enter at a bounded rate, so that
// throwaway keys cannot fill a tournament in seconds while a class behind one address still
// enters.
func TestATeacherControlsWhoEnters(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})

	list := enterer(t, r, "TL", `{"entrants":"list","allowed":["ann","SHA256:bobbobbobbob"]}`, time.Now())
	if err := list("SHA256:annkey01", "ann", "10.0.0.1"); err != nil {
		t.Fatalf("ann, on the list by name: %v", err)
	}
	if err := list("SHA256:bobbobbobbob02", "", "10.0.0.1"); err != nil {
		t.Fatalf("bob, on the list by fingerprint: %v", err)
	}
	refusedWith(t, list("SHA256:carlkey3", "carl", "10.0.0.1"), "not on it")

	known := enterer(t, r, "TK", `{"entrants":"known"}`, time.Now().Add(-time.Hour))
	refusedWith(t, known("SHA256:newkey04", "dan", "10.0.0.1"), "knew before it opened")
	older := enterer(t, r, "TO", `{"entrants":"known"}`, time.Now().Add(time.Hour))
	if err := older("SHA256:annkey01", "ann", "10.0.0.1"); err != nil {
		t.Fatalf("a key known before the tournament: %v", err)
	}

	// Removed before the start: out until allowed back.
	if _, err := r.d.Remove(ctx, "TL", "ann01"); err != nil {
		t.Fatal(err)
	}
	refusedWith(t, list("SHA256:annkey01", "ann", "10.0.0.1"), "removed this key")
	if err := r.d.Allow(ctx, "TL", "ann01"); err != nil {
		t.Fatal(err)
	}
	if err := list("SHA256:annkey01", "ann", "10.0.0.1"); err != nil {
		t.Fatalf("ann, allowed back: %v", err)
	}

	// Fresh keys from one address: 20 at once, then one every 3 s; another address is not
	// held back.
	open := enterer(t, r, "TF", `{"max_entrants":1000}`, time.Now())
	for i := range 20 {
		if err := open(fmt.Sprintf("SHA256:fresh%03d", i), "", "192.0.2.1"); err != nil {
			t.Fatalf("fresh key %d of a burst of 20: %v", i, err)
		}
	}
	err := open("SHA256:fresh020", "", "192.0.2.1")
	refusedWith(t, err, "try again in 3 s")
	if _, retry := director.IsEntryRefused(err); retry <= 0 {
		t.Fatal("the rate's refusal does not say it is temporary")
	}
	if err := open("SHA256:other001", "", "192.0.2.2"); err != nil {
		t.Fatalf("a fresh key from another address: %v", err)
	}
	r.c.Add(3 * time.Second)
	if err := open("SHA256:fresh020", "", "192.0.2.1"); err != nil {
		t.Fatalf("3 s later: %v", err)
	}
}
