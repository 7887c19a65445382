package lang_test

func init() {
	speaking = append(speaking, "games", "games/sevencolors", "games/perfectaim", "games/dicewars", "rooms",
		"bots/sevencolors", "bots/perfectaim", "bots/dicewars")
}
