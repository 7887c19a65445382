package games

import "strconv"

// Count says n things in English: Count(1, "area", "areas") is "1 area", Count(3, "die",
// "dice") is "3 dice".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Ordinal is "1st", "2nd", "3rd", "4th", …, "11th", "21st".
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
