package plaintext

import (
	"strconv"
	"strings"
	"unicode"
)

// Clean strips control and escape characters from text one user shows to another.
func Clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || invisible(r) {
			return -1
		}
		return r
	}, s)
}

// invisible reports the characters that change how text around them reads without being
// seen: Unicode's format characters (bidi controls that reverse a name on every screen and
// in every CSV, zero-width spaces and joiners, the byte-order mark, soft hyphens) and the
// line and paragraph separators.
func invisible(r rune) bool {
	return r >= 0xa0 && (unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r))
}

// CleanLines is Clean for a text of several lines: line breaks are kept.
func CleanLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Clean(l)
	}
	return strings.Join(lines, "\n")
}

// Points is a score as people read it: no trailing zeros ("2", "1.5").
func Points(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Round2 rounds v to two decimals, halves away from zero (tie-breaks such as Sonneborn–Berger
// are sums of fractions).
func Round2(v float64) float64 {
	half := 0.5
	if v < 0 {
		half = -0.5
	}
	return float64(int64(v*100+half)) / 100
}
