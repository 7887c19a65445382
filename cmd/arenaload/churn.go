package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Churn (--churn N) keeps rooms opening and closing while a scenario runs, as a class does
// while others sit in the lobby: N players, each with a key of its own, start a small
// 7 Colors game against greedy, press a colour key every churnKey for o.churnPlay, leave, and
// start again. Each start opens a room; the game is over before its player leaves (or, when
// it is not, a house bot plays on once the seat's grace has passed), and the room closes
// once it has lingered (rooms.Config.Linger, 30 s by default). The lobby's screens hear of
// every room that opens, finishes or closes, and of every player who comes and goes.

// churnCmd is what a churn player plays: a board small enough to be over in a few seconds
// (about 18 moves, greedy taking its time as it does against a person: 7–8 s).
const churnCmd = "play sevencolors --vs greedy --size 8"

// churnKey is how often a churn player presses a colour key (the next letter each time: a
// colour refused is followed by another).
const churnKey = 200 * time.Millisecond

// defaultChurnPlay is how long a churn player stays in its room before leaving.
const defaultChurnPlay = 10 * time.Second

// churnBase numbers the churn players' clients (their user names and loopback addresses),
// apart from the scenario's sessions and the rooms' players (9000 on).
const churnBase = 8000

// churn is the players of --churn and what they did.
type churn struct {
	started, failed atomic.Int64 // games started (rooms opened); connections that failed
	firstErr        atomic.Value
	cancel          context.CancelFunc
	wg              sync.WaitGroup
}

// startChurn starts o.churn players against o.addr; nil when there are none.
func startChurn(ctx context.Context, o options, local bool) *churn {
	if o.churn <= 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	ch := &churn{cancel: cancel}
	// A person's terminal at the lobby's size; no screen read.
	o.scenario, o.window, o.roomsAddr = "play", "", ""
	if o.churnPlay <= 0 {
		o.churnPlay = defaultChurnPlay
	}
	for w := range o.churn {
		ch.wg.Add(1)
		go func() {
			defer ch.wg.Done()
			ch.player(ctx, o, w, local)
		}()
	}
	return ch
}

// player starts a game, plays it for o.churnPlay, leaves, and starts again, until ctx ends.
func (ch *churn) player(ctx context.Context, o options, w int, local bool) {
	signer, err := newSigner()
	if err != nil {
		ch.fail(err)
		return
	}
	for ctx.Err() == nil {
		c, err := dialAs(o, churnBase+w, local, churnCmd, signer)
		if err != nil {
			ch.fail(err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
			continue
		}
		ch.started.Add(1)
		t := time.NewTicker(churnKey)
		end := time.After(o.churnPlay)
	keys:
		for k := 0; ; k++ {
			select {
			case <-ctx.Done():
				break keys
			case <-end:
				break keys
			case <-t.C:
				c.stdin.Write([]byte{byte('a' + (w+k)%7)})
			}
		}
		t.Stop()
		c.conn.Close()
	}
}

func (ch *churn) fail(err error) {
	if ch.failed.Add(1) == 1 {
		ch.firstErr.Store(err.Error())
	}
}

// games is how many games the players have started so far (0 without churn).
func (ch *churn) games() int64 {
	if ch == nil {
		return 0
	}
	return ch.started.Load()
}

// stop ends the players and waits for them.
func (ch *churn) stop() {
	if ch == nil {
		return
	}
	ch.cancel()
	ch.wg.Wait()
}

// report says how many games the players started during the measurement.
func (ch *churn) report(o options, during int64, secs float64) string {
	if ch == nil {
		return ""
	}
	s := fmt.Sprintf("churn              %d rooms opened by %d players during the measurement (%.2f/s), %d connections failed",
		during, o.churn, float64(during)/secs, ch.failed.Load())
	if e, ok := ch.firstErr.Load().(string); ok {
		s += "; first: " + e
	}
	return s + "\n"
}
