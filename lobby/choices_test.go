package lobby

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
)

// On the lobby, L turns the language and K the keyboard, at once and kept with the key;
// a guest's last the session.
func TestTheLobbyChoosesTheLanguageAndKeyboard(t *testing.T) {
	kept := map[string]string{}
	e, _ := catalog.Get("sevencolors")
	fm, _ := finishedGame(t, e, 80, 24, games.Plain)
	app := fm.s.app
	app.choose = func(_ context.Context, id, pref, value string) error {
		if id != "k1" {
			t.Errorf("a choice kept for %q", id)
		}
		kept[pref] = value
		return nil
	}
	m := &model{s: newSession(app, terminal("k1", "ann", 80, 24, games.Plain)), now: screenClock}
	m.screen = &homeScreen{}
	if !strings.Contains(ansi.Strip(m.View()), "Quick match") {
		t.Fatal("the lobby is not in English to start with")
	}
	press(m, "L")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "Partie rapide") || !strings.Contains(view, "l'arène vous parle français") || kept[prefLang] != "fr" {
		t.Fatalf("after L: kept %v\n%s", kept, view)
	}
	press(m, "K")
	if m.Keyboard() != keyboard.AZERTY || kept[prefKeyboard] != "azerty" || !strings.Contains(ansi.Strip(m.View()), "clavier azerty") {
		t.Fatalf("after K: %s, kept %v\n%s", m.Keyboard(), kept, ansi.Strip(m.View()))
	}
	press(m, "L")
	if m.Lang() != lang.English || kept[prefLang] != "en" {
		t.Fatalf("L again: %s, kept %v", m.Lang(), kept)
	}

	guest := &model{s: newSession(app, terminal("guest:1", "guest-1", 80, 24, games.Plain)), now: screenClock}
	guest.s.who.Guest = true
	guest.screen = &homeScreen{}
	press(guest, "L")
	if guest.Lang() != lang.French || !strings.Contains(ansi.Strip(guest.View()), "pour cette session seulement") {
		t.Fatalf("a guest's L:\n%s", ansi.Strip(guest.View()))
	}
}
