package warhammer

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// The rules' refusals are said in the reader's language: each is a lang error (lang.Say says
// it in French) over the error the arena's packages look for with errors.As, whose sentence
// is the English one.

// illegal is a refusal of a move: a *games.IllegalError beneath, with its code for programs.
func illegal(code string, t lang.Text) error {
	return &lang.Error{Text: t, Wrapped: &games.IllegalError{Code: code, Msg: t.String()}}
}

// badPosition is a refusal of a position: a *games.PositionError beneath, naming field.
func badPosition(field string, t lang.Text) error {
	return &lang.Error{Text: lang.T("%s: %s", field, t), Wrapped: &games.PositionError{Field: field, Msg: t.String()}}
}

// within is err, a position error of one of an entry's fields, as the error of the entry's
// field: "players[1].row: …". An error of the entry as a whole is said of the entry.
func within(entry string, err error) error {
	var pe *games.PositionError
	if !errors.As(err, &pe) {
		return err
	}
	var le *lang.Error
	if errors.As(err, &le) && len(le.Args) == 2 {
		if t, ok := le.Args[1].(lang.Text); ok {
			return badPosition(entry+"."+pe.Field, t)
		}
	}
	return games.BadPosition(entry+"."+pe.Field, "%s", pe.Msg)
}

// requiredInt is games.RequiredInt with what the field holds said in the reader's language.
func requiredInt(fields map[string]json.RawMessage, name string, what lang.Text) (int, error) {
	raw, ok := fields[name]
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return 0, badPosition(name, lang.T("missing: %s", what))
	}
	return games.WholeNumber(name, raw)
}
