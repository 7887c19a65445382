package lobby

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lobby/widget"
)

// gameBindings are a game's keys as bindings, one for each line of its view's key list
// (games.View.Keys): the help is the line itself, the keys those its words name (keyNames).
// The game's view takes the keys (View.Key, Draft.Key); TestEveryKeyIsInTheHelp holds every
// key a game takes to these bindings, so that a game's keys and its help cannot drift apart.
func gameBindings(v games.View) []key.Binding { return gameBindingsFor(v, keyboard.QWERTY) }

// gameBindingsFor are gameBindings for a keyboard of layout l: a cluster's letters are the
// layout's (keyboard.Show), as the person types them.
func gameBindingsFor(v games.View, l keyboard.Layout) []key.Binding {
	var out []key.Binding
	for _, k := range v.Keys() {
		spec := k.Keys
		if k.Cluster {
			spec = l.Show(spec)
		}
		out = append(out, widget.Bind(spec, k.Does, keyNames(spec)...))
	}
	return out
}

// hasCluster reports whether v's keys include a cluster of places (keyboard).
func hasCluster(v games.View) bool {
	for _, k := range v.Keys() {
		if k.Cluster {
			return true
		}
	}
	return false
}

// keyNames are the keys a game's key list names, in the words games write them with:
// "a–g" (a range of letters, either case), "wasd" (letters, either case), "arrows",
// "shift+arrows", "digits", "keypad" (the digits), "space", "tab" (and shift+tab), and
// key names as Bubble Tea spells them ("enter", "backspace", "esc"), separated by "/", ","
// or spaces.
func keyNames(spec string) []string {
	var out []string
	for _, word := range strings.FieldsFunc(spec, func(r rune) bool { return r == '/' || r == ',' || r == ' ' }) {
		switch word {
		case "arrows":
			out = append(out, "up", "down", "left", "right")
		case "shift+arrows":
			out = append(out, "shift+up", "shift+down", "shift+left", "shift+right")
		case "digits", "keypad":
			for d := '0'; d <= '9'; d++ {
				out = append(out, string(d))
			}
		case "space":
			out = append(out, " ")
		case "tab":
			out = append(out, "tab", "shift+tab")
		case "enter", "backspace", "esc":
			out = append(out, word)
		default:
			letters := word
			if from, to, ok := strings.Cut(word, "–"); ok && len(from) == 1 && len(to) == 1 && from <= to {
				letters = ""
				for c := from[0]; c <= to[0]; c++ {
					letters += string(c)
				}
			}
			for _, c := range letters {
				out = append(out, strings.ToLower(string(c)), strings.ToUpper(string(c)))
			}
		}
	}
	return out
}
