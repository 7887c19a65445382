package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// A program plays DiceWars practice games over SSH: one turn request per attack until it
// sends "end", and the games end; an attack the rules refuse is answered with a warn.
func TestDiceWarsOverTheBotProtocol(t *testing.T) {
	addr, _, _ := botArena(t, fastHub(), time.Hour)
	b := startBot(t, sshtest.Dial(t, addr, "student", sshtest.NewKey(t)), "--game dicewars --practice --vs seed,classic --games 2 --config areas=12")
	all := b.playAll()
	b.st.Wait(t, 10*time.Second)
	if n := len(ofType(all, "end")); n != 2 {
		t.Fatalf("%d games ended, want 2; stderr:\n%s", n, b.st.Stderr())
	}
	if w := ofType(all, "warn"); len(w) > 0 {
		t.Fatalf("legal answers were refused: %v", w)
	}
	start := ofType(all, "start")[0]
	if _, hasSeed := start["seed"]; hasSeed {
		t.Fatal("the seed of a DiceWars game was sent")
	}

	b = startBot(t, sshtest.Dial(t, addr, "student", sshtest.NewKey(t)), "--game dicewars --practice --vs seed --games 1 --config areas=8")
	turn := b.until("turn")
	last := turn[len(turn)-1]
	b.send(`{"type":"action","match":%q,"id":%d,"action":{"attack":[1,1]}}`, last.str("match"), last.num("id"))
	rest := b.until("warn")
	if w := rest[len(rest)-1]; !strings.Contains(w.str("msg"), "area") {
		t.Fatalf("the warn: %v", w)
	}
}
