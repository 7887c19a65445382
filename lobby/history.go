package lobby

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/history"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/replays"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
)

// historyScreen is the person's stored games, last first, as `ssh HOST history` lists them
// (package history reads both): enter replays one, f shows one kind of game only.
type historyScreen struct {
	back    screen.Screen
	only    history.Only
	loading bool // a read is on its way
	loaded  bool // rows, more or err hold what the last read of only gave
	rows    []history.Row
	more    bool  // the read stopped at its limit: older games are not listed
	err     error // why it could not be read
	opening bool  // a replay's read is on its way
	table   table.Model
	cols    [2]int // the window the table's columns were made for
}

// historyLoaded is what a read of the history gave, for filter only.
type historyLoaded struct {
	only history.Only
	rows []history.Row
	more bool
	err  error
}

// historyReplay is a game of the history, read to be replayed.
type historyReplay struct {
	g   archive.Game
	err error
}

// historyListed is how many games the screen reads: the command's default.
const historyListed = 50

// historyFilters are the kinds f goes through, in order, and what the heading calls them.
var historyFilters = []struct {
	only history.Only
	name string
}{
	{history.All, lang.N("every kind")},
	{history.Tournaments, lang.N("tournaments")},
	{history.Live, lang.N("live games")},
	{history.Practice, lang.N("practice")},
}

func newHistoryScreen(back screen.Screen) *historyScreen {
	t := table.New(table.WithFocused(true), table.WithKeyMap(historyTableKeys()))
	return &historyScreen{back: back, table: t}
}

// historyTableKeys are the table's keys, with help the catalogs translate.
func historyTableKeys() table.KeyMap {
	return table.KeyMap{
		LineUp:       widget.Bind("↑/k", lang.N("the game above"), "up", "k"),
		LineDown:     widget.Bind("↓/j", lang.N("the game below"), "down", "j"),
		PageUp:       widget.Bind("pgup/b", lang.N("a page up"), "pgup", "b"),
		PageDown:     widget.Bind("pgdn/space", lang.N("a page down"), "pgdown", " "),
		HalfPageUp:   widget.Bind("u", lang.N("half a page up"), "u", "ctrl+u"),
		HalfPageDown: widget.Bind("d", lang.N("half a page down"), "d", "ctrl+d"),
		GotoTop:      widget.Bind("home/g", lang.N("the last game played"), "home", "g"),
		GotoBottom:   widget.Bind("end/G", lang.N("the oldest game listed"), "end", "G"),
	}
}

var historyKeys = struct{ open, filter key.Binding }{
	open:   widget.Bind("enter", lang.N("replay the game"), "enter"),
	filter: widget.Bind("f", lang.N("show one kind of game: tournaments, live games, practice, every kind"), "f", "/"),
}

func (h *historyScreen) Name() string { return "history" }

// Load reads the person's games when the screen is shown (and when f chose another kind).
func (h *historyScreen) Load(m screen.Model) tea.Cmd {
	if h.loading || h.loaded {
		return nil
	}
	h.loading = true
	svc, only, ctx, who := m.Services(), h.only, m.Context(), m.Who()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		rows, more, err := history.Read(ctx, svc.Archive, history.Query{Identity: who.ID, Only: only, Limit: historyListed,
			Reader: archive.Reader{ID: who.ID, Teacher: who.Admin}})
		if err != nil && !errors.Is(err, archive.ErrNone) {
			if svc.Log != nil {
				svc.Log.Error("lobby history", "err", err)
			}
			err = lang.Errorf("the history could not be read right now; try again")
		}
		return historyLoaded{only: only, rows: rows, more: more, err: err}
	}
}

func (h *historyScreen) Keys(m screen.Model) widget.KeyMap {
	k, t := historyKeys, h.table.KeyMap
	back := widget.Back(m.BackTo(h.back), true)
	some := len(h.rows) > 0
	open := widget.Enabled(k.open, some)
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair(lang.N("choose"), widget.Enabled(t.LineUp, some), widget.Enabled(t.LineDown, some)),
			widget.Short(open, lang.N("replay")), widget.Short(k.filter, lang.N("kind")), back, widget.HelpKey},
		Full: [][]key.Binding{{t.LineUp, t.LineDown, t.PageUp, t.PageDown, t.HalfPageUp, t.HalfPageDown, t.GotoTop, t.GotoBottom},
			{k.open, k.filter, back}},
	}
}

func (h *historyScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case historyLoaded:
		if msg.only != h.only {
			return h, nil // the answer for a kind no longer shown
		}
		h.loading, h.loaded = false, true
		h.rows, h.more, h.err = msg.rows, msg.more, msg.err
		h.table.SetRows(nil) // made anew, from the top
		h.cols = [2]int{}
		h.layout(m)
		return h, nil
	case historyReplay:
		h.opening = false
		if msg.err != nil {
			m.Notify(lang.Say(msg.err, m.Lang()))
			return h, nil
		}
		return replays.Open(m, msg.g, h)
	case tea.KeyMsg:
		return h.key(m, msg)
	}
	return h, nil
}

func (h *historyScreen) key(m screen.Model, k tea.KeyMsg) (screen.Screen, tea.Cmd) {
	h.layout(m) // the rows the person sees, for the window as it is now
	switch {
	case key.Matches(k, widget.Back("", true)):
		return m.Back(h.back, "")
	case key.Matches(k, historyKeys.filter):
		for i, f := range historyFilters {
			if f.only == h.only {
				h.only = historyFilters[(i+1)%len(historyFilters)].only
				break
			}
		}
		h.loaded, h.loading = false, false
		return h, h.Load(m)
	case key.Matches(k, historyKeys.open):
		at := h.table.Cursor()
		if at < 0 || at >= len(h.rows) || h.opening {
			return h, nil
		}
		h.opening = true
		a, id, ctx, who := m.Services().Archive, h.rows[at].ID, m.Context(), m.Who()
		return h, func() tea.Msg {
			ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			g, err := a.LoadFor(ctx, id, archive.Reader{ID: who.ID, Teacher: who.Admin})
			return historyReplay{g, err}
		}
	}
	var cmd tea.Cmd
	h.table, cmd = h.table.Update(k)
	h.mark()
	return h, cmd
}

// layout makes the table's columns and rows for the window, once a size (and once a read):
// the opponents' column takes the width the others leave.
func (h *historyScreen) layout(m screen.Model) {
	w, ht := m.Width(), m.Height()
	if h.cols == [2]int{w, ht} {
		return
	}
	h.cols = [2]int{w, ht}
	l := m.Lang()
	cells := make([][]string, len(h.rows))
	for i, r := range h.rows {
		game := r.Game
		if e, ok := catalog.Get(r.Game); ok {
			game = l.Say(e.Game.Name())
		}
		cells[i] = []string{" ", l.DateTime(r.EndedAt.UTC(), false), game, r.KindText(l),
			plaintext.Clean(strings.Join(r.Opponents(), ", ")), plaintext.Clean(r.Result(l))}
	}
	titles := []string{"", l.Sprintf("ENDED (UTC)"), l.Sprintf("GAME"), l.Sprintf("KIND"), l.Sprintf("OPPONENTS"), l.Sprintf("RESULT")}
	const opponents = 4 // the column that takes the width the others leave
	// Each column as wide as its widest cell, within bounds; opponents take the rest.
	bounds := [][2]int{{1, 1}, {16, 16}, {6, 14}, {6, 22}, {10, 200}, {4, 12}}
	widths := make([]int, len(titles))
	for c, title := range titles {
		widths[c] = ansi.StringWidth(title)
		for _, row := range cells {
			widths[c] = max(widths[c], ansi.StringWidth(row[c]))
		}
		widths[c] = min(max(widths[c], bounds[c][0]), bounds[c][1])
	}
	// The cells' padding takes 2 columns each; the window's last column is left free.
	rest := w - 1 - 2*len(titles)
	for c := range widths {
		if c != opponents {
			rest -= widths[c]
		}
	}
	widths[opponents] = max(min(widths[opponents], rest), 6)
	cols := make([]table.Column, len(titles))
	for c, title := range titles {
		cols[c] = table.Column{Title: title, Width: widths[c]}
	}
	rows := make([]table.Row, len(cells))
	for i, c := range cells {
		rows[i] = c
	}
	at := h.table.Cursor()
	h.table.SetRows(nil) // the old rows may not have the new columns' number of cells
	h.table.SetColumns(cols)
	h.table.SetRows(rows)
	h.table.SetCursor(max(at, 0))
	st := m.Styles()
	h.table.SetStyles(table.Styles{Header: st.Dim.Padding(0, 1), Cell: st.Plain.Padding(0, 1), Selected: st.Selected})
	h.table.SetWidth(w - 1)
	// Header, blank, heading, blank; the table's head and rows; blank, footer.
	h.table.SetHeight(max(ht-6, 3))
	h.mark()
}

func (h *historyScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	var b strings.Builder
	kind := ""
	for _, f := range historyFilters {
		if f.only == h.only {
			kind = l.Say(f.name)
		}
	}
	b.WriteString(m.Header(st.Dim.Render(l.Sprintf("history"))) + "\n\n")
	heading := l.Sprintf("Your games, last first · %s", kind)
	if h.loaded && h.more {
		heading += " · " + l.Sprintf("the last %d", historyListed)
	}
	b.WriteString(st.Heading.Render(termtext.Fit(heading, m.Width()-1)) + "\n\n")
	switch {
	case !h.loaded:
		b.WriteString(st.Dim.Render(l.Sprintf("loading…")) + "\n")
	case h.err != nil:
		b.WriteString(st.Warn.Render(st.Wrap(lang.Say(h.err, l), m.Width()-1)) + "\n")
	case len(h.rows) == 0 && h.only == history.All:
		b.WriteString(st.Wrap(l.Sprintf("No games yet. Play one (1 Quick match, or 2 Play house bots from the lobby) and it is listed here, to replay."), m.Width()-1) + "\n")
	case len(h.rows) == 0:
		b.WriteString(st.Wrap(l.Sprintf("None of your games is of this kind: f shows the others."), m.Width()-1) + "\n")
	default:
		h.layout(m)
		b.WriteString(h.table.View() + "\n")
	}
	b.WriteString("\n" + m.Footer(h.Keys(m)))
	return b.String()
}

// mark marks the chosen row in the table's first column, as well as in colour, for the
// terminals without colour.
func (h *historyScreen) mark() {
	for i, row := range h.table.Rows() {
		row[0] = " "
		if i == h.table.Cursor() {
			row[0] = "›"
		}
	}
	h.table.UpdateViewport()
}

func (h *historyScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf(`Your stored games, the last played first: when each ended, its game, what it was (a
tournament's, a live game rated or not, practice), your opponents and how it ended for
you. enter replays the game chosen (esc comes back here); f shows one kind of game only.
From a shell: ssh HOST history [--tournament CODE | --live | --practice] [--json]`)
}
