package commands

import (
	"io"
	"maps"
	"slices"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// WriteRooms prints live rooms as `ssh HOST rooms` does, in English.
func WriteRooms(w io.Writer, list []rooms.Info) { writeRooms(w, list, lang.English) }

// CommandNames are the SSH commands that answer --help.
func CommandNames() []string {
	var out []string
	for _, c := range table {
		out = append(out, c.name)
	}
	return out
}

// CommandsHelp is what `ssh HOST help` prints, in English.
func CommandsHelp() string { return commandsHelp(lang.English) }

// TeacherOnly reports whether a command line (the words after ssh HOST) asks for what only
// teachers may do, as the table checks it.
func TeacherOnly(args []string) bool {
	c, ok := lookup(args[0])
	return ok && c.teacher != nil && c.teacher(args[1:])
}

// TeachersTournamentCommands are the tournament commands only teachers run.
func TeachersTournamentCommands() []string {
	return slices.Sorted(maps.Keys(teacherTournamentCommands))
}

// WriteRoomsIn prints live rooms as `ssh HOST rooms` does for a reader of l.
func WriteRoomsIn(w io.Writer, list []rooms.Info, l lang.Lang) { writeRooms(w, list, l) }

// CommandsHelpIn is what `ssh HOST help` prints for a reader of l.
func CommandsHelpIn(l lang.Lang) string { return commandsHelp(l) }

// UsageIn is what `ssh HOST COMMAND --help` prints for a reader of l.
func UsageIn(args []string, l lang.Lang) string { u, _ := helpFor(args, l); return u }
