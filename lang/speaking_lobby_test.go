package lang_test

func init() {
	speaking = append(speaking, "lobby", "lobby/widget", "lobby/screen", "lobby/roomview", "history")
}
