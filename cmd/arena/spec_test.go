package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/lang"
)

// `arena spec GAME` prints, without a server, what `ssh HOST spec GAME` prints with the
// default clock.
func TestSpecLocally(t *testing.T) {
	for _, e := range catalog.All() {
		var out, errOut bytes.Buffer
		if code := spec(lang.English, []string{e.Game.ID()}, &out, &errOut); code != 0 {
			t.Fatalf("arena spec %s: exit %d, %s", e.Game.ID(), code, errOut.String())
		}
		want, err := botproto.Spec(e.Game, 500*time.Millisecond, 5*time.Second)
		if err != nil || out.String() != want {
			t.Fatalf("arena spec %s differs from the server's spec (%v)", e.Game.ID(), err)
		}
	}
	var out, errOut bytes.Buffer
	if code := spec(lang.English, []string{"chess"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), `unknown game "chess"`) {
		t.Fatalf("arena spec chess: exit %d, %q", code, errOut.String())
	}
	if code := spec(lang.English, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage: arena spec GAME") {
		t.Fatalf("arena spec: exit %d", code)
	}
}
