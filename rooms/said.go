package rooms

import "github.com/arena-classroom/arena/lang"

// Said is one sentence of a room (a line of its log, a seat's note, why it closed) in every
// language the arena speaks, written once when it is said: a snapshot is shared by viewers
// of every language, and travels to the cluster's other nodes as JSON.
type Said map[lang.Lang]string

// say is t in every language.
func say(t lang.Text) Said {
	if t.Key == "" {
		return nil
	}
	out := make(Said, len(lang.All))
	for _, l := range lang.All {
		out[l] = t.In(l)
	}
	return out
}

// In is the sentence in l, else in English, else def (a sentence from before Said).
func (s Said) In(l lang.Lang, def string) string {
	if t, ok := s[l]; ok {
		return t
	}
	if t, ok := s[lang.English]; ok {
		return t
	}
	return def
}

// English is the sentence in English ("" for none).
func (s Said) English() string { return s[lang.English] }

// LogIn is the room's recent events in l, oldest first.
func (s *Scene) LogIn(l lang.Lang) []string {
	if len(s.LogSaid) != len(s.Log) {
		return s.Log
	}
	out := make([]string, len(s.Log))
	for i, line := range s.LogSaid {
		out[i] = line.In(l, s.Log[i])
	}
	return out
}

// ErrorIn is why the room closed abnormally, in l.
func (s *Scene) ErrorIn(l lang.Lang) string { return s.ErrorSaid.In(l, s.Error) }

// NoteIn is the seat's note in l.
func (s SeatInfo) NoteIn(l lang.Lang) string { return s.NoteSaid.In(l, s.Note) }
