package lang_test

func init() {
	speaking = append(speaking, "games/warhammer", "games/garden", "games/garden/gardenview", "bots/warhammer", "bots/garden")
}
