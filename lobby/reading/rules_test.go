package reading

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
)

// readerModel is what the rules screen asks of the lobby, for a reader of language l with
// a keyboard kb, in an 80×24 window; the rest of screen.Model is not asked.
type readerModel struct {
	screen.Model
	l  lang.Lang
	kb keyboard.Layout
	st *widget.Styles
}

func newReader(l lang.Lang, kb keyboard.Layout) readerModel {
	return readerModel{l: l, kb: kb, st: widget.NewStyles(lipgloss.NewRenderer(io.Discard))}
}

func (m readerModel) Width() int                       { return 80 }
func (m readerModel) Height() int                      { return 24 }
func (m readerModel) Styles() *widget.Styles           { return m.st }
func (m readerModel) Lang() lang.Lang                  { return m.l }
func (m readerModel) Keyboard() keyboard.Layout        { return m.kb }
func (m readerModel) Header(right string) string       { return "arena · " + right }
func (m readerModel) Footer(km widget.KeyMap) string   { return "esc" }
func (m readerModel) BackTo(back screen.Screen) string { return "lobby" }

// speaking is a game's view that speaks French (games.Speaker), as the games' views do.
type speaking struct {
	games.View
	l lang.Lang
}

func (v speaking) In(l lang.Lang) games.View { return speaking{v.View, l} }

func (v speaking) Rules() string {
	if v.l == lang.French {
		return "Lancez une grenade ou frappez avec votre marteau."
	}
	return "Throw a grenade or swing your hammer."
}

func (v speaking) Keys() []games.KeyHelp {
	if v.l == lang.French {
		return []games.KeyHelp{{Keys: "w a s d", Does: "se déplacer", Cluster: true}, {Keys: "space", Does: "lancer une grenade"}}
	}
	return []games.KeyHelp{{Keys: "w a s d", Does: "move", Cluster: true}, {Keys: "space", Does: "throw a grenade"}}
}

func speakingEntry(t *testing.T) catalog.Entry {
	e, ok := catalog.Get("warhammer")
	if !ok {
		t.Fatal("no warhammer")
	}
	e.View = speaking{View: e.View, l: lang.English}
	return e
}

// fits says whether a screen fits the window: no line wider, no more lines.
func fits(t *testing.T, name, view string, width, height int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > height {
		t.Errorf("%s: %d lines in a window of %d", name, len(lines), height)
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("%s: a line of %d cells in a window of %d: %q", name, w, width, l)
		}
	}
}

// A French reader reads the game's rules and keys in French (the game's view in French,
// games.ViewIn), the screen's own words from the catalog, and on an AZERTY keyboard the
// cluster's letters where that keyboard has them; an English reader reads them as before.
func TestTheRulesScreenSpeaksTheReadersLanguage(t *testing.T) {
	e := speakingEntry(t)
	fr := newReader(lang.French, keyboard.AZERTY)
	s := NewRules(e, nil)
	view := s.View(fr)
	for _, want := range []string{"Lancez une grenade ou frappez avec votre marteau.", "Touches", "se déplacer", "lancer une grenade", "z q s d"} {
		if !strings.Contains(view, want) {
			t.Errorf("the rules screen in French lacks %q:\n%s", want, view)
		}
	}
	for _, not := range []string{"Keys", "Throw a grenade", "w a s d"} {
		if strings.Contains(view, not) {
			t.Errorf("the rules screen in French says %q:\n%s", not, view)
		}
	}
	if got := s.Help(fr); got != "Les règles et les touches de "+e.Game.Name()+"." {
		t.Errorf("Help in French = %q", got)
	}
	fits(t, "French", view, 80, 24)

	en := newReader(lang.English, keyboard.QWERTY)
	s = NewRules(e, nil)
	view = s.View(en)
	for _, want := range []string{"Throw a grenade or swing your hammer.", "Keys", "move", "w a s d"} {
		if !strings.Contains(view, want) {
			t.Errorf("the rules screen in English lacks %q:\n%s", want, view)
		}
	}
	if got := s.Help(en); got != "The rules and keys of "+e.Game.Name()+"." {
		t.Errorf("Help in English = %q", got)
	}
	fits(t, "English", view, 80, 24)
}

// Every game's rules screen fits 80×24 in French, its keys (as an AZERTY keyboard has them)
// and rules folded to the window, none cut: the pager scrolls what is longer.
func TestEveryRulesScreenFitsInFrench(t *testing.T) {
	for _, e := range catalog.All() {
		for _, m := range []readerModel{newReader(lang.French, keyboard.AZERTY), newReader(lang.English, keyboard.QWERTY)} {
			s := NewRules(e, nil)
			view := s.View(m)
			fits(t, e.Game.ID()+" "+string(m.l), view, 80, 24)
			// What the pager scrolls through: all of it as wide as the window's inside.
			text := rulesText(m, e.Entry, m.Width()-2)
			fits(t, e.Game.ID()+" "+string(m.l)+" (scrolled)", text, 78, strings.Count(text, "\n")+1)
			if m.l == lang.French && !strings.Contains(text, "\nTouches\n") {
				t.Errorf("%s in French has no Touches heading:\n%s", e.Game.ID(), text)
			}
		}
	}
}
