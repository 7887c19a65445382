package lobby

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/reading"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/tournaments"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/rooms"
)

type homeScreen struct {
	game   int // index in catalog.All()
	cursor int
}

type homeItem int

const (
	itemQuick homeItem = iota
	itemHouseBot
	itemProgram
	itemPrivate
	itemJoin
	itemWatch
	itemLeaderboard
	itemTournaments
	itemRules
	itemHistory
	itemQuit
)

// homeItems is the home menu, drawn from this table, and its help page too: about fits the
// menu's line at 80 columns, more says it in full on the help page ("" : about is enough),
// pick is what the item's key does, in the help's list of keys.
var homeItems = []struct{ label, pick, about, more string }{
	itemQuick: {lang.N("Quick match"), lang.N("quick match"), lang.N("the next player who comes, else a house bot"),
		lang.N("you play the next person who asks for the same game; after a short wait a house bot takes the empty seat")},
	itemHouseBot: {lang.N("Play house bots"), lang.N("play house bots"), lang.N("choose your opponents and the board"),
		lang.N("choose how many play, a house bot for each other seat, and the board")},
	itemProgram: {lang.N("Play a student's bot"), lang.N("play a student's bot"), lang.N("a program waiting for opponents"),
		lang.N("play a program that waits for opponents (ssh HOST bot --game GAME)")},
	itemPrivate: {lang.N("Create a private room"), lang.N("create a private room"), lang.N("get a code to give your friends"),
		lang.N("you get a code; your friends pick \"Join with a code\" and type it")},
	itemJoin: {lang.N("Join with a code"), lang.N("join with a code"), lang.N("a friend's private room"),
		lang.N("type the code of a friend's private room")},
	itemWatch:       {lang.N("Watch a live room"), lang.N("watch a live room"), lang.N("spectate any game being played"), ""},
	itemLeaderboard: {lang.N("Leaderboard"), lang.N("leaderboard"), lang.N("the ratings of this game's players"), ""},
	itemTournaments: {lang.N("Join a tournament"), lang.N("join a tournament"), lang.N("enter with your teacher's code; standings"),
		lang.N("type the code your teacher gives: the standings, live, and j to enter")},
	itemRules: {lang.N("Rules and keys"), lang.N("rules and keys"), lang.N("how this game is played"), ""},
	itemHistory: {lang.N("History"), lang.N("history"), lang.N("your games, the last first, to replay"),
		lang.N("your stored games, the last first, each of them to replay (ssh HOST history)")},
	itemQuit: {lang.N("Quit"), lang.N("quit"), "", lang.N("leave the arena")},
}

// itemKey is the key that picks a menu item: its digit (the tenth's is 0, as on the
// keyboard's row), q for Quit.
func itemKey(i homeItem) string {
	if i == itemQuit {
		return "q" // digits pick the items before it; on the lobby q quits
	}
	return fmt.Sprint((int(i) + 1) % 10)
}

// homeKeys are the home screen's keys; pick is every item's key (itemKey), in menu order.
var homeKeys = struct {
	up, down, prevGame, nextGame, choose, lang, keyboard key.Binding
	pick                                                 []key.Binding
}{
	lang:     widget.Bind("L", lang.N("language: English / français (kept with your key)"), "L"),
	keyboard: widget.Bind("K", lang.N("keyboard: QWERTY / AZERTY, for the games whose keys are places (kept with your key)"), "K"),
	up:       widget.Bind("↑/k", lang.N("the item above"), "up", "k"),
	down:     widget.Bind("↓/j", lang.N("the item below"), "down", "j"),
	prevGame: widget.Bind("←/h/shift+tab", lang.N("the previous game"), "left", "h", "shift+tab"),
	nextGame: widget.Bind("→/l/tab", lang.N("the next game"), "right", "l", "tab"),
	choose:   widget.Bind("enter/space", lang.N("select the item"), "enter", " "),
	pick: func() []key.Binding {
		var out []key.Binding
		for i, it := range homeItems {
			k := itemKey(homeItem(i))
			out = append(out, widget.Bind(k, it.pick, k))
		}
		return out
	}(),
}

func (h *homeScreen) Keys(_ screen.Model) widget.KeyMap {
	k := homeKeys
	quit := k.pick[itemQuit]
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair(lang.N("choose"), k.up, k.down), widget.Pair(lang.N("select"), k.choose), widget.Pair(lang.N("game"), k.prevGame, k.nextGame), widget.HelpKey, quit},
		Full:  [][]key.Binding{{k.up, k.down, k.choose, k.prevGame, k.nextGame}, k.pick, {k.lang, k.keyboard}},
	}
}

func (h *homeScreen) entry() catalog.Entry {
	all := catalog.All()
	return all[h.game%len(all)]
}

func (h *homeScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return h, nil
	}
	n := len(catalog.All())
	switch keys := homeKeys; {
	case key.Matches(k, keys.up):
		h.cursor = (h.cursor + len(homeItems) - 1) % len(homeItems)
	case key.Matches(k, keys.down):
		h.cursor = (h.cursor + 1) % len(homeItems)
	case key.Matches(k, keys.prevGame):
		h.game = (h.game + n - 1) % n
	case key.Matches(k, keys.nextGame):
		h.game = (h.game + 1) % n
	case key.Matches(k, keys.choose):
		return h.choose(m)
	case key.Matches(k, keys.lang):
		m.Notify(m.ChooseLang(nextLang(m.Lang())))
	case key.Matches(k, keys.keyboard):
		m.Notify(m.ChooseKeyboard(nextKeyboard(m.Keyboard())))
	default:
		// AZERTY's top row without Shift types & é " … à: the menu's digits.
		digit := keyString(m.Keyboard().Digit(k.String()))
		for i, b := range keys.pick {
			if key.Matches(digit, b) {
				h.cursor = i
				return h.choose(m)
			}
		}
	}
	return h, nil
}

// nextLang is the language L turns to.
func nextLang(l lang.Lang) lang.Lang {
	if l == lang.French {
		return lang.English
	}
	return lang.French
}

// nextKeyboard is the layout K turns to.
func nextKeyboard(k keyboard.Layout) keyboard.Layout {
	if k == keyboard.AZERTY {
		return keyboard.QWERTY
	}
	return keyboard.AZERTY
}

func (h *homeScreen) choose(m screen.Model) (screen.Screen, tea.Cmd) {
	if homeItem(h.cursor) == itemQuit {
		return h, m.Quit()
	}
	e := h.entry()
	cfg, err := humanConfig(e, 0, m.Width(), m.Height())
	if err != nil {
		m.Notify(lang.Say(err, m.Lang()))
		return h, nil
	}
	switch homeItem(h.cursor) {
	case itemQuick:
		q := &queueScreen{entry: e, cfg: cfg}
		return q, q.Init(m)
	case itemProgram:
		return &programScreen{entry: e, home: h}, nil
	case itemHouseBot:
		return newSetupScreen(e, cfg, true, h), nil
	case itemPrivate:
		return newSetupScreen(e, cfg, false, h), nil
	case itemJoin:
		return newJoinScreen(m, h), nil
	case itemWatch:
		return &watchScreen{home: h}, nil
	case itemLeaderboard:
		return reading.NewLeaderboard(m.Services().Archive, e, h), nil
	case itemTournaments:
		return tournaments.New(m, m.Services(), h), nil
	case itemHistory:
		return newHistoryScreen(h), nil
	default: // itemRules
		return reading.NewRules(e, h), nil
	}
}

func (h *homeScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	var b strings.Builder
	view := m.Lobby()
	b.WriteString(m.Header(st.Dim.Render(l.Sprintf("%d online", len(view.Online)))) + "\n\n")
	// Game tabs.
	for i, e := range catalog.All() {
		name := l.Sprintf(e.Game.Name())
		if i == h.game%len(catalog.All()) {
			b.WriteString(st.Selected.Render("[" + name + "]"))
		} else {
			b.WriteString(st.Dim.Render(" " + name + " "))
		}
		b.WriteString(" ")
	}
	b.WriteString("\n\n")
	e := h.entry()
	cfg, _ := humanConfig(e, 0, m.Width(), m.Height()) // the board quick match gives this window
	for i, it := range homeItems {
		b.WriteString(widget.Item(st, itemKey(homeItem(i))+"  "+l.Sprintf(it.label), 28, i == h.cursor))
		about := it.about
		if about != "" {
			about = l.Sprintf(about)
		}
		switch homeItem(i) {
		case itemQuick:
			// Only those who can be paired with this person: the same game on the board
			// their window gets (a program waiting on another size plays someone else).
			if w := view.Queued[matchmaker.QueueKey(e.Entry, cfg)]; w > 0 {
				about = l.Sprintf("%d waiting now — join them", w)
			}
		case itemHouseBot:
			about = onlineLineIn(l, strings.Split(bots.Names(e.Bots, false), ", "), m.Width()-34)
		case itemProgram:
			if n := len(view.Programs[e.Game.ID()]); n > 0 {
				about = l.Sprintf("%d waiting now", n)
			} else {
				about = l.Sprintf("none now (ssh … bot --game %s)", e.Game.ID())
			}
		}
		b.WriteString("  " + st.Dim.Render(termtext.Fit(about, m.Width()-34)) + "\n")
	}
	b.WriteString("\n" + st.Heading.Render(l.Sprintf("Live rooms")) + "\n")
	online := onlineLineIn(l, view.Online, m.Width()-10)
	// Show as many rooms as the window has rows for, below the menu and above who is online:
	// ten rows are the header, the tabs, the headings, the blank lines and the footer, one
	// is left for a notice (a longer one takes rows of the list: fitWindow).
	shown := max(m.Height()-len(homeItems)-11, 1)
	list := m.Lobby().Visible(m.Who().ID, m.Who().Admin)
	if len(list) == 0 {
		b.WriteString(st.Dim.Render("  "+l.Sprintf("none yet — start one!")) + "\n")
	}
	for i, r := range list {
		if i == shown-1 && len(list) > shown {
			b.WriteString(st.Dim.Render("  "+l.Sprintf("… and %d more (Watch a live room)", len(list)-i)) + "\n")
			break
		}
		b.WriteString("  " + termtext.Fit(roomLineIn(l, r), m.Width()-3) + "\n")
	}
	b.WriteString("\n" + st.Heading.Render(l.Sprintf("Online")) + "  " + online + "\n\n")
	b.WriteString(m.Footer(h.Keys(m)))
	return b.String()
}

// onlineLine names who is online on one line of width cells: as many names as fit, then how
// many more, so that the home screen keeps its shape with a thousand people online.
func onlineLine(names []string, width int) string { return onlineLineIn(lang.English, names, width) }

// onlineLineIn is onlineLine in language l.
func onlineLineIn(l lang.Lang, names []string, width int) string {
	var b strings.Builder
	used := 0
	for i, name := range names {
		name = plaintext.Clean(name)
		more := ""
		if rest := len(names) - i - 1; rest > 0 {
			more = l.Sprintf(", … and %d more", rest)
		}
		sep := ""
		if i > 0 {
			sep = ", "
		}
		w := ansi.StringWidth(sep + name)
		// This name fits if the count of the others still fits after it.
		if used+w+ansi.StringWidth(more) > width && i > 0 {
			b.WriteString(l.Sprintf(", … and %d more", len(names)-i))
			return b.String()
		}
		b.WriteString(sep + name)
		used += w
	}
	return b.String()
}

// roomLineIn is a live room on one line, in language l.
func roomLineIn(l lang.Lang, r rooms.Info) string {
	watching := ""
	if r.Spectators > 0 {
		watching = "  " + l.Sprintf("%d watching", r.Spectators)
	}
	return fmt.Sprintf("%-5s %-10s %-8s %s%s", r.ID, l.Sprintf(r.GameName), l.Sprintf(string(r.Status)), plaintext.Clean(r.Players()), watching)
}

// help lists every item of the menu, from the table the menu is drawn from.
func (h *homeScreen) Help(m screen.Model) string {
	l := m.Lang()
	// The shell example plays the game shown, against its strongest bot.
	e := h.entry()
	example := fmt.Sprintf("ssh -t HOST play %s --vs %s", e.Game.ID(), e.Strongest) // lang:keep a command
	var b strings.Builder
	b.WriteString(l.Sprintf("arena — classroom games over SSH") + "\n\n" + l.Sprintf("Pick a game with ←/→ (now %s), then an item:", l.Say(e.Game.Name())) + "\n")
	labels := 22
	for _, it := range homeItems {
		labels = max(labels, ansi.StringWidth(l.Say(it.label)))
	}
	for i, it := range homeItems {
		about := it.about
		if it.more != "" {
			about = it.more
		}
		if about != "" {
			about = l.Say(about)
		}
		label := l.Say(it.label)
		fmt.Fprintf(&b, "  %s %s%s  %s\n", itemKey(homeItem(i)), label, strings.Repeat(" ", labels-ansi.StringWidth(label)), about)
	}
	// lang:keep commands
	b.WriteString("\n" + l.Sprintf("From a shell:") + "\n  " + example + "\n  ssh -t HOST watch ROOM\n  ssh HOST rooms")
	return b.String()
}

func (*homeScreen) ShowsLobby() {}

// Name is what a footer calls the home screen, the lobby: "esc lobby".
func (*homeScreen) Name() string { return "lobby" }
