// Package widget is the parts the lobby's screens are built from, on Charm's bubbles: a
// screen's key bindings and their help (KeyMap, Bind, Pair), a pager over bubbles' viewport,
// and the input of a code read aloud over bubbles' textinput. It knows no screen, session
// or room: styles are given to it, so that it never draws with lipgloss's global renderer.
package widget

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"github.com/arena-classroom/arena/lang"
)

// KeyMap is a screen's keys: every key the screen reacts to is one of its bindings, and its
// footer (short) and the keys part of its ? page (full) are drawn from those bindings by
// bubbles/help, so that what a screen does and what its help says are one list. A binding
// that does nothing in the screen's present state is disabled, and then neither shown nor
// matched. (help.KeyMap.)
type KeyMap struct {
	Short []key.Binding   // the footer, in order (pairs of bindings may be joined: see Pair)
	Full  [][]key.Binding // every binding the screen handles, in groups, for the ? page
}

func (k KeyMap) ShortHelp() []key.Binding { return k.Short }

func (k KeyMap) FullHelp() [][]key.Binding { return k.Full }

// Bind is a binding: the keys (as tea.KeyMsg.String() spells them) and its help.
func Bind(help, does string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, does))
}

// Enabled is b, disabled unless on: a key the screen has no use for in its present state.
func Enabled(b key.Binding, on bool) key.Binding {
	b.SetEnabled(on)
	return b
}

// Pair joins bindings that the footer shows as one ("↑/↓ choose"): every key of each, and
// the first key of each help ("↑/k" and "↓/j" give "↑/↓"). The full help lists them apart.
func Pair(does string, bs ...key.Binding) key.Binding {
	var keys, help []string
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		keys = append(keys, b.Keys()...)
		first, _, _ := strings.Cut(b.Help().Key, "/")
		help = append(help, first)
	}
	return Enabled(Bind(strings.Join(help, "/"), does, keys...), len(keys) > 0)
}

// PagerKeys is what scrolls a pager: bubbles' viewport keys, and Home/End (g/G) to either
// end. Screens that page a text list these among their keys.
type PagerKeys struct {
	up, Down, pageUp, pageDown, halfUp, halfDown, Top, bottom key.Binding
}

func NewPagerKeys() PagerKeys {
	return PagerKeys{
		up:       Bind("↑/k", lang.N("scroll up a line"), "up", "k"),
		Down:     Bind("↓/j", lang.N("scroll down a line"), "down", "j"),
		pageUp:   Bind("pgup/b", lang.N("a page up"), "pgup", "b"),
		pageDown: Bind("pgdn/space/f", lang.N("a page down"), "pgdown", " ", "f"),
		halfUp:   Bind("u", lang.N("half a page up"), "u", "ctrl+u"),
		halfDown: Bind("d", lang.N("half a page down"), "d", "ctrl+d"),
		Top:      Bind("home/g", lang.N("the top"), "home", "g"),
		bottom:   Bind("end/G", lang.N("the end"), "end", "G"),
	}
}

func (p PagerKeys) All() []key.Binding {
	return []key.Binding{p.up, p.Down, p.pageUp, p.pageDown, p.halfUp, p.halfDown, p.Top, p.bottom}
}

// HelpKey is the footer's "? help" (the model opens the ? page on every screen).
var HelpKey = Bind("?", lang.N("help"), "?")

// Back is the key that leaves a screen for the one it was opened from — the one way out of
// every screen: esc, and q as well where the screen's own keys leave q free (a screen that
// types text, or a game whose moves take q, leaves with esc only). to says where it goes
// ("lobby", "wall", "back"…), as the footer shows it.
func Back(to string, qFree bool) key.Binding {
	if qFree {
		return Bind("esc/q", to, "esc", "q")
	}
	return Bind("esc", to, "esc")
}

// Short is b as a footer shows it: every key of its help ("esc/q"), in a word.
func Short(b key.Binding, does string) key.Binding {
	b.SetHelp(b.Help().Key, does)
	return b
}
