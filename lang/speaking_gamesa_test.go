package lang_test

func init() {
	speaking = append(speaking, "games", "games/sevencolors", "games/perfectaim", "games/dicewars", "rooms")
}
