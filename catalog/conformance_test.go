package catalog_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games/gametest"
)

// TestConformance runs the engine contract's checks (games/gametest) on every game of the
// catalog: a game gets them by being listed.
func TestConformance(t *testing.T) {
	if len(catalog.All()) == 0 {
		t.Fatal("the catalog is empty")
	}
	for _, e := range catalog.All() {
		t.Run(e.Game.ID(), func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, gametest.Subject{Game: e.Game, View: e.View, Bots: e.Bots, Strongest: e.Strongest})
			t.Run("SpecRenders", func(t *testing.T) { specRenders(t, e) })
		})
	}
}

// specRenders: "spec GAME" prints the game's bot protocol documentation. It is the one
// check that reads the protocol's documentation; when the games describe themselves, it
// follows botproto.Spec's signature and may also check the description's fields here.
func specRenders(t *testing.T, e catalog.Entry) {
	text, err := botproto.Spec(e.Game, 500*time.Millisecond, 5*time.Second)
	if err != nil {
		t.Fatalf("%s: spec: %v", e.Game.ID(), err)
	}
	if !strings.Contains(text, e.Game.ID()) || !strings.Contains(text, `"type":"turn"`) {
		t.Fatalf("%s: spec has no example turn:\n%s", e.Game.ID(), text)
	}
}

// TestGetFindsEveryGame: ids are unique and Get finds each.
func TestGetFindsEveryGame(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range catalog.All() {
		id := e.Game.ID()
		if seen[id] {
			t.Fatalf("two games are called %q", id)
		}
		seen[id] = true
		if got, ok := catalog.Get(id); !ok || got.Game.ID() != id {
			t.Fatalf("Get(%q) = %v, %v", id, got.Game, ok)
		}
	}
	if _, ok := catalog.Get("nope"); ok {
		t.Fatal("Get found an unknown game")
	}
}
