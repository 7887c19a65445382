package cluster

import (
	"strings"
	"testing"
)

// A bus URL in a log line or an error keeps no secret: a password, or a token given as the
// user, is replaced (security: the bus password was logged at INFO on every start).
func TestRedactURLKeepsNoSecret(t *testing.T) {
	for in, want := range map[string]string{
		"nats://arena:s3cret@10.0.0.5:4222":           "nats://***@10.0.0.5:4222",
		"nats://t0ken@bus:4222":                       "nats://***@bus:4222",
		"nats://127.0.0.1:4222":                       "nats://127.0.0.1:4222",
		"nats://a:pw1@h1:4222, nats://a:pw2@h2:4222":  "nats://***@h1:4222,nats://***@h2:4222",
		"tls://user:pass@bus.school.example:4443?x=1": "tls://***@bus.school.example:4443?x=1",
	} {
		got := RedactURL(in)
		if got != want || strings.Contains(got, "s3cret") || strings.Contains(got, "t0ken") || strings.Contains(got, "pw") {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
}
