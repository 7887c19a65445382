package tournaments

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// wallScreen shows every live game at once, each board in a tile of a grid that updates
// live: what a teacher puts on the classroom projector. enter zooms into the chosen game;
// esc from there comes back to the wall.
type wallScreen struct {
	cursor int           // the chosen room, an index in the rooms shown
	first  int           // the first room of the page
	code   string        // a tournament's code: only its games ("" for every game)
	back   screen.Screen // where leaving goes (the standings); nil: the lobby, or the session's end
	// What the wall shows, as last loaded (loadWall): View only draws it.
	shown   []rooms.Info
	snaps   map[string]*rooms.Snapshot // by room id; none: its place stays empty
	loading bool
}

// wallLoaded is what loadWall read: the rooms to show and their latest pictures.
type wallLoaded struct {
	shown []rooms.Info
	snaps map[string]*rooms.Snapshot
}

func (w *wallScreen) Init(m screen.Model) tea.Cmd { return w.load(m) }

// Load is screen.Loader's.
func (w *wallScreen) Load(m screen.Model) tea.Cmd { return w.load(m) }

// load reads the rooms and their pictures off the session's goroutine (a room of another
// node is loaded on its first read, then followed), one load at a time: the clock's ticks
// and the lobby's changes ask for the next.
func (w *wallScreen) load(m screen.Model) tea.Cmd {
	if w.loading {
		return nil
	}
	w.loading = true
	dir, who, ctx, code := m.Rooms(), m.Who(), m.Context(), w.code
	return func() tea.Msg {
		shown := wallRooms(rooms.Visible(dir.List(), who.ID, who.Admin), code)
		snaps := make(map[string]*rooms.Snapshot, len(shown))
		for _, info := range shown {
			r, ok := dir.Find(info.ID)
			if !ok {
				continue
			}
			ctx, cancel := context.WithTimeout(ctx, tileWait)
			snap, err := r.Snapshot(ctx)
			cancel()
			if err == nil && snap != nil {
				snaps[info.ID] = snap
			}
		}
		return wallLoaded{shown, snaps}
	}
}

// NewWall is the wall of every live game, or of tournament code's only ("" for every game);
// leaving it goes back to back (nil: the lobby, or the session's end).
func NewWall(code string, back screen.Screen) screen.Screen {
	return &wallScreen{code: code, back: back}
}

// Name is what a footer calls the wall: a game watched from it says "esc wall".
func (w *wallScreen) Name() string { return "wall" }

func (w *wallScreen) Ticks() bool { return true } // the boards move
func (w *wallScreen) ShowsLobby() {}

// wallRooms are the rooms the wall shows: games being played, then those just finished.
// With a tournament's code, only that tournament's.
func wallRooms(all []rooms.Info, code string) []rooms.Info {
	var playing, finished []rooms.Info
	for _, r := range all {
		if code != "" && director.TournamentOf(r) != code {
			continue
		}
		switch r.Status {
		case rooms.Playing:
			playing = append(playing, r)
		case rooms.Finished:
			finished = append(finished, r)
		}
	}
	return append(playing, finished...)
}

// wallCount says what the wall shows: the games being played now, the fast ones among
// them, and those just finished.
func wallCount(shown []rooms.Info) string {
	playing, fast, finished := 0, 0, 0
	for _, r := range shown {
		switch {
		case r.Status == rooms.Finished:
			finished++
		case r.Fast:
			playing++
			fast++
		default:
			playing++
		}
	}
	s := games.Count(playing, "game", "games") + " being played"
	if fast > 0 {
		s += fmt.Sprintf(" (%d fast)", fast)
	}
	if finished > 0 {
		s += fmt.Sprintf(" · %d just finished", finished)
	}
	return s
}

var wallKeys = struct{ next, prev, pageDown, pageUp, watch key.Binding }{
	next:     widget.Bind("→/l/tab", "the next game", "right", "l", "tab"),
	prev:     widget.Bind("←/h/shift+tab", "the previous game", "left", "h", "shift+tab"),
	pageDown: widget.Bind("↓/pgdn/j/space", "the next page", "pgdown", "down", "j", " "),
	pageUp:   widget.Bind("↑/pgup/k", "the previous page", "pgup", "up", "k"),
	watch:    widget.Bind("enter", "watch the chosen game (esc comes back to the wall)", "enter"),
}

func (w *wallScreen) Keys(m screen.Model) widget.KeyMap {
	k := wallKeys
	back := widget.Back(m.BackTo(w.back), true)
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair("choose", k.prev, k.next), widget.Pair("page", k.pageUp, k.pageDown), widget.Pair("watch", k.watch), back},
		Full:  [][]key.Binding{{k.next, k.prev, k.pageDown, k.pageUp, k.watch, back}},
	}
}

func (w *wallScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	if loaded, ok := msg.(wallLoaded); ok {
		w.loading = false
		w.shown, w.snaps = loaded.shown, loaded.snaps
		return w, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return w, w.load(m) // a tick of the clock, a change of the lobby: the boards move
	}
	n := len(w.shown)
	switch keys := wallKeys; {
	case key.Matches(k, keys.next):
		w.cursor = min(w.cursor+1, max(n-1, 0))
	case key.Matches(k, keys.prev):
		w.cursor = max(w.cursor-1, 0)
	case key.Matches(k, keys.pageDown):
		w.first = min(w.first+w.perPage(m), max(n-1, 0))
		w.cursor = w.first
	case key.Matches(k, keys.pageUp):
		w.first = max(w.first-w.perPage(m), 0)
		w.cursor = w.first
	case key.Matches(k, keys.watch):
		if w.cursor < n {
			if r, ok := m.Rooms().Find(w.shown[w.cursor].ID); ok {
				return m.Watch(r, w)
			}
		}
		m.Notify("that room has just closed")
	case key.Matches(k, widget.Back("", true)):
		return m.Back(w.back, "")
	}
	return w, nil
}

// perPage is a rough count of the tiles one screen holds, for paging.
func (w *wallScreen) perPage(m screen.Model) int {
	return max((m.Width()/46)*((m.Height()-3)/23), 1)
}

// tileWait bounds the wait for a room's first picture (a room of another node is loaded on
// its first read, then followed: later reads do not wait).
const tileWait = 2 * time.Second

// tile is room info drawn for the wall (the zero Tile when it has closed, has no board, or
// could not be loaded: its place on the wall stays empty, and the next load tries again).
func (w *wallScreen) tile(m screen.Model, info rooms.Info, chosen bool) roomview.Tile {
	snap := w.snaps[info.ID]
	if snap == nil {
		return roomview.Tile{}
	}
	return roomview.WallTile(roomview.Viewer{St: m.Styles(), Palette: m.Palette(), Seat: -1}, info, snap, chosen)
}

func (w *wallScreen) View(m screen.Model) string {
	st := m.Styles()
	n := len(w.shown)
	w.cursor = min(w.cursor, max(n-1, 0))
	w.first = min(w.first, w.cursor)
	right := "the wall · " + wallCount(w.shown)
	if w.code != "" {
		right = fmt.Sprintf("the wall · tournament %s · %s", w.code, wallCount(w.shown))
	}
	out := []string{m.Header(st.Dim.Render(right))}
	if n == 0 {
		out = append(out, "", st.Dim.Render("No game is being played right now. The wall shows every game as it starts."))
	}
	// Tiles flow left to right, rows top to bottom, as many as the window holds from the
	// first of the page; the chosen one is always on it.
	room := m.Height() - 2
	for {
		var rowsOut []string
		i := w.first
		for i < n {
			var row []roomview.Tile
			used := 0
			for i < n {
				t := w.tile(m, w.shown[i], i == w.cursor)
				if t.Width == 0 {
					i++
					continue
				}
				if used > 0 && used+2+t.Width > m.Width() {
					break
				}
				row = append(row, t)
				used += t.Width + 2
				i++
			}
			height := 0
			for _, t := range row {
				height = max(height, len(t.Lines))
			}
			if len(rowsOut)+height+1 > room && len(rowsOut) > 0 {
				i -= len(row)
				break
			}
			for y := range height {
				var b strings.Builder
				for _, t := range row {
					if y < len(t.Lines) {
						b.WriteString(t.Lines[y])
					} else {
						b.WriteString(strings.Repeat(" ", t.Width))
					}
					b.WriteString("  ")
				}
				rowsOut = append(rowsOut, b.String())
			}
			rowsOut = append(rowsOut, "")
		}
		if w.cursor < i || w.first >= n-1 || i <= w.first {
			out = append(out, rowsOut...)
			break
		}
		w.first = w.cursor // the chosen tile is past this page: start the page there
	}
	out = append(out, m.Footer(w.Keys(m)))
	return strings.Join(out, "\n")
}

func (w *wallScreen) Help(m screen.Model) string {
	return `The wall: every live game at once, updating live (for the classroom
projector). Games being played come first, then those just finished. A game
marked "fast" is played by programs as fast as they answer: the wall shows
its latest moves as often as the screen redraws, and never slows it.

A larger window shows more games: 160×50 holds six 20×20 boards.
From a shell: ssh -t HOST wall.`
}
