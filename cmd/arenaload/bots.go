package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
)

// botLoop answers every turn of a practice session with its first legal action, at once: a
// program that costs nothing, so that the figures are the server's.
func botLoop(ctx context.Context, c *client) {
	lines := make(chan []byte, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(c.botOut)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- append([]byte(nil), sc.Bytes()...)
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case line, ok := <-lines:
			if !ok {
				return
			}
			c.mu.Lock()
			if c.measure {
				c.bytes += int64(len(line) + 1)
			}
			c.mu.Unlock()
			var msg struct {
				Type  string            `json:"type"`
				Match string            `json:"match"`
				ID    int               `json:"id"`
				Legal []json.RawMessage `json:"legal"`
			}
			if json.Unmarshal(line, &msg) != nil || msg.Type != "turn" || len(msg.Legal) == 0 {
				continue
			}
			c.mu.Lock()
			if c.measure {
				c.frames++ // a turn answered
			}
			c.mu.Unlock()
			fmt.Fprintf(c.stdin, `{"type":"action","match":%q,"id":%d,"action":%s}`+"\n", msg.Match, msg.ID, msg.Legal[0])
		}
	}
}
