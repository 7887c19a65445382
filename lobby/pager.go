package lobby

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// pager shows a long text (rules, help, standings, a leaderboard) a window of lines at a
// time. bubbles' viewport keeps the position and reads the keys people know from pagers
// (↑/↓ j/k, PgUp/PgDn, space, b/f, u/d); Home/End and g/G go to either end. The lines are
// drawn here, from the viewport's offset, so that no global lipgloss renderer is involved.
type pager struct {
	vp    viewport.Model
	lines []string
	text  string // what lines hold, to skip setting the same content again
}

func newPager() *pager {
	vp := viewport.New(0, 0)
	vp.KeyMap.Left = key.NewBinding(key.WithDisabled()) // no sideways scrolling: the text is wrapped
	vp.KeyMap.Right = key.NewBinding(key.WithDisabled())
	return &pager{vp: vp}
}

// set gives the pager its text (already fitted to the width) and the rows it may take,
// keeping the position where it can.
func (p *pager) set(text string, rows int) {
	if text != p.text {
		p.text = text
		p.lines = strings.Split(text, "\n")
		p.vp.SetContent(text)
	}
	p.vp.Height = max(rows, 1)
	p.vp.SetYOffset(p.vp.YOffset) // clamps to the new height
}

// key scrolls by k and reports whether k is one of the pager's keys.
func (p *pager) key(k tea.KeyMsg) bool {
	switch k.String() {
	case "home", "g":
		p.vp.GotoTop()
		return true
	case "end", "G":
		p.vp.GotoBottom()
		return true
	}
	km := p.vp.KeyMap
	for _, b := range []key.Binding{km.PageDown, km.PageUp, km.HalfPageDown, km.HalfPageUp, km.Down, km.Up} {
		if key.Matches(k, b) {
			p.vp, _ = p.vp.Update(k)
			return true
		}
	}
	return false
}

// fits reports whether the whole text shows at once.
func (p *pager) fits() bool { return len(p.lines) <= p.vp.Height }

// view is the visible lines, no more than the rows given.
func (p *pager) view() string {
	top := min(p.vp.YOffset, max(len(p.lines)-p.vp.Height, 0))
	return strings.Join(p.lines[top:min(top+p.vp.Height, len(p.lines))], "\n")
}

// where says which lines show, when not all do: "lines 1–20 of 64 · ↑↓ scroll" (PgUp/PgDn,
// space, Home/End too: the pages that use a pager say so in their help).
func (p *pager) where() string {
	if p.fits() {
		return ""
	}
	top := min(p.vp.YOffset, max(len(p.lines)-p.vp.Height, 0))
	return fmt.Sprintf("lines %d–%d of %d · ↑↓ scroll", top+1, min(top+p.vp.Height, len(p.lines)), len(p.lines))
}
