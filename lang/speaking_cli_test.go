package lang_test

func init() { speaking = append(speaking, "cmd/arena") }
