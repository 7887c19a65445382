package lang

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Duration is d written the reader's way: Go's own form in English ("1m30s", "250ms", as
// the command lines take them), French units with spaces and a decimal comma in French
// ("1 min 30 s", "250 ms", "1,5 s").
func (l Lang) Duration(d time.Duration) string {
	if l != French {
		return d.String()
	}
	return frenchDuration(d)
}

// frDuration is a time.Duration said in French by %v and %s (Sprintf's arguments); %d
// still prints its nanoseconds, as it did.
type frDuration time.Duration

func (d frDuration) String() string { return frenchDuration(time.Duration(d)) }

func frenchDuration(d time.Duration) string {
	if d < 0 {
		return "-" + frenchDuration(-d)
	}
	switch {
	case d == 0:
		return "0 s"
	case d < time.Millisecond:
		return strconv.FormatInt(d.Microseconds(), 10) + " µs"
	case d < time.Second:
		return strconv.FormatInt(d.Round(time.Millisecond).Milliseconds(), 10) + " ms"
	case d < time.Minute:
		s := strconv.FormatFloat(d.Round(time.Millisecond).Seconds(), 'f', -1, 64)
		return strings.Replace(s, ".", ",", 1) + " s"
	}
	d = d.Round(time.Second)
	h, m, s := int(d/time.Hour), int(d%time.Hour/time.Minute), int(d%time.Minute/time.Second)
	var parts []string
	if h > 0 {
		parts = append(parts, fmt.Sprintf("%d h", h))
	}
	if m > 0 {
		parts = append(parts, fmt.Sprintf("%d min", m))
	}
	if s > 0 {
		parts = append(parts, fmt.Sprintf("%d s", s))
	}
	return strings.Join(parts, " ")
}

// withDurations are args with their durations said in l.
func withDurations(args []any, l Lang) []any {
	if l != French {
		return args
	}
	var out []any
	for i, a := range args {
		if d, ok := a.(time.Duration); ok {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = frDuration(d)
		}
	}
	if out == nil {
		return args
	}
	return out
}
