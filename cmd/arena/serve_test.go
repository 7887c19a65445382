package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/internal/proxyproto"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/store"
)

func TestParseServeFlagsWinOverEnv(t *testing.T) {
	env := map[string]string{
		"ARENA_LISTEN": ":3333", "ARENA_DATA": "/srv/arena", "ARENA_GUESTS": "false", "ARENA_TICK_HZ": "30",
	}
	getenv := func(k string) string { return env[k] }
	c, err := parseServe(nil, io.Discard, getenv)
	if err != nil {
		t.Fatal(err)
	}
	if c.listen != ":3333" || c.data != "/srv/arena" || c.guests || c.tickHz != 30 || c.adminKeys != "/srv/arena/admin_keys" {
		t.Fatalf("from the environment: %+v", c)
	}
	c, err = parseServe([]string{"--listen", "127.0.0.1:4444", "--guests=true", "--tick-hz", "10", "--admin-keys", "/etc/teachers"}, io.Discard, getenv)
	if err != nil {
		t.Fatal(err)
	}
	if c.listen != "127.0.0.1:4444" || !c.guests || c.tickHz != 10 || c.data != "/srv/arena" || c.adminKeys != "/etc/teachers" {
		t.Fatalf("flags over the environment: %+v", c)
	}
	c, err = parseServe(nil, io.Discard, func(string) string { return "" })
	if err != nil || c.listen != ":2222" || c.data != "./arena-data" || !c.guests || c.tickHz != 20 {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
}

func TestParseServeErrors(t *testing.T) {
	none := func(string) string { return "" }
	for _, args := range [][]string{{"--tick-hz", "0"}, {"extra"}, {"--nope"}, {"--max-conns-per-ip", "0"}} {
		if _, err := parseServe(args, io.Discard, none); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
	if _, err := parseServe(nil, io.Discard, func(k string) string {
		if k == "ARENA_TICK_HZ" {
			return "fast"
		}
		return ""
	}); err == nil || !strings.Contains(err.Error(), "ARENA_TICK_HZ") {
		t.Errorf("bad environment value: %v", err)
	}
	var help bytes.Buffer
	if _, err := parseServe([]string{"--help"}, &help, none); !errors.Is(err, flag.ErrHelp) || !strings.Contains(help.String(), "--admin-keys") {
		t.Errorf("--help: %v, %q", err, help.String())
	}
}

func TestHouseBotNamesAreReserved(t *testing.T) {
	names := houseBotNames()
	if keys.SanitizeName("Greedy", names...) != "" {
		t.Fatal("a player can be called greedy")
	}
	if !slices.Contains(names, "greedy") {
		t.Fatalf("house bot names %v lack 7 Colors' greedy", names)
	}
}

// syncBuffer collects a running server's log.
type syncBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	changed chan struct{} // a token per write
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case b.changed <- struct{}{}:
	default:
	}
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startServe starts `arena serve` with args on a fresh data directory and waits until it
// serves; stop stops it and checks it stopped cleanly.
func startServe(t *testing.T, args ...string) (addr string, logs *syncBuffer, data string, stop func()) {
	t.Helper()
	data = filepath.Join(t.TempDir(), "data")
	logs = &syncBuffer{changed: make(chan struct{}, 1)}
	stopCh := make(chan struct{})
	done := make(chan int, 1)
	args = append(append([]string{"--listen", "127.0.0.1:0", "--data", data}, storetest.Flags(t, data)...), args...)
	go func() { done <- serveMain(args, logs, osEnvInEnglish, stopCh) }()
	addrRe := regexp.MustCompile(`msg=serving addr=(\S+)`)
	deadline := time.After(20 * time.Second)
	for addr == "" {
		if m := addrRe.FindStringSubmatch(logs.String()); m != nil {
			addr = m[1]
			break
		}
		select {
		case <-logs.changed:
		case code := <-done:
			t.Fatalf("serve exited with %d:\n%s", code, logs.String())
		case <-deadline:
			t.Fatalf("serve did not start:\n%s", logs.String())
		}
	}
	return addr, logs, data, func() {
		t.Helper()
		close(stopCh)
		select {
		case code := <-done:
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, logs.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("serve did not stop:\n%s", logs.String())
		}
		if !strings.Contains(logs.String(), "msg=stopped") {
			t.Fatalf("no clean stop in the log:\n%s", logs.String())
		}
	}
}

func TestServeStartsAndStops(t *testing.T) {
	addr, logs, data, stop := startServe(t)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	c.Close()
	inData, inStore := []string{keys.HostKeyFile, store.FileName}, []string(nil)
	if storetest.OnPostgres() {
		inData, inStore = nil, inData // --store keeps both in the database
	}
	for _, f := range inData {
		if _, err := os.Stat(filepath.Join(data, f)); err != nil {
			t.Errorf("%s missing from the data directory: %v", f, err)
		}
	}
	for _, f := range inStore {
		if _, err := os.Stat(filepath.Join(data, f)); err == nil {
			t.Errorf("%s in the data directory of a server with --store", f)
		}
	}
	stop()
	if strings.Contains(logs.String(), "metrics") {
		t.Fatalf("metrics are served without --metrics:\n%s", logs.String())
	}
}

// --metrics serves Prometheus metrics and pprof on a listener of its own.
func TestServeMetricsWhenAsked(t *testing.T) {
	addr, logs, _, stop := startServe(t, "--metrics", "127.0.0.1:0")
	defer stop()
	m := regexp.MustCompile(`addr=(http://\S+)/metrics`).FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("no metrics address in the log:\n%s", logs.String())
	}
	if strings.Contains(m[1], addr) {
		t.Fatalf("metrics on the SSH address %s", addr)
	}
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	defer c.Close()
	get := func(path string) string {
		t.Helper()
		resp, err := http.Get(m[1] + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %s", path, resp.Status)
		}
		return string(body)
	}
	var body string
	until.Seen(t, 10*time.Second, "metrics with the hub's ticks and the connection", func() (string, bool) {
		body = get("/metrics")
		return body, strings.Contains(body, "arena_hub_tick_seconds_count") && strings.Contains(body, "arena_connections 1")
	})
	for _, want := range []string{"arena_hub_tick_lateness_seconds_bucket", "arena_spectators", "arena_frames_dropped_total", "arena_frame_delay_seconds_count",
		`arena_matchmaker_waiting{game="sevencolors"} 0`, "process_resident_memory_bytes", "go_goroutines"} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics without %s", want)
		}
	}
	if !strings.Contains(get("/debug/pprof/"), "goroutine") {
		t.Error("no pprof index")
	}
}

func TestParseServeDurations(t *testing.T) {
	c, err := parseServe(nil, io.Discard, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if c.fillAfter != 10*time.Second || c.humanMove != time.Minute || c.botMove != 500*time.Millisecond {
		t.Fatalf("defaults %v %v %v", c.fillAfter, c.humanMove, c.botMove)
	}
	env := map[string]string{"ARENA_FILL_AFTER": "3s", "ARENA_BOT_MOVE": "250ms"}
	c, err = parseServe([]string{"--bot-move", "1s"}, io.Discard, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.fillAfter != 3*time.Second || c.botMove != time.Second {
		t.Fatalf("fill-after %v (env 3s), bot-move %v (flag 1s wins)", c.fillAfter, c.botMove)
	}
	if _, err := parseServe(nil, io.Discard, func(k string) string {
		if k == "ARENA_HUMAN_MOVE" {
			return "forever"
		}
		return ""
	}); err == nil || !strings.Contains(err.Error(), "ARENA_HUMAN_MOVE") {
		t.Fatalf("a bad duration: %v", err)
	}
}

// Each variable is read with its flag's type, and a flag given makes its variable's value
// irrelevant, even a malformed one (issue: ARENA_CONNECT_RATE=2.5 and ARENA_TICK_HZ=abc
// with --tick-hz 20 stopped the server).
func TestServeEnvIsParsedAsItsFlag(t *testing.T) {
	envOf := func(env map[string]string) func(string) string { return func(k string) string { return env[k] } }
	c, err := parseServe(nil, io.Discard, envOf(map[string]string{"ARENA_CONNECT_RATE": "2.5"}))
	if err != nil || c.connectRate != 2.5 {
		t.Fatalf("ARENA_CONNECT_RATE=2.5: rate %g, %v", c.connectRate, err)
	}
	var stderr bytes.Buffer
	c, err = parseServe([]string{"--tick-hz", "20"}, &stderr, envOf(map[string]string{"ARENA_TICK_HZ": "abc"}))
	if err != nil || c.tickHz != 20 {
		t.Fatalf("ARENA_TICK_HZ=abc under --tick-hz 20: %d, %v", c.tickHz, err)
	}
	if !strings.Contains(stderr.String(), "ARENA_TICK_HZ") {
		t.Errorf("the ignored variable is not mentioned: %q", stderr.String())
	}
	for name, v := range map[string]string{"ARENA_TICK_HZ": "abc", "ARENA_CONNECT_RATE": "fast",
		"ARENA_GUESTS": "maybe", "ARENA_IDLE_TIMEOUT": "-3s", "ARENA_MAX_CONNS": "2.5"} {
		_, err := parseServe(nil, io.Discard, envOf(map[string]string{name: v}))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s with no flag: %v, want an error naming it", name, v, err)
		}
	}
	c, err = parseServe([]string{"--connect-rate", "0.5"}, io.Discard, envOf(map[string]string{"ARENA_CONNECT_RATE": "2.5"}))
	if err != nil || c.connectRate != 0.5 {
		t.Fatalf("--connect-rate 0.5 over ARENA_CONNECT_RATE=2.5: %g, %v", c.connectRate, err)
	}
}

// serveMain with a malformed variable that a flag overrides starts (and stops) as usual.
func TestServeStartsWithABadVariableAFlagOverrides(t *testing.T) {
	t.Setenv("ARENA_TICK_HZ", "abc")
	dir := t.TempDir()
	stop := make(chan struct{})
	close(stop)
	var stderr bytes.Buffer
	code := serveMain([]string{"--listen", "127.0.0.1:0", "--data", dir, "--tick-hz", "20", "--log-level", "warn"}, &stderr, osEnvInEnglish, stop)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}

// Every flag of arena serve has its variable, named in the usage.
func TestEveryServeFlagHasAVariable(t *testing.T) {
	serveFlags(&serveConfig{}).VisitAll(func(f *flag.Flag) {
		env, ok := serveEnv[f.Name]
		if !ok {
			t.Errorf("--%s has no environment variable", f.Name)
		}
		if !strings.Contains(serveUsage(lang.English), "--"+f.Name) || !strings.Contains(serveUsage(lang.English), env) {
			t.Errorf("usage lacks --%s or %s", f.Name, env)
		}
	})
}

// --proxy-protocol and --proxy-from go together; --proxy-from takes prefixes and bare
// addresses, and refuses what would trust more than the balancers.
func TestParseServeProxyFlags(t *testing.T) {
	none := func(string) string { return "" }
	c, err := parseServe(nil, io.Discard, none)
	if err != nil || c.proxyProtocol || c.proxyPrefixes != nil {
		t.Fatalf("default: %v %v, %v", c.proxyProtocol, c.proxyPrefixes, err)
	}
	c, err = parseServe([]string{"--proxy-protocol", "--proxy-from", "10.0.0.0/8, 192.0.2.7,2001:db8::/32,2001:db8:1::9,::ffff:198.51.100.1"}, io.Discard, none)
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.7/32"),
		netip.MustParsePrefix("2001:db8::/32"), netip.MustParsePrefix("2001:db8:1::9/128"), netip.MustParsePrefix("198.51.100.1/32")}
	if !slices.Equal(c.proxyPrefixes, want) || !c.proxyProtocol {
		t.Fatalf("--proxy-from: %v, want %v", c.proxyPrefixes, want)
	}
	env := map[string]string{"ARENA_PROXY_PROTOCOL": "true", "ARENA_PROXY_FROM": "172.16.0.0/12"}
	c, err = parseServe(nil, io.Discard, func(k string) string { return env[k] })
	if err != nil || !c.proxyProtocol || !slices.Equal(c.proxyPrefixes, []netip.Prefix{netip.MustParsePrefix("172.16.0.0/12")}) {
		t.Fatalf("from the environment: %v %v, %v", c.proxyProtocol, c.proxyPrefixes, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--proxy-protocol"}, "--proxy-protocol needs --proxy-from"},
		{[]string{"--proxy-from", "10.0.0.0/8"}, "without --proxy-protocol"},
		{[]string{"--proxy-protocol", "--proxy-from", "10.0.0.0/33"}, `"10.0.0.0/33" is not a prefix`},
		{[]string{"--proxy-protocol", "--proxy-from", "balancer.example"}, `"balancer.example" is neither an address nor a prefix`},
		{[]string{"--proxy-protocol", "--proxy-from", "10.0.0.0/8,"}, `"" is neither`},
		{[]string{"--proxy-protocol", "--proxy-from", "fe80::1%eth0"}, "neither"},
		{[]string{"--proxy-protocol", "--proxy-from", "192.168.1.10/24"}, "host bits set: 192.168.1.0/24 for the network, or 192.168.1.10 alone"},
		{[]string{"--proxy-protocol", "--proxy-from", "0.0.0.0/0"}, "would trust every address"},
		{[]string{"--proxy-protocol", "--proxy-from", "::/0"}, "would trust every address"},
		{[]string{"--proxy-protocol", "--proxy-from", "::ffff:10.0.0.0/104"}, "write IPv4 prefixes as such"},
		{[]string{"--proxy-protocol", "--proxy-from", "0.0.0.0/1,128.0.0.0/1"}, "cover every IPv4 address"},
		{[]string{"--proxy-protocol", "--proxy-from", "0.0.0.0/2,64.0.0.0/2,128.0.0.0/1,10.0.0.0/8"}, "cover every IPv4 address"},
		{[]string{"--proxy-protocol", "--proxy-from", "::/1,8000::/1"}, "cover every IPv6 address"},
	} {
		if _, err := parseServe(tc.args, io.Discard, none); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error with %q", tc.args, err, tc.want)
		}
	}
	// Wide but not everything: accepted, with a warning each.
	var warned strings.Builder
	if _, err := parseServe([]string{"--proxy-protocol", "--proxy-from", "0.0.0.0/1,10.1.0.0/16,2001:db8::/32,2001:db8:1::/48"}, &warned, none); err != nil ||
		strings.Count(warned.String(), "warning") != 2 || !strings.Contains(warned.String(), "0.0.0.0/1 is wider than a /16") ||
		!strings.Contains(warned.String(), "2001:db8::/32 is wider than a /48") {
		t.Errorf("wide prefixes: %v, warned %q", err, warned.String())
	}
	if _, err := parseServe(nil, io.Discard, func(k string) string {
		return map[string]string{"ARENA_PROXY_PROTOCOL": "maybe", "ARENA_PROXY_FROM": "10.0.0.0/8"}[k]
	}); err == nil || !strings.Contains(err.Error(), "ARENA_PROXY_PROTOCOL") {
		t.Errorf("ARENA_PROXY_PROTOCOL=maybe: %v", err)
	}
}

// arena serve --proxy-protocol serves a balancer's clients under the header's address, and
// closes a connection from the balancer that sends none.
func TestServeBehindABalancer(t *testing.T) {
	addr, logs, _, stop := startServe(t, "--proxy-protocol", "--proxy-from", "127.0.0.1", "--log-level", "debug")
	defer stop()
	if _, err := sshtest.DialErr(addr, "alice", sshtest.NewKey(t)); err == nil {
		t.Fatal("a connection from the balancer without a PROXY header was served")
	}
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	hdr := proxyproto.Header{Version: 2, Source: netip.MustParseAddrPort("203.0.113.7:54321"),
		Dest: netip.MustParseAddrPort("127.0.0.1:2222")}.Encode()
	if _, err := conn.Write(hdr); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	cc, chans, reqs, err := gossh.NewClientConn(conn, addr, sshtest.ClientConfig("alice", sshtest.NewKey(t), nil))
	if err != nil {
		t.Fatalf("a client through the balancer: %v", err)
	}
	_ = conn.SetDeadline(time.Time{})
	c := gossh.NewClient(cc, chans, reqs)
	defer c.Close()
	if _, _, code := sshtest.Exec(t, c, "rooms"); code != 0 {
		t.Fatalf("rooms through the balancer: exit %d", code)
	}
	until.Seen(t, 10*time.Second, "the session logged under the client's address", func() (string, bool) {
		return logs.String(), regexp.MustCompile(`msg=session remote=203\.0\.113\.7 `).MatchString(logs.String())
	})
}

// --cluster needs the store the nodes share, and a node name fit for the bus.
func TestParseServeClusterFlags(t *testing.T) {
	none := func(string) string { return "" }
	const pg = "postgres://arena@db/arena?sslmode=disable"
	c, err := parseServe([]string{"--cluster", "nats://bus:4222", "--store", pg, "--node", "arena-1"}, io.Discard, none)
	if err != nil || c.cluster != "nats://bus:4222" || c.node != "arena-1" {
		t.Fatalf("%q %q, %v", c.cluster, c.node, err)
	}
	env := map[string]string{"ARENA_CLUSTER": "nats://bus:4222", "ARENA_STORE": pg, "ARENA_NODE": "n2"}
	if c, err = parseServe(nil, io.Discard, func(k string) string { return env[k] }); err != nil || c.cluster == "" || c.node != "n2" {
		t.Fatalf("from the environment: %q %q, %v", c.cluster, c.node, err)
	}
	if c, err = parseServe(nil, io.Discard, none); err != nil || c.cluster != "" || !cluster.ValidName(c.node) {
		t.Fatalf("default: cluster %q, node %q (%v)", c.cluster, c.node, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--cluster", "nats://bus:4222"}, "needs --store postgres://"},
		{[]string{"--cluster", "nats://bus:4222", "--store", pg, "--node", "a.b"}, `--node "a.b"`},
	} {
		if _, err := parseServe(tc.args, io.Discard, none); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.args, err, tc.want)
		}
	}
}
