package lobby

// WriteRooms prints live rooms as `ssh HOST rooms` does.
var WriteRooms = writeRooms

// CommandNames are the SSH commands that answer --help.
func CommandNames() []string {
	var out []string
	for name := range commandUsages {
		out = append(out, name)
	}
	return out
}

// CommandsHelp is what `ssh HOST help` prints.
const CommandsHelp = commandsHelp
