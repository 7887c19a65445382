package natsd

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

func TestAClientTalksThroughTheEmbeddedServer(t *testing.T) {
	s, err := Start(Options{Listen: "127.0.0.1:0", Name: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	nc, err := nats.Connect(s.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	sub, err := nc.Subscribe("ping", func(m *nats.Msg) { _ = m.Respond(append([]byte("pong "), m.Data...)) })
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	reply, err := nc.Request("ping", []byte("1"), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if string(reply.Data) != "pong 1" {
		t.Fatalf("reply %q", reply.Data)
	}
}

func TestABadAddressIsASentence(t *testing.T) {
	if _, err := Start(Options{Listen: "nowhere"}); err == nil {
		t.Fatal("started on an address without a port")
	}
}
