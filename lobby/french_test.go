package lobby

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// inFrenchOn is a person who reads French on an AZERTY keyboard, connected as ann.
func inFrenchOn(app *App) *model {
	srv := terminal("k1", "ann", 80, 24, games.Plain)
	srv.Lang, srv.Keyboard = lang.French, string(keyboard.AZERTY)
	return &model{s: newSession(app, srv), now: screenClock}
}

// shows fails the test unless view has every one of want and none of not.
func shows(t *testing.T, what, view string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(view, w) {
			t.Errorf("%s: no %q in\n%s", what, w, view)
		}
	}
	for _, n := range not {
		if strings.Contains(view, n) {
			t.Errorf("%s: %q (English) in\n%s", what, n, view)
		}
	}
}

// A French person, through the lobby's model: the home screen, the setup of a game against
// house bots and its help, then a game's result, all say French; English stays English.
func TestAFrenchPersonReadsTheLobbyInFrench(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	fm, _ := finishedGame(t, e, 80, 24, games.Plain)
	m := inFrenchOn(fm.s.app)
	m.screen = &homeScreen{}
	m.Init()
	shows(t, "home", ansi.Strip(m.View()), []string{"Partie rapide", "Contre les bots maison", "Parties en cours", "? aide"},
		[]string{"Quick match", "Live rooms", "help"})

	press(m, "2") // Play house bots
	if _, ok := m.screen.(*setupScreen); !ok {
		t.Fatalf("2 opened %T", m.screen)
	}
	view := ansi.Strip(m.View())
	shows(t, "setup", view, []string{"7 couleurs contre les bots maison", "Adversaire", "Plateau", "enter jouer", "esc/q accueil"},
		[]string{"against house bots", "Opponent", "Board size", " play ", "lobby"})
	fits(t, "setup", m.View(), 80, 24)

	press(m, "?")
	fits(t, "setup's help", m.View(), 80, 24)
	help := ansi.Strip(m.View())
	press(m, "end") // the help scrolls to its last keys
	help += ansi.Strip(m.View())
	shows(t, "setup's help", help, []string{"Préparez la salle", "Les bots maison de 7 couleurs :", "Touches", "la ligne au-dessus", "quitter l'arène"},
		[]string{"Set up the room", "House bots of", "Keys", "the line above", "leave the arena"})
	press(m, "esc")

	press(m, "esc")
	if _, ok := m.screen.(*homeScreen); !ok {
		t.Fatalf("esc went to %T", m.screen)
	}

	// The result of a game, watched.
	fm.s.lang = lang.French
	view = ansi.Strip(fm.View())
	shows(t, "result", view, []string{"gagne.", "Derniers coups", "La revoir", "7 couleurs · salle", "coup"},
		[]string{" wins.", "Last moves", "Watch it again", "· room", "· move"})
	fits(t, "result", fm.View(), 80, 24)

	// The same in English, as it was.
	fm.s.lang = lang.English
	shows(t, "result in English", ansi.Strip(fm.View()), []string{"wins.", "Last moves", "Watch it again", "7 Colors · room"}, nil)
}

// Every key a screen lists (its footer and its ? page) says what it does in French: its
// help is in the catalogs, but for the games' own keys, which their views say
// (games.ViewIn). On AZERTY, a game's letter clusters are shown as AZERTY places.
func TestEveryKeyOfEveryScreenIsSaidInFrench(t *testing.T) {
	// What the games' views say their keys do: theirs to translate.
	byGames := map[string]bool{}
	for _, e := range catalog.All() {
		for _, k := range games.ViewIn(e.View, lang.French).Keys() {
			byGames[k.Does] = true
		}
	}
	for _, c := range screenCases(80, 24) {
		t.Run(c.name, func(t *testing.T) {
			m := c.make(t)
			m.s.lang, m.s.keyboard = lang.French, keyboard.AZERTY
			// The screens of lobby/replays, lobby/tournaments and the rules are their
			// packages' to translate: only the keys the model adds are checked there.
			ours := reflect.TypeOf(m.screen).Elem().PkgPath() == reflect.TypeOf(model{}).PkgPath()
			km := m.screen.Keys(m)
			all := append([]key.Binding{globalKeys.help, globalKeys.quit}, km.Short...)
			for _, g := range km.Full {
				all = append(all, g...)
			}
			for _, b := range all {
				does := b.Help().Desc
				if does == "" || byGames[does] || !ours && !lang.English.Has(does) {
					continue
				}
				if !lang.French.Has(does) || !lang.English.Has(does) {
					t.Errorf("%s: the key %q does %q, which is not in the catalogs", c.name, b.Help().Key, does)
				}
			}
			for _, b := range m.translated(all) {
				if d := b.Help().Desc; !byGames[d] && d != "" && lang.French.Has(d) && lang.French.Sprintf(d) != d {
					t.Errorf("%s: the key %q is shown as %q, not in French", c.name, b.Help().Key, d)
				}
			}
			if g, ok := m.screen.(*gameScreen); ok && g.snap != nil && g.seat >= 0 && g.snap.Status == rooms.Playing && hasCluster(g.snap.View()) {
				help := m.keysText(km)
				for _, k := range g.snap.View().Keys() {
					if k.Cluster && strings.ContainsAny(k.Keys, "wqaz") && !strings.Contains(help, keyboard.AZERTY.Show(k.Keys)) {
						t.Errorf("%s: the keys %q are not shown as AZERTY's %q:\n%s", c.name, k.Keys, keyboard.AZERTY.Show(k.Keys), help)
					}
				}
			}
		})
	}
}

// A session opened into a screen says, as it ends, what closed and how to come back, in
// the person's language.
func TestTheFarewellInFrench(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	fm, _ := finishedGame(t, e, 80, 24, games.Plain)
	m := inFrenchOn(fm.s.app)
	m.screen, m.command = &homeScreen{}, "play"
	m.end("")
	if want := "La partie est fermée pour vous. Sans commande, ssh -t HOST ouvre l'accueil."; m.Farewell() != want {
		t.Errorf("farewell %q, want %q", m.Farewell(), want)
	}
	m.s.lang, m.command = lang.English, "watch"
	m.end("")
	if want := "You stopped watching. Without a command, ssh -t HOST opens the lobby."; m.Farewell() != want {
		t.Errorf("farewell %q, want %q", m.Farewell(), want)
	}
}
