package lang_test

func init() { speaking = append(speaking, "commands", "server") }
