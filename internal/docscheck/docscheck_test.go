package docscheck

import (
	"slices"
	"testing"
)

func TestSplitLikeAShell(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{`arena match --seats exec:"python3 kits/python/mybot.py",greedy --games 100`,
			[]string{"arena", "match", "--seats", "exec:python3 kits/python/mybot.py,greedy", "--games", "100"}},
		{`ssh -p 2222 HOST tournament create --name "'TP 7 couleurs'"   # a comment`,
			[]string{"ssh", "-p", "2222", "HOST", "tournament", "create", "--name", "'TP 7 couleurs'"}},
		{`arena position step --game sevencolors '"C"' < p.json; echo "status $?"`,
			[]string{"arena", "position", "step", "--game", "sevencolors", `"C"`, "<", "p.json", ";", "echo", "status $?"}},
		{`P=$(arena position new --game sevencolors 2>/dev/null)`,
			[]string{"P=", "$(", "arena", "position", "new", "--game", "sevencolors", "2>", "/dev/null", ")"}},
	} {
		var got []string
		for _, tok := range Split(c.line) {
			got = append(got, tok.Text)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Split(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

func TestSnippetsAndCommands(t *testing.T) {
	md := "# Title\n" +
		"\n" +
		"Run `arena match --game\n" +
		"sevencolors` here, or in a table:\n" +
		"\n" +
		"| a | `arena spec garden` |\n" +
		"\n" +
		"    go run ./cmd/arena match --game garden \\\n" +
		"        --seats random,heuristic\n" +
		"\n" +
		"```\n" +
		"./mybot ssh -T -p 2222 arena.host bot --game dicewars < in.txt\n" +
		"arena match: a batch has from 1 to 1000000 games\n" +
		"```\n"
	var got []string
	for _, c := range Commands(Snippets("x.md", md)) {
		got = append(got, c.Where()+" "+c.String())
	}
	want := []string{
		"x.md line 3 arena match --game sevencolors",
		"x.md line 6 arena spec garden",
		"x.md line 8 arena match --game garden --seats random,heuristic",
		"x.md line 12 ssh HOST bot --game dicewars",
	}
	if !slices.Equal(got, want) {
		t.Errorf("commands\n%q\nwant\n%q", got, want)
	}
}

func TestFillPlaceholders(t *testing.T) {
	got, ok := Fill(Unbracket([]string{"match", "--seed", "N", "[--games", "K]", "[options]"}), map[string]string{"seed": "1", "games": "2"})
	if !ok || !slices.Equal(got, []string{"match", "--seed", "1", "--games", "2"}) {
		t.Errorf("Fill = %q, %v", got, ok)
	}
	if _, ok := Fill([]string{"spec", "GAME"}, nil); ok {
		t.Error("a positional placeholder was filled")
	}
}
