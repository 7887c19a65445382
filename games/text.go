package games

import (
	"strconv"

	"github.com/arena-classroom/arena/lang"
)

// Count says n things in English: Count(1, "area", "areas") is "1 area", Count(3, "die",
// "dice") is "3 dice".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Ordinal is "1st", "2nd", "3rd", "4th", …, "11th", "21st".
func Ordinal(n int) string { return lang.English.Ordinal(n) }
