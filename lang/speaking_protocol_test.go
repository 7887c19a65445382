package lang_test

// The bot protocol's packages: the msg of warn and error lines, what a program is told on
// stderr, the sandbox's and the matches' sentences (area "protocol").
func init() {
	speaking = append(speaking, "botproto", "botsession", "program", "botcheck", "sandbox", "match", "matchmaker")
}
