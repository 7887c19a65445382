package commands

// WriteRooms prints live rooms as `ssh HOST rooms` does.
var WriteRooms = writeRooms

// CommandNames are the SSH commands that answer --help.
func CommandNames() []string {
	var out []string
	for _, c := range table {
		out = append(out, c.name)
	}
	return out
}

// CommandsHelp is what `ssh HOST help` prints.
var CommandsHelp = commandsHelp
