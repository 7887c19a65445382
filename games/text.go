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

// OrdinalT is n as a place, to be said in a reader's language: "1st", "2nd", "3rd", "4th"
// in English, "1er", "2e", "3e" in French.
func OrdinalT(n int) lang.Text {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return lang.T("%dth", n)
	case n%10 == 1:
		return lang.T("%dst", n)
	case n%10 == 2:
		return lang.T("%dnd", n)
	case n%10 == 3:
		return lang.T("%drd", n)
	}
	return lang.T("%dth", n)
}
