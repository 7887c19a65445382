// Package keyboard is the layout of a person's keyboard, QWERTY or AZERTY (French), and
// what it changes: the letter clusters of the games whose keys are places on the keyboard
// (Perfect Aim's w a s d, War Hammer's q w e / a d / z x c) sit where they sit on a QWERTY
// keyboard, so on an AZERTY one the same places are z q s d and a z e / q d / w x c. The
// games keep QWERTY letters; a screen turns an AZERTY person's keys into them (ToQWERTY)
// and shows their key lists in the person's letters (Show). Letters that mean something
// (7 Colors' colours a–g, a menu's q to quit) never change.
package keyboard

import (
	"strings"

	"github.com/arena-classroom/arena/lang"
)

// Layout is a keyboard's layout.
type Layout string

// The layouts.
const (
	QWERTY Layout = "qwerty"
	AZERTY Layout = "azerty"
)

// Of is the layout a person of language l most likely has: AZERTY for French.
func Of(l lang.Lang) Layout {
	if l == lang.French {
		return AZERTY
	}
	return QWERTY
}

// Parse reads a layout's name.
func Parse(s string) (Layout, error) {
	switch Layout(strings.ToLower(strings.TrimSpace(s))) {
	case QWERTY:
		return QWERTY, nil
	case AZERTY:
		return AZERTY, nil
	}
	return "", lang.Errorf("%q: the layouts are qwerty and azerty", s)
}

// swaps are AZERTY's letters where QWERTY has others, both ways: the two keyboards differ
// in these four letters (and in punctuation, which no game's cluster uses).
var swaps = map[rune]rune{'a': 'q', 'q': 'a', 'z': 'w', 'w': 'z', 'A': 'Q', 'Q': 'A', 'Z': 'W', 'W': 'Z'}

// ToQWERTY is the key k (as Bubble Tea names it: "z", "Z", "shift+up") that sits at the
// same place on a QWERTY keyboard as k does on this layout's.
func (l Layout) ToQWERTY(k string) string {
	if l != AZERTY || len(k) != 1 {
		return k
	}
	if r, ok := swaps[rune(k[0])]; ok {
		return string(r)
	}
	return k
}

// azertyDigits are AZERTY's top row without Shift: the keys of the digits 1 to 0.
var azertyDigits = map[string]string{"&": "1", "é": "2", "\"": "3", "'": "4", "(": "5",
	"-": "6", "è": "7", "_": "8", "ç": "9", "à": "0"}

// Digit is the key k with, on AZERTY, the top row's characters typed without Shift (&, é,
// ", …) as the digits that row carries: a French player types an area's number or a clan's
// without reaching for Shift. Games whose keys are digits take them; their screens have no
// other use for these characters.
func (l Layout) Digit(k string) string {
	if l == AZERTY {
		if d, ok := azertyDigits[k]; ok {
			return d
		}
	}
	return k
}

// Show is a key list written for QWERTY ("arrows/wasd", "qweadzxc/keypad") in this
// layout's letters ("arrows/zqsd", "azeqdwxc/keypad"); the names of keys ("arrows",
// "space", "keypad", "enter", "backspace") stay as they are.
func (l Layout) Show(spec string) string {
	if l != AZERTY {
		return spec
	}
	var b strings.Builder
	word := func(w string) {
		if isName(w) {
			b.WriteString(w)
			return
		}
		for _, r := range w {
			if s, ok := swaps[r]; ok {
				r = s
			}
			b.WriteRune(r)
		}
	}
	start := 0
	for i, r := range spec {
		if r == '/' || r == ',' || r == ' ' {
			word(spec[start:i])
			b.WriteRune(r)
			start = i + 1
		}
	}
	word(spec[start:])
	return b.String()
}

// isName reports whether w names keys rather than listing letters.
func isName(w string) bool {
	switch strings.TrimPrefix(w, "shift+") {
	case "arrows", "keypad", "digits", "space", "tab", "enter", "backspace", "esc":
		return true
	}
	return false
}
