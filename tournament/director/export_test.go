package director

// OnControlWait has f hear each change that finds another under way, just before it waits
// for it (the tests' way to know that a change waits, rather than waiting to see).
func OnControlWait(d *Director, f func()) { d.controlWaits = f }
