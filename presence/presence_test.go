package presence_test

import (
	"slices"
	"testing"

	"github.com/arena-classroom/arena/presence"
)

func TestTheBoardListsEachNameOnceAndCountsPlaces(t *testing.T) {
	b := presence.New()
	alice1, alice2, bot := new(int), new(int), presence.NewKey()
	v0 := b.Version()
	b.Set(alice1, "alice", "lobby")
	b.Set(alice2, "alice", "playing sevencolors in ab12")
	b.Set(bot, "bob/mybot", "bot waiting for DiceWars")
	if got := b.Online(); !slices.Equal(got, []string{"alice", "bob/mybot"}) {
		t.Fatalf("online %q", got)
	}
	if p := b.Places(); p["lobby"] != 1 || p["playing"] != 1 || p["bot"] != 1 {
		t.Fatalf("places %v", p)
	}
	v1 := b.Version()
	b.Set(alice1, "alice", "watching ab12") // same name, another place: the list is the same
	if b.Version() != v1 || v1 == v0 {
		t.Fatalf("versions %d, %d, %d: want a change for new names only", v0, v1, b.Version())
	}
	b.Leave(alice2)
	if got := b.Online(); !slices.Equal(got, []string{"alice", "bob/mybot"}) {
		t.Fatalf("alice has a session left: online %q", got)
	}
	b.Leave(alice1)
	b.Leave(bot)
	if got := b.Online(); len(got) != 0 {
		t.Fatalf("online %q after everyone left", got)
	}
}

// Keys of bot connections are all different, though they carry nothing.
func TestNewKeysAreDistinct(t *testing.T) {
	b := presence.New()
	k1, k2 := presence.NewKey(), presence.NewKey()
	b.Set(k1, "bot1", "bot")
	b.Set(k2, "bot2", "bot")
	b.Leave(k1)
	if got := b.Online(); !slices.Equal(got, []string{"bot2"}) {
		t.Fatalf("online %q", got)
	}
}

func TestUnionIsEveryNameOnceInOrder(t *testing.T) {
	for _, c := range []struct{ a, b, want []string }{
		{nil, nil, []string{}},
		{[]string{"ann", "bob"}, nil, []string{"ann", "bob"}},
		{[]string{"ann", "carl"}, []string{"bob", "carl", "dan"}, []string{"ann", "bob", "carl", "dan"}},
		{[]string{"zed"}, []string{"ann", "ann", "zed"}, []string{"ann", "zed"}},
	} {
		if got := presence.Union(c.a, c.b); !slices.Equal(got, c.want) {
			t.Errorf("Union(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
