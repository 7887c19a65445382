package botsession_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
)

// A program plays DiceWars practice games over SSH: one turn request per attack until it
// sends "end", and the games end; an attack the rules refuse is answered with a warn.
func TestDiceWarsOverTheBotProtocol(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "student", sshtest.NewKey(t)), "--game dicewars --practice --vs seed,classic --games 2 --config areas=12")
	all := b.PlayAll()
	b.St.Wait(t, 10*time.Second)
	if n := len(arenatest.OfType(all, "end")); n != 2 {
		t.Fatalf("%d games ended, want 2; stderr:\n%s", n, b.St.Stderr())
	}
	if w := arenatest.OfType(all, "warn"); len(w) > 0 {
		t.Fatalf("legal answers were refused: %v", w)
	}
	start := arenatest.OfType(all, "start")[0]
	if _, hasSeed := start["seed"]; hasSeed {
		t.Fatal("the seed of a DiceWars game was sent")
	}

	b = arenatest.StartBot(t, sshtest.Dial(t, addr, "student", sshtest.NewKey(t)), "--game dicewars --practice --vs seed --games 1 --config areas=8")
	turn := b.Until("turn")
	last := turn[len(turn)-1]
	b.Send(`{"type":"action","match":%q,"id":%d,"action":{"attack":[1,1]}}`, last.Str("match"), last.Num("id"))
	rest := b.Until("warn")
	if w := rest[len(rest)-1]; !strings.Contains(w.Str("msg"), "area") {
		t.Fatalf("the warn: %v", w)
	}
}
