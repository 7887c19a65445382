package widget

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/arena-classroom/arena/lang"
)

// CodeInput is where a person types a code read aloud (a private room's, a tournament's): a
// bubbles textinput that takes the characters of codes only, in upper case, at most
// maxCodeLen of them, with the editing keys of codeKeys (no clipboard, no suggestions: the
// clipboard would be the server's).
type CodeInput struct{ ti textinput.Model }

const (
	upperCodeChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	maxCodeLen     = 8
)

// codeKeys are the keys of a code being typed. typeCode is every character of a code,
// either case (a paste of several arrives as one message: see CodeInput.Update).
var codeKeys = struct {
	typeCode, erase, eraseAll, left, right, start, end key.Binding
}{
	typeCode: Bind("A–Z 0–9", lang.N("type the code (lower case is fine)"), codeCharKeys()...),
	erase:    Bind("backspace", lang.N("erase a character"), "backspace"),
	eraseAll: Bind("ctrl+u", lang.N("erase up to the cursor"), "ctrl+u"),
	left:     Bind("←", lang.N("move the cursor left"), "left"),
	right:    Bind("→", lang.N("move the cursor right"), "right"),
	start:    Bind("home", lang.N("the start of the code"), "home", "ctrl+a"),
	end:      Bind("end", lang.N("the end of the code"), "end", "ctrl+e"),
}

func codeCharKeys() []string {
	var out []string
	for _, c := range upperCodeChars + strings.ToLower(upperCodeChars[:26]) {
		out = append(out, string(c))
	}
	return out
}

func NewCodeInput(prompt string, plain, typed, dim lipgloss.Style) CodeInput {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.CharLimit = maxCodeLen
	ti.KeyMap = textinput.KeyMap{ // the bindings not named here are zero: disabled
		DeleteCharacterBackward: codeKeys.erase,
		DeleteBeforeCursor:      codeKeys.eraseAll,
		CharacterBackward:       codeKeys.left,
		CharacterForward:        codeKeys.right,
		LineStart:               codeKeys.start,
		LineEnd:                 codeKeys.end,
	}
	// The session's styles (plain for the prompt, typed for the code and the cursor, dim for
	// the rest), never lipgloss's global renderer; a cursor that does not blink
	// (a blinking one would draw the screen twice a second for nothing).
	ti.PromptStyle, ti.TextStyle, ti.PlaceholderStyle, ti.CompletionStyle = plain, typed, dim, dim
	ti.Cursor.Style, ti.Cursor.TextStyle = typed, typed
	ti.Cursor.SetMode(cursor.CursorStatic)
	ti.Focus()
	return CodeInput{ti: ti}
}

// Editing are the bindings of codeKeys, for a screen's help.
func (c *CodeInput) Editing() []key.Binding {
	k := codeKeys
	return []key.Binding{k.typeCode, k.erase, k.eraseAll, k.left, k.right, k.start, k.end}
}

// Update takes a key if it is one of codeKeys, and reports whether it was. The characters
// typed go in upper case; a paste's other characters are dropped.
func (c *CodeInput) Update(k tea.KeyMsg) bool {
	if k.Type == tea.KeyRunes && !k.Alt {
		var typed []rune
		for _, r := range k.Runes {
			if key.Matches(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}, codeKeys.typeCode) {
				typed = append(typed, []rune(strings.ToUpper(string(r)))...)
			}
		}
		if len(typed) == 0 {
			return false
		}
		k.Runes = typed
	} else if !key.Matches(k, codeKeys.erase, codeKeys.eraseAll, codeKeys.left, codeKeys.right, codeKeys.start, codeKeys.end) {
		return false
	}
	c.ti, _ = c.ti.Update(k)
	return true
}

func (c *CodeInput) Value() string { return c.ti.Value() }

// SetPrompt changes what stands before the code ("Code: "), said in the reader's language.
func (c *CodeInput) SetPrompt(prompt string) { c.ti.Prompt = prompt }
func (c *CodeInput) View() string            { return c.ti.View() }
