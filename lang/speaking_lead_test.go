package lang_test

func init() { speaking = append(speaking, "lobby/reading", "keys", "archive") }
