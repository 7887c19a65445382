package lang_test

func init() {
	speaking = append(speaking, "games", "rooms")
}
