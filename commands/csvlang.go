package commands

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/lang"
)

// csvOut is how a teacher's CSV export is written. By default it is for programs: English
// headers and values (rank, name, true, forfeit, 0.5), documented in docs/tournaments.md,
// the same whoever asks. With --lang fr|en it is for people, in that language: headers
// and the values that are words (yes/no, how a game ended) said in it, and in French the
// decimal comma and the semicolon a French spreadsheet expects between fields.
type csvOut struct {
	human bool
	l     lang.Lang
}

// csvLang reads an export's --lang ("": the machine-readable export).
func csvLang(value string) (csvOut, error) {
	if value == "" {
		return csvOut{l: lang.English}, nil
	}
	l, err := lang.Flag(value)
	if err != nil {
		return csvOut{}, err
	}
	return csvOut{human: true, l: l}, nil
}

// writer is a CSV writer for the export: fields split by ";" for French readers (whose
// spreadsheets take "," for the decimal comma), "," otherwise.
func (o csvOut) writer(w io.Writer) *csv.Writer {
	cw := csv.NewWriter(w)
	if o.human && o.l == lang.French {
		cw.Comma = ';'
	}
	return cw
}

// head is the header line: the columns' machine names, or their labels in o's language.
func (o csvOut) head(names ...string) []string {
	if !o.human {
		return names
	}
	out := make([]string, len(names))
	for i, n := range names {
		if label, ok := csvLabels[n]; ok {
			out[i] = o.l.Say(label)
		} else {
			out[i] = n
		}
	}
	return out
}

// num is a number of the export as its readers write it: 0.5, or 0,5 in French for people.
func (o csvOut) num(s string) string {
	if o.human && o.l == lang.French {
		return strings.ReplaceAll(s, ".", ",")
	}
	return s
}

// yesNo is a boolean: true/false for programs, yes/no (oui/non) for people.
func (o csvOut) yesNo(b bool) string {
	switch {
	case !o.human:
		return strconv.FormatBool(b)
	case b:
		return o.l.Sprintf("yes")
	}
	return o.l.Sprintf("no")
}

// word is a value that is a word of the catalog (how a game ended: forfeit, played), said
// for people in o's language; as is for programs.
func (o csvOut) word(s string) string {
	if !o.human || s == "" {
		return s
	}
	if label, ok := csvValues[s]; ok {
		return o.l.Say(label)
	}
	return s
}

// when is a time of the export (RFC 3339, as programs read it): for people, the date as
// their language writes it ("2006-01-02 15:04:05 UTC", "02/01/2006 15:04:05 UTC").
func (o csvOut) when(rfc3339 string) string {
	if !o.human {
		return rfc3339
	}
	t, err := time.Parse(time.RFC3339Nano, rfc3339)
	if err != nil {
		return rfc3339
	}
	return o.l.DateTime(t.UTC(), true) + " UTC"
}

// csvLabels are the exports' columns said for people (--lang).
var csvLabels = map[string]string{
	"rank":        lang.N("Rank"),
	"name":        lang.N("Name"),
	"rating":      lang.N("Rating"),
	"mu":          "μ",
	"sigma":       "σ",
	"games":       lang.N("Games"),
	"provisional": lang.N("Provisional"),
	"bot":         lang.N("Bot"),
	"points":      lang.N("Points"),
	"played":      lang.N("Played"),
	"wins":        lang.N("Wins"),
	"draws":       lang.N("Draws"),
	"losses":      lang.N("Losses"),
	"byes":        lang.N("Byes"),
	"forfeits":    lang.N("Forfeits"),
	"absent":      lang.N("Absent"),
	"fingerprint": lang.N("Key fingerprint"),
	"win_pct":     lang.N("Wins (%%)"),
	"passed":      lang.N("Passed"),
	"when":        lang.N("When"),
	"id":          lang.N("Game"),
	"round":       lang.N("Round"),
	"pairing":     lang.N("Pairing"),
	"leg":         lang.N("Leg"),
	"players":     lang.N("Players"),
	"ranks":       lang.N("Ranks"),
	"result":      lang.N("Result"),
	"how":         lang.N("How it ended"),
	"forfeit":     lang.N("Forfeited by"),
	"replay":      lang.N("Replay"),
	"room":        lang.N("Room"),
	"at":          lang.N("At"),
}

// csvValues are the values of the exports that are words, said for people (--lang): how a
// tournament game ended (director.HowPlayed, …).
var csvValues = map[string]string{
	"played":  lang.N("played"),
	"forfeit": lang.N("forfeit"),
	"absent":  lang.N("absent"),
	"voided":  lang.N("voided"),
	"playing": lang.N("playing"),
	"pending": lang.N("pending"),
}
