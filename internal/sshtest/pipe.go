package sshtest

import (
	"io"
	"testing"

	"golang.org/x/crypto/ssh"
)

// FeedStdin copies r to the session's stdin and closes it at r's end, as `ssh -T` does
// with a program's output. Unlike Session.Stdin, a write after the server closed the
// channel is not the session's error: a program that flushes only when it exits races the
// server's close, and Session.Wait would report that race as EOF instead of the exit
// status. Call it before Start.
func FeedStdin(t testing.TB, sess *ssh.Session, r io.Reader) {
	t.Helper()
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		io.Copy(in, r)
		in.Close()
	}()
}
