package keys

import (
	"crypto/sha256"
	"encoding/hex"
	"github.com/arena-classroom/arena/lang"
	"slices"
	"strconv"
	"strings"
)

// MaxNameLen is the longest display name, in bytes (names are ASCII).
const MaxNameLen = 16

// reserved names would let a player pass for the server, staff or a guest.
var reserved = map[string]bool{
	"admin": true, "administrator": true, "root": true, "system": true, "sys": true,
	"arena": true, "server": true, "host": true, "daemon": true, "operator": true,
	"staff": true, "support": true, "teacher": true, "prof": true, "mod": true,
	"moderator": true, "bot": true, "house": true, "nobody": true, "anonymous": true,
	"anon": true, "null": true, "nil": true, "all": true, "everyone": true, "you": true,
	"me": true, "spectator": true, "player": true,
}

// unaccent spells the accented letters of French (and a few neighbours) in ASCII, so that
// "Éloïse" becomes "eloise" rather than "los".
var unaccent = map[rune]string{
	'à': "a", 'â': "a", 'ä': "a", 'á': "a", 'ã': "a", 'å': "a",
	'À': "a", 'Â': "a", 'Ä': "a", 'Á': "a", 'Ã': "a", 'Å': "a",
	'é': "e", 'è': "e", 'ê': "e", 'ë': "e", 'É': "e", 'È': "e", 'Ê': "e", 'Ë': "e",
	'î': "i", 'ï': "i", 'í': "i", 'ì': "i", 'Î': "i", 'Ï': "i", 'Í': "i", 'Ì': "i",
	'ô': "o", 'ö': "o", 'ó': "o", 'ò': "o", 'õ': "o", 'Ô': "o", 'Ö': "o", 'Ó': "o", 'Ò': "o", 'Õ': "o",
	'ù': "u", 'û': "u", 'ü': "u", 'ú': "u", 'Ù': "u", 'Û': "u", 'Ü': "u", 'Ú': "u",
	'ç': "c", 'Ç': "c", 'ñ': "n", 'Ñ': "n", 'ÿ': "y", 'Ÿ': "y",
	'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe", 'ß': "ss",
}

// SanitizeName turns the user part of `ssh name@host` into a display name: lower-case
// ASCII letters, digits, '-' and '_', at most MaxNameLen long, with escape sequences and
// control characters removed ('.' and spaces become '-', accented letters lose their
// accents). It returns "" when nothing usable
// is left or the result is reserved (see Reserved); extra lists more reserved names, such as
// the house bots'.
func SanitizeName(hint string, extra ...string) string {
	name := CleanName(hint)
	if name == "" || Reserved(name, extra...) {
		return ""
	}
	return name
}

// CleanName is SanitizeName without the reserved names: what hint would be as a name,
// reserved or not ("" when nothing usable is left).
func CleanName(hint string) string {
	var b strings.Builder
	for _, r := range stripEscapes(hint) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r - 'A' + 'a')
		case r == '.', r == ' ':
			b.WriteByte('-')
		default:
			b.WriteString(unaccent[r])
		}
	}
	name := strings.Trim(b.String(), "-_")
	if len(name) > MaxNameLen {
		name = strings.TrimRight(name[:MaxNameLen], "-_")
	}
	return name
}

// ReservedWords lists the names reserved in every arena, sorted (the house bots' names, and
// names starting with "guest" or "player-", are reserved too: see Reserved).
func ReservedWords() []string {
	out := make([]string, 0, len(reserved))
	for w := range reserved {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

// NameNote says, in a sentence for the person (said in their language), why a connection
// asking for the name user got name instead; the zero Text when it got what it asked for
// (or asked for nothing). extra are the
// server's other reserved names, as for SanitizeName.
func NameNote(user, name string, extra ...string) lang.Text {
	if user == "" {
		return lang.Text{}
	}
	choose := lang.T("connect as ssh NAME@host to choose a name")
	wanted := CleanName(user)
	switch {
	case wanted == "":
		return lang.T("%q has nothing a name can use (letters a-z, digits, - and _): you are %s; %s", stripEscapes(user), name, choose)
	case wanted == name:
		return lang.Text{}
	case Reserved(wanted, extra...):
		return lang.T("%s is reserved: you are %s; %s", wanted, name, choose)
	case isVariant(wanted, name):
		return lang.T("%s belongs to another key: you are %s; connect as ssh NAME@host to choose another name", wanted, name)
	default:
		// ClaimName keeps the last name of a key that holds as many as it may.
		return lang.T("%s is not yours: your key already holds as many names as a key may, so you are %s (whoami lists them)", wanted, name)
	}
}

// isVariant reports whether name is one of wanted's variants (wanted2, wanted3, …).
func isVariant(wanted, name string) bool {
	digits := strings.TrimRightFunc(name, func(r rune) bool { return r >= '0' && r <= '9' })
	n, err := strconv.Atoi(name[len(digits):])
	return err == nil && n >= 2 && Variant(wanted, n) == name
}

// Reserved reports whether name may not be claimed: a reserved word, one of extra, or
// anything starting with "guest" or "player-" (guest names and the names of keys that gave
// none are handed out by the server: nobody may take another key's generated name first).
func Reserved(name string, extra ...string) bool {
	if reserved[name] || strings.HasPrefix(name, "guest") || strings.HasPrefix(name, generatedPrefix) {
		return true
	}
	for _, e := range extra {
		if strings.EqualFold(e, name) {
			return true
		}
	}
	return false
}

const generatedPrefix = "player-"

// GeneratedName is the name given to a key that connects without a usable name hint: the
// same key always gets the same one.
func GeneratedName(id string) string {
	sum := sha256.Sum256([]byte(id))
	return generatedPrefix + hex.EncodeToString(sum[:3])
}

// GuestName names a keyless visitor; tag is any random text (the guest id).
func GuestName(tag string) string {
	sum := sha256.Sum256([]byte(tag))
	// 40 bits: a thousand guests at once share a name with odds under one in a million
	// (16 bits collided within a few hundred), and the name still fits MaxNameLen.
	return "guest-" + hex.EncodeToString(sum[:5])
}

// Variant is the n-th candidate for a wanted name (n ≥ 1): the name itself, then name2,
// name3, …, shortened so that it stays within MaxNameLen.
func Variant(name string, n int) string {
	if n <= 1 {
		return name
	}
	suffix := strconv.Itoa(n)
	if len(name)+len(suffix) > MaxNameLen {
		name = name[:MaxNameLen-len(suffix)]
	}
	return name + suffix
}

// stripEscapes drops terminal escape sequences (CSI, OSC, DCS, and two-byte ESC forms) and
// every other control character, so that what one user typed cannot drive another's
// terminal.
func stripEscapes(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == 0x1b || r == 0x9b: // ESC, or the 8-bit CSI
			i = skipEscape(rs, i)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			// other C0 and C1 controls
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// skipEscape returns the index of the last rune of the escape sequence starting at i.
func skipEscape(rs []rune, i int) int {
	csi := rs[i] == 0x9b
	if !csi {
		if i+1 >= len(rs) {
			return i
		}
		switch rs[i+1] {
		case '[':
			csi, i = true, i+1
		case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: up to BEL or ST
			for j := i + 2; j < len(rs); j++ {
				if rs[j] == 0x07 {
					return j
				}
				if rs[j] == 0x1b && j+1 < len(rs) && rs[j+1] == '\\' {
					return j + 1
				}
			}
			return len(rs) - 1
		default:
			return i + 1
		}
	}
	// CSI: parameter and intermediate bytes, then one final byte 0x40–0x7e.
	for j := i + 1; j < len(rs); j++ {
		if rs[j] >= 0x40 && rs[j] <= 0x7e {
			return j
		}
	}
	return len(rs) - 1
}
