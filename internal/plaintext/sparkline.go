package plaintext

import "strings"

// Sparkline draws the last width values as a small chart of block heights.
func Sparkline(values []float64, width int) string {
	if len(values) > width {
		values = values[len(values)-width:]
	}
	if len(values) == 0 {
		return ""
	}
	lo, hi := values[0], values[0]
	for _, v := range values {
		lo, hi = min(lo, v), max(hi, v)
	}
	const bars = "▁▂▃▄▅▆▇█"
	levels := []rune(bars)
	var b strings.Builder
	for _, v := range values {
		k := 0
		if hi > lo {
			k = int((v - lo) / (hi - lo) * float64(len(levels)-1))
		}
		b.WriteRune(levels[k])
	}
	return b.String()
}
