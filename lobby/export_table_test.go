package lobby

// WriteRooms prints live rooms as `ssh HOST rooms` does.
var WriteRooms = writeRooms
