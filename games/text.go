package games

import (
	"fmt"
	"strconv"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

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

// Digits is a count a printer writes as plain digits in every language ("2500", where a
// printer writes an int "2,500" in English and "2 500" in French), as the code wrote it
// before the catalogs; the catalogs' plural forms still follow its value.
type Digits int

// Format writes the digits as fmt would write the int.
func (n Digits) Format(f fmt.State, verb rune) { fmt.Fprintf(f, fmt.FormatString(f, verb), int(n)) }

// PluralForm is the plural form of n in language t (plural.Interface).
func (n Digits) PluralForm(t language.Tag, _ int) (plural.Form, int) {
	i := int(n)
	if i < 0 {
		i = -i
	}
	return plural.Cardinal.MatchPlural(t, i, 0, 0, 0, 0), i
}
