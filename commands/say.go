package commands

import (
	"errors"
	"strings"

	"github.com/arena-classroom/arena/lang"
)

// sayText is s, a fixed sentence another package hands over in English (a stored game's
// Hidden, a review's stop), in l when the catalogs have it, as is otherwise.
func sayText(s string, l lang.Lang) string {
	if l.Has(s) && !strings.Contains(s, "%") {
		return l.Say(s)
	}
	return s
}

// inContext is english in English, and key in l otherwise: a word whose translation
// depends on what it names (a column GAME of games played is « PARTIE », of game ids « JEU »)
// is given a key that says so, which only other languages read.
func inContext(l lang.Lang, english, key string) string {
	if l == lang.English {
		return english
	}
	return l.Say(key)
}

// sayErr is err said in l: a sentence of the catalog (lang.Errorf) in l, an error of
// another package whose text is a fixed sentence of the catalogs (archive.ErrNone) too,
// any other in English.
func sayErr(err error, l lang.Lang) string {
	var e *lang.Error
	if errors.As(err, &e) {
		return lang.Say(err, l)
	}
	return sayText(err.Error(), l)
}
