package catalog_test

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
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
			t.Run("SettingsAsDescribed", func(t *testing.T) { settingsAsDescribed(t, e) })
			t.Run("BoardSizeAsDrawn", func(t *testing.T) { boardSizeAsDrawn(t, e) })
		})
	}
}

// specRenders: "spec GAME" prints the game's bot protocol documentation, with every setting
// the game describes.
func specRenders(t *testing.T, e catalog.Entry) {
	text, err := botproto.Spec(e.Game, 500*time.Millisecond, 5*time.Second)
	if err != nil {
		t.Fatalf("%s: spec: %v", e.Game.ID(), err)
	}
	if !strings.Contains(text, e.Game.ID()) || !strings.Contains(text, `"type":"turn"`) {
		t.Fatalf("%s: spec has no example turn:\n%s", e.Game.ID(), text)
	}
	for _, st := range e.Game.Describe().Settings {
		if !strings.Contains(text, st.Key) {
			t.Fatalf("%s: spec does not document setting %q", e.Game.ID(), st.Key)
		}
	}
}

// settingsAsDescribed: the described settings are the game's own: an empty config takes
// their defaults, their bounds are accepted, one past each bound is refused, and an unknown
// key is refused.
func settingsAsDescribed(t *testing.T, e catalog.Entry) {
	g := e.Game
	desc := g.Describe()
	def, err := g.Normalize(nil)
	if err != nil {
		t.Fatalf("default config: %v", err)
	}
	if len(def) != len(desc.Settings) {
		t.Fatalf("default config %v, described settings %+v", def, desc.Settings)
	}
	for _, st := range desc.Settings {
		if v, ok := def[st.Key]; !ok || v != st.Default {
			t.Errorf("%s: default %d, described %d", st.Key, def[st.Key], st.Default)
		}
		if st.ByArena {
			continue // its valid values depend on the seats
		}
		for _, v := range []int{st.Min, st.Max} {
			if _, err := g.Normalize(games.Config{st.Key: v}); err != nil {
				t.Errorf("%s=%d, described as allowed: %v", st.Key, v, err)
			}
		}
		for _, v := range []int{st.Min - 1, st.Max + 1} {
			if _, err := g.Normalize(games.Config{st.Key: v}); err == nil {
				t.Errorf("%s=%d, outside the described %d..%d, was accepted", st.Key, v, st.Min, st.Max)
			}
		}
	}
	if _, err := g.Normalize(games.Config{"no_such_setting": 1}); err == nil {
		t.Error("an unknown setting was accepted")
	}
}

// boardSizeAsDrawn: a view that says how large its board is (games.Fitter) draws boards of
// that size, in every palette, and the config it picks for a window fits in it.
func boardSizeAsDrawn(t *testing.T, e catalog.Entry) {
	f, ok := e.View.(games.Fitter)
	if !ok {
		t.Skip("the view draws boards of one size")
	}
	def, err := e.Game.Normalize(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, room := range [][2]int{{42, 21}, {80, 40}, {200, 60}} {
		cfg, err := e.Game.Normalize(f.FitConfig(def, room[0], room[1]))
		if err != nil {
			t.Fatalf("the config picked for %v: %v", room, err)
		}
		min, _ := e.Game.Seats()
		st, err := e.Game.New(cfg, min, 1)
		if err != nil {
			t.Fatal(err)
		}
		w, h := f.BoardSize(cfg)
		for _, p := range games.Palettes {
			lines := strings.Split(e.View.Board(st, 0, p), "\n")
			if len(lines) != h || ansi.StringWidth(lines[0]) != w {
				t.Fatalf("config %v, palette %d: drawn %d×%d, BoardSize says %d×%d", cfg, p, ansi.StringWidth(lines[0]), len(lines), w, h)
			}
		}
		if room == [2]int{80, 40} && (w > room[0] || h > room[1]) {
			t.Fatalf("the config picked for %v draws %d×%d", room, w, h)
		}
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
