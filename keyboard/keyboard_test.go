package keyboard_test

import (
	"testing"

	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
)

// On AZERTY the clusters sit where QWERTY's do: what a person types there is the QWERTY
// key of the same place, and the key lists show the person's letters.
func TestAnAZERTYKeyboardKeepsTheClustersInPlace(t *testing.T) {
	az := keyboard.AZERTY
	for typed, qwerty := range map[string]string{"z": "w", "q": "a", "s": "s", "d": "d", "a": "q", "w": "z", "Z": "W", "e": "e", "up": "up", "shift+left": "shift+left"} {
		if got := az.ToQWERTY(typed); got != qwerty {
			t.Errorf("AZERTY %q: %q, want %q", typed, got, qwerty)
		}
		if got := keyboard.QWERTY.ToQWERTY(typed); got != typed {
			t.Errorf("QWERTY %q: %q", typed, got)
		}
	}
	for spec, shown := range map[string]string{
		"arrows/wasd":       "arrows/zqsd",
		"shift+arrows/ijkl": "shift+arrows/ijkl",
		"qweadzxc/keypad":   "azeqdwxc/keypad",
		"enter/space":       "enter/space",
	} {
		if got := az.Show(spec); got != shown {
			t.Errorf("AZERTY shows %q as %q, want %q", spec, got, shown)
		}
	}
	if keyboard.Of(lang.French) != az || keyboard.Of(lang.English) != keyboard.QWERTY {
		t.Error("the layout a language guesses")
	}
	if _, err := keyboard.Parse("dvorak"); err == nil {
		t.Error("dvorak accepted")
	}
}

// AZERTY's top row typed without Shift is its digits; QWERTY's keys stay themselves.
func TestAZERTYsTopRowIsItsDigits(t *testing.T) {
	for k, want := range map[string]string{"&": "1", "é": "2", "\"": "3", "'": "4", "(": "5", "-": "6", "è": "7", "_": "8", "ç": "9", "à": "0", "3": "3", "a": "a", "enter": "enter"} {
		if got := keyboard.AZERTY.Digit(k); got != want {
			t.Errorf("AZERTY %q: %q, want %q", k, got, want)
		}
	}
	for _, k := range []string{"&", "é", "-", "1"} {
		if got := keyboard.QWERTY.Digit(k); got != k {
			t.Errorf("QWERTY %q: %q", k, got)
		}
	}
}
