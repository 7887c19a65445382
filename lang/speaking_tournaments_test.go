package lang_test

func init() {
	speaking = append(speaking, "tournament", "lobby/tournaments", "lobby/replays", "review", "tournament/director", "rating")
}
