package lobby_test

import (
	"fmt"
	"io"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// arena starts a hub ticking in real time, the arena on it and the SSH server in front.
func arena(t *testing.T, hubCfg rooms.Config, opts commands.Options, srvOpts ...sshtest.Option) (string, *rooms.Hub, *commands.App) {
	t.Helper()
	return arenatest.Start(t, hubCfg, opts, srvOpts...)
}

// play types a person's move once on their terminal, as a person would: when the screen
// shows that the move is theirs to make (yourTurn), and waits until the room has recorded
// it, which it returns. Keys typed before the screen showed the turn would be refused, and
// keys typed again could be a second move, so neither happens.
func play(t *testing.T, room *rooms.Room, term *sshtest.Term, yourTurn func(screen string) bool, keys ...string) replay.Move {
	t.Helper()
	played := len(room.Replay().Moves)
	term.WaitScreen(t, yourTurn, 10*time.Second)
	term.Type(t, keys...)
	var moves []replay.Move
	until.Seen(t, 10*time.Second, fmt.Sprintf("the room playing the keys %q", keys), func() (string, bool) {
		moves = room.Replay().Moves
		return "the player's screen:\n" + term.Screen(), len(moves) > played
	})
	return moves[played]
}

// yourTurn is what the screen of the player in seat shows only when the move of snap is
// theirs to make and not made yet.
//
// The room's snapshot is ahead of the screen: the session draws what it last received, and
// a frame reaches the terminal a moment after the keys it answers. So the screen must show
// the same decision as snap, by the number of moves played that the header shows ("move
// 112"): without it, a frame left from the player's previous turn (a fresh draft, its clock
// still at 0:59) passes for this one, and keys typed on it arrive while the session still
// believes another player is to move.
//
// In a game of one key a move it is "Your turn!" beside the board as it stands.
//
// In a game whose moves take several keys (a games.Composer) it is the prompt of a fresh
// draft, with the player's own clock. The lobby drops a draft once its move is sent, so a
// prompt on the screen is for a decision still to make. But after a house bot's move a paced
// room publishes the next seat to move before it hands the turn out (at its next tick), with
// the bot's deadline still: the lobby starts a draft on that snapshot, then starts it again
// when the turn's own deadline comes, and keys typed in between are lost. The clock tells
// the two apart: a house bot's deadline is at most its budget away (BotThink, 5 s), a
// person's a whole move limit (HumanMove, 60 s).
func yourTurn(snap *rooms.Snapshot, seat int) func(screen string) bool {
	return yourTurnIn(snap, seat, lang.English)
}

// yourTurnIn is yourTurn for a player who reads l.
func yourTurnIn(snap *rooms.Snapshot, seat int, l lang.Lang) func(screen string) bool {
	atMove := regexp.MustCompile(regexp.QuoteMeta(" · "+l.Sprintf("move %d", snap.Moves)) + `\b`)
	if c, ok := games.ViewIn(snap.View(), l).(games.Composer); ok {
		prompt := []rune(c.Compose(snap.State, seat).Prompt())
		prompt = prompt[:min(len(prompt), 40)] // the footer cuts a long prompt to the window
		return func(screen string) bool {
			left, ok := ownClock(screen)
			return atMove.MatchString(screen) && strings.Contains(screen, string(prompt)) && ok && left > 2*rooms.DefaultConfig().BotThink
		}
	}
	return func(screen string) bool {
		return atMove.MatchString(screen) && strings.Contains(screen, l.Sprintf("Your turn!")) && arenatest.ShowsBoard(screen, snap)
	}
}

var ownClockRe = regexp.MustCompile(`\((?:you|vous)\)\s+(\d+):(\d\d)`)

// ownClock is the time the game screen's panel shows beside the player's own name.
func ownClock(screen string) (time.Duration, bool) {
	m := ownClockRe.FindStringSubmatch(screen)
	if m == nil {
		return 0, false
	}
	mins, _ := strconv.Atoi(m[1])
	secs, _ := strconv.Atoi(m[2])
	return time.Duration(mins*60+secs) * time.Second, true
}

func onlyRoom(t *testing.T, hub *rooms.Hub) *rooms.Room {
	t.Helper()
	var list []rooms.Info
	until.True(t, 10*time.Second, "a room opening", func() bool { list = hub.List(); return len(list) == 1 })
	r, ok := hub.Find(list[0].ID)
	if !ok {
		t.Fatal("listed room not found")
	}
	return r
}

func TestTwoPlayersPlayAWholeGameOverSSHWhileAThirdWatches(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 100}, commands.Options{FillAfter: time.Hour})
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Command("play sevencolors --size 6"))
	alice.WaitFor(t, "Looking for an opponent", 10*time.Second)
	bob := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), sshtest.Command("play sevencolors --size 6"))
	room := onlyRoom(t, hub)
	carol := sshtest.NewTerm(t, sshtest.Dial(t, addr, "carol", sshtest.NewKey(t)), sshtest.Command("watch "+room.ID()))
	carol.WaitFor(t, "alice vs bob", 10*time.Second)

	terms := []*sshtest.Term{alice, bob}
	snap := room.Snapshot()
	if snap.Seats[0].Name != "alice" || snap.Seats[1].Name != "bob" {
		t.Fatalf("seats %+v: the first to queue should sit first", snap.Seats)
	}
	for moves := 0; snap.Status == rooms.Playing; moves++ {
		if moves > 4*36 {
			t.Fatal("the game did not end within its move cap")
		}
		mover := snap.ToMove
		colour := snap.State.Legal(mover)[0].(int)
		play(t, room, terms[mover], yourTurn(snap, mover), string(rune('a'+colour-3)))
		until.True(t, 10*time.Second, "the room publishing the move", func() bool {
			snap = room.Snapshot()
			return snap.Status != rooms.Playing || snap.ToMove != mover
		})
	}
	final := waitSaved(t, room)
	for _, m := range room.Replay().Moves {
		if m.Default {
			t.Fatalf("move %+v was a default: a key press was lost", m)
		}
	}
	result := "Draw."
	if w := final.Outcome.Winner(); w >= 0 {
		result = final.Seats[w].Name + " wins."
		terms[w].WaitFor(t, "You win!", 10*time.Second)
		terms[1-w].WaitFor(t, "You lose.", 10*time.Second)
	}
	out := carol.WaitFor(t, result, 10*time.Second)
	if !arenatest.SawBoard(out, final) {
		t.Fatalf("the spectator never saw the final board, at any scale:\n%s", final.Board(games.Plain))
	}
}

func waitSaved(t *testing.T, r *rooms.Room) *rooms.Snapshot {
	t.Helper()
	var s *rooms.Snapshot
	until.True(t, 10*time.Second, "the result being recorded", func() bool {
		s = r.Snapshot()
		return s.Status == rooms.Finished && s.Saved
	})
	return s
}

// freezer is a TCP proxy whose server-to-client direction can be frozen, as a client that
// stops reading.
type freezer struct {
	mu     sync.Mutex
	frozen bool
	thaw   chan struct{}
}

func (f *freezer) freeze() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.frozen = true
}

func (f *freezer) isFrozen() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.frozen
}

func (f *freezer) dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	client, proxy := net.Pipe()
	upstream, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	// A small receive buffer so that the server feels the stall after a few frames.
	upstream.(*net.TCPConn).SetReadBuffer(4096)
	t.Cleanup(func() { upstream.Close(); proxy.Close(); client.Close() })
	go io.Copy(upstream, proxy)
	go func() {
		buf := make([]byte, 1024)
		for {
			if f.isFrozen() {
				<-f.thaw // never: the test ends first
				return
			}
			n, err := upstream.Read(buf)
			if err != nil {
				proxy.Close()
				return
			}
			if _, err := proxy.Write(buf[:n]); err != nil {
				return
			}
		}
	}()
	return client
}

func TestAClientThatStopsReadingSlowsNobodyAndIsCutOff(t *testing.T) {
	addr, hub, app := arena(t,
		rooms.Config{TickHz: 50, BotPace: 20 * time.Millisecond},
		commands.Options{StallTimeout: 300 * time.Millisecond})
	room, err := hub.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 50}, Seed: 11, Seats: []rooms.Seat{
		{Kind: rooms.HouseBot, BotName: "random"}, {Kind: rooms.HouseBot, BotName: "hegemonic"},
	}})
	if err != nil {
		t.Fatal(err)
	}

	// The stalled client: a big colour window on the room, behind a proxy we freeze.
	f := &freezer{thaw: make(chan struct{})}
	conn, chans, reqs, err := gossh.NewClientConn(f.dial(t, addr), addr, sshtest.ClientConfig("stuck", sshtest.NewKey(t), nil))
	if err != nil {
		t.Fatal(err)
	}
	stuck := sshtest.NewTerm(t, gossh.NewClient(conn, chans, reqs), sshtest.TermType("xterm-256color"), sshtest.Size(400, 200), sshtest.Command("watch "+room.ID()))
	stuck.WaitFor(t, "hegemonic", 10*time.Second)
	f.freeze()

	// A healthy spectator keeps getting frames to the end of the game.
	live := sshtest.NewTerm(t, sshtest.Dial(t, addr, "live", sshtest.NewKey(t)), sshtest.Command("watch "+room.ID()), sshtest.Size(140, 60))
	until.True(t, time.Minute, "the game ending", func() bool { return room.Snapshot().Status == rooms.Finished })
	final := waitSaved(t, room)
	result := "Draw."
	if w := final.Outcome.Winner(); w >= 0 {
		result = final.Seats[w].Name + " wins."
	}
	live.WaitFor(t, result, 10*time.Second)

	// The stalled one lost frames, then its connection.
	until.True(t, 30*time.Second, "the stalled client being cut off", func() bool {
		return !slices.Contains(app.Online(), "stuck")
	})
}

func sevenColors(t *testing.T) catalog.Entry {
	t.Helper()
	e, ok := catalog.Get("sevencolors")
	if !ok {
		t.Fatal("7 Colors is not in the catalog")
	}
	return e
}

// keyOf is the key a Perfect Aim player presses for an action.
var keyOf = map[perfectaim.Action]string{
	perfectaim.MoveUp: "w", perfectaim.MoveDown: "s", perfectaim.MoveLeft: "a", perfectaim.MoveRight: "d",
	perfectaim.AttackUp: "i", perfectaim.AttackDown: "k", perfectaim.AttackLeft: "j", perfectaim.AttackRight: "l",
}

func TestAPersonPlaysPerfectAimOverSSHWhileSomeoneWatches(t *testing.T) {
	// The hub's clock runs twenty times faster than the wall, so that a whole game (at most
	// 120 s of game time) fits in a test; keys still travel over SSH to the room.
	origin := time.Now()
	fast := func() time.Time { return origin.Add(20 * time.Since(origin)) }
	addr, hub, _ := arena(t, rooms.Config{TickHz: 50, Now: fast}, commands.Options{})
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Command("play perfectaim --vs zidane"), sshtest.Size(100, 30))
	room := onlyRoom(t, hub)
	bob := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), sshtest.Command("watch "+room.ID()), sshtest.Size(100, 30))
	bob.WaitFor(t, "time ", 10*time.Second)

	// alice presses a valid move until the room applies one of hers.
	pressed := false
	until.True(t, 20*time.Second, "one of alice's keys becoming her action", func() bool {
		snap := room.Snapshot()
		st, ok := snap.State.(*perfectaim.State)
		if !ok || snap.Status != rooms.Playing {
			return false
		}
		for _, m := range room.Replay().Moves {
			if m.Seat == 0 && m.Action != perfectaim.Wait && !m.Default {
				pressed = true
				return true
			}
		}
		if !st.Player(st.SeatColor(0)).Alive {
			return true // killed before her first move: nothing more to press
		}
		for _, a := range perfectaim.Actions {
			if k, ok := keyOf[a]; ok && st.Valid(st.SeatColor(0), a) {
				alice.Send(t, k)
				break
			}
		}
		return false
	})
	final := waitSaved(t, room)
	if !pressed && final.Outcome.Winner() != 1 {
		t.Fatal("alice never moved, yet she did not lose")
	}
	result := "Draw."
	if w := final.Outcome.Winner(); w >= 0 {
		result = final.Seats[w].Name + " wins."
	}
	bob.WaitFor(t, result, 10*time.Second)
	if w := final.Outcome.Winner(); w == 0 {
		alice.WaitFor(t, "You win!", 10*time.Second)
	} else if w == 1 {
		alice.WaitFor(t, "You lose.", 10*time.Second)
	}
}

// Issue 13: one identity cannot fill the server with games: beyond its share of live games
// it is told why, and its running games go on.
func TestGamesPerIdentityAreBounded(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{MaxRoomsPerOwner: 2}, commands.Options{})
	key := sshtest.NewKey(t)
	for range 2 {
		term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "mallory", key), sshtest.Command("play sevencolors --vs greedy --size 6"))
		term.WaitFor(t, "mallory", 10*time.Second)
	}
	third := sshtest.NewTerm(t, sshtest.Dial(t, addr, "mallory", key), sshtest.Command("play sevencolors --vs greedy --size 6"))
	third.WaitFor(t, "you already have 2 games running (the limit); finish or leave one before starting another", 10*time.Second)
	if n := len(hub.List()); n != 2 {
		t.Fatalf("%d live rooms, want mallory's 2", n)
	}
	// Someone else still plays.
	bob := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), sshtest.Command("play sevencolors --vs greedy --size 6"))
	bob.WaitFor(t, "bob", 10*time.Second)
	if n := len(hub.List()); n != 3 {
		t.Fatalf("%d live rooms after bob's game, want 3", n)
	}
}

// Issue 13: leaving a game right after its start earns nothing: over real SSH, alice starts a
// game against greedy and leaves at once; nobody watches, so the game ends there, and the
// recorded result ranks her last, naming the bot that took her seat over.
func TestLeavingAtOnceIsRecordedAsALoss(t *testing.T) {
	type record struct {
		info rooms.Info
	}
	got := make(chan record, 1)
	cfg := rooms.Config{OnFinish: func(info rooms.Info, _ replay.Replay) error {
		got <- record{info}
		return nil
	}}
	addr, _, _ := arena(t, cfg, commands.Options{})
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Command("play sevencolors --vs greedy --size 6"))
	alice.WaitFor(t, "Your turn", 10*time.Second)
	alice.Send(t, "q")
	alice.WaitFor(t, "Leave this game?", 10*time.Second)
	alice.Send(t, "y")
	select {
	case r := <-got:
		if r.info.Result == nil || r.info.Result.Ranks[0] != 2 || r.info.Result.Ranks[1] != 1 {
			t.Fatalf("recorded result %+v: alice left, so she lost", r.info.Result)
		}
		if tk := r.info.Seats[0].Takeover; tk == nil || tk.By != "greedy" || r.info.Seats[0].UserID == "" {
			t.Fatalf("alice's seat %+v: want a takeover by greedy, still hers", r.info.Seats[0])
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the game alice left was never recorded")
	}
}

// A person whose connection drops mid-game and who connects again with the same key within
// the grace time is back in the game, in their seat, and plays on.
func TestAPlayerWhoseConnectionDropsComesBackToTheGame(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 100}, commands.Options{FillAfter: time.Hour})
	key := sshtest.NewKey(t)
	first := sshtest.Dial(t, addr, "alice", key)
	term := sshtest.NewTerm(t, first, sshtest.Command("play sevencolors --vs greedy --size 6"))
	term.WaitFor(t, "Your turn", 10*time.Second)
	room := onlyRoom(t, hub)
	first.Close() // the connection drops
	until.True(t, 10*time.Second, "the seat waiting for alice", func() bool {
		s := room.Snapshot()
		return strings.Contains(s.Seats[0].Note, "disconnected") && !s.Seats[0].Connected
	})
	back := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", key))
	back.WaitFor(t, "welcome back", 10*time.Second)
	back.WaitFor(t, "Your turn", 10*time.Second)
	snap := room.Snapshot()
	if snap.Seats[0].Kind != rooms.Human || !snap.Seats[0].Connected || snap.ToMove != 0 {
		t.Fatalf("seat 0 after coming back: %+v, to move %d", snap.Seats[0], snap.ToMove)
	}
	colour := snap.State.Legal(0)[0].(int)
	if m := play(t, room, back, yourTurn(snap, 0), string(rune('a'+colour-3))); m.Seat != 0 || m.Default {
		t.Fatalf("the move after coming back: %+v", m)
	}
}

// A person who first connected with `ssh -t HOST play GAME …` and connects again the same
// way after a drop is back in the game that kept their seat, not in a new queue.
func TestAPlayerWhoComesBackWithTheSameCommandFindsTheGame(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 100}, commands.Options{FillAfter: time.Hour})
	key := sshtest.NewKey(t)
	first := sshtest.Dial(t, addr, "alice", key)
	cmd := sshtest.Command("play sevencolors --vs greedy --size 6")
	term := sshtest.NewTerm(t, first, cmd)
	term.WaitFor(t, "Your turn", 10*time.Second)
	room := onlyRoom(t, hub)
	first.Close()
	until.True(t, 10*time.Second, "the seat waiting for alice", func() bool {
		return !room.Snapshot().Seats[0].Connected
	})
	back := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", key), cmd)
	back.WaitFor(t, "welcome back", 10*time.Second)
	back.WaitFor(t, "Your turn", 10*time.Second)
	if n := len(hub.List()); n != 1 {
		t.Fatalf("%d rooms after coming back with the same command: a new game was started", n)
	}
	snap := room.Snapshot()
	if !snap.Seats[0].Connected || snap.Seats[0].Kind != rooms.Human {
		t.Fatalf("seat 0 after coming back: %+v", snap.Seats[0])
	}
}
