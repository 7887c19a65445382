package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"path/filepath"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/lang"
)

// Config is the server's configuration. Start from DefaultConfig: a zero field takes its
// default in New, except AllowGuests, which a zero Config leaves off.
type Config struct {
	Listen        string // address to listen on, ":2222"
	DataDir       string // host key and database live here, "./arena-data"
	AdminKeysFile string // teachers' keys (authorized_keys format); default DataDir/admin_keys
	// HostKey is the server's SSH host key when it is kept elsewhere (a store on
	// PostgreSQL, shared by every node); nil loads or creates it in DataDir.
	HostKey gossh.Signer
	// Lang is the language of a person whose client's locale names none the arena speaks
	// (lang.Choose): English by default.
	Lang lang.Lang
	// AllowGuests lets clients without a key in (keyboard-interactive, no prompts). Guests
	// play but are never stored or ranked.
	AllowGuests bool
	// ReservedNames may not be claimed as display names (the house bots' names, say), on top
	// of keys.Reserved's list.
	ReservedNames []string

	// ProxyProtocol: connections from ProxyFrom (TCP balancers) begin with a PROXY protocol
	// header, v1 or v2, whose source address then stands for the connection's, in the limits
	// and everywhere else. Connections from elsewhere are served with their own address, and
	// a header they send is not honoured: only a balancer may name the address the limits
	// count. ProxyFrom must not be empty when ProxyProtocol is on. See docs/security.md.
	ProxyProtocol bool
	ProxyFrom     []netip.Prefix

	// Limits. A classroom behind one NAT shares one address: keep the per-IP limits well
	// above the class size.
	MaxConns      int // connections in all, 1000
	MaxConnsPerIP int // concurrent connections from one address, 250
	// IPv6Prefix is how many leading bits of an IPv6 address make "one address" for every
	// per-address limit (connections, new sessions, rooms, games, entries): 64, one network,
	// whose hosts may use any of its addresses. 128 counts each address apart.
	IPv6Prefix        int
	ConnectRate       float64 // new connections per second per address, sustained, 10
	ConnectBurst      int     // new connections per address at once, 150
	MaxSessionsPerKey int     // concurrent sessions of one identity, 8
	// SessionsElsewhere counts an identity's sessions on the other nodes of a cluster,
	// which count against MaxSessionsPerKey too (nil: this server alone).
	SessionsElsewhere func(id string) int
	HandshakeTimeout  time.Duration // a connection must open its first channel within this, 10s

	// What one connection may ask for; see docs/security.md.
	MaxPreAuth      int           // connections that have not opened a channel yet, 512 (the oldest is closed beyond)
	MaxPreAuthPerIP int           // the same per address, 256 (that address's oldest is closed beyond): a class behind one NAT connects at once
	IdleNoChannel   time.Duration // a connection with no open channel is closed after this, 30s
	// SessionStart is how long a session channel may stay open without asking for a shell,
	// a command or a subsystem: then it is closed (and, with no other channel, its
	// connection after IdleNoChannel). Until it starts, a connection is not "in session"
	// and may be displaced. 10s.
	SessionStart     time.Duration
	MaxChannels      int     // session channels open at once on one connection, 10
	MaxEnvPerChannel int     // env requests kept per channel, 64
	MaxEnvBytes      int     // bytes of env requests kept per channel, 16 KiB
	MaxCommandBytes  int     // length of a command line, 4 KiB
	KeyRate          float64 // bytes of input per second on a terminal, sustained, 2000
	KeyBurst         int     // bytes of input at once on a terminal, 8 KiB

	// Terminal. Window sizes are clamped: a client may claim 65535×65535.
	MaxWidth  int // 400
	MaxHeight int // 200

	Logger *slog.Logger // default slog.Default()
}

// DefaultConfig returns the embedded defaults.
func DefaultConfig() Config {
	return Config{
		Listen:            ":2222",
		DataDir:           "./arena-data",
		Lang:              lang.English,
		AllowGuests:       true,
		MaxConns:          1000,
		MaxConnsPerIP:     250,
		IPv6Prefix:        64,
		ConnectRate:       10,
		ConnectBurst:      150,
		MaxSessionsPerKey: 8,
		HandshakeTimeout:  10 * time.Second,
		MaxPreAuth:        512,
		MaxPreAuthPerIP:   256,
		IdleNoChannel:     30 * time.Second,
		SessionStart:      10 * time.Second,
		MaxChannels:       10,
		MaxEnvPerChannel:  64,
		MaxEnvBytes:       16 << 10,
		MaxCommandBytes:   4 << 10,
		KeyRate:           2000,
		KeyBurst:          8 << 10,
		MaxWidth:          400,
		MaxHeight:         200,
	}
}

// withDefaults fills zero fields from DefaultConfig.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.Lang == "" {
		c.Lang = d.Lang
	}
	if c.Listen == "" {
		c.Listen = d.Listen
	}
	if c.DataDir == "" {
		c.DataDir = d.DataDir
	}
	if c.AdminKeysFile == "" {
		c.AdminKeysFile = filepath.Join(c.DataDir, "admin_keys")
	}
	setInt := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	setInt(&c.MaxConns, d.MaxConns)
	setInt(&c.MaxConnsPerIP, d.MaxConnsPerIP)
	setInt(&c.ConnectBurst, d.ConnectBurst)
	setInt(&c.MaxSessionsPerKey, d.MaxSessionsPerKey)
	setInt(&c.MaxWidth, d.MaxWidth)
	setInt(&c.MaxHeight, d.MaxHeight)
	setInt(&c.MaxPreAuth, d.MaxPreAuth)
	setInt(&c.MaxPreAuthPerIP, d.MaxPreAuthPerIP)
	setInt(&c.MaxChannels, d.MaxChannels)
	setInt(&c.MaxEnvPerChannel, d.MaxEnvPerChannel)
	setInt(&c.MaxEnvBytes, d.MaxEnvBytes)
	setInt(&c.MaxCommandBytes, d.MaxCommandBytes)
	setInt(&c.KeyBurst, d.KeyBurst)
	if c.KeyRate <= 0 {
		c.KeyRate = d.KeyRate
	}
	if c.IPv6Prefix <= 0 || c.IPv6Prefix > 128 {
		c.IPv6Prefix = d.IPv6Prefix
	}
	if c.IdleNoChannel <= 0 {
		c.IdleNoChannel = d.IdleNoChannel
	}
	if c.SessionStart <= 0 {
		c.SessionStart = d.SessionStart
	}
	if c.ConnectRate <= 0 {
		c.ConnectRate = d.ConnectRate
	}
	if c.HandshakeTimeout <= 0 {
		c.HandshakeTimeout = d.HandshakeTimeout
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// check refuses settings that cannot be meant.
func (c Config) check() error {
	switch {
	case c.ProxyProtocol && len(c.ProxyFrom) == 0:
		// lang:keep the operator's configuration error, in English as the logs
		return errors.New("server: the PROXY protocol needs the balancers' addresses (ProxyFrom): " +
			// lang:keep the operator's configuration error
			"trusting a header from any address would let every client choose the address the limits count")
	case !c.ProxyProtocol && len(c.ProxyFrom) > 0:
		return errors.New("server: ProxyFrom is given but the PROXY protocol is off (ProxyProtocol)") // lang:keep the operator's configuration error
	}
	for _, p := range c.ProxyFrom {
		if !p.IsValid() || p.Bits() == 0 {
			return fmt.Errorf("server: ProxyFrom holds %s: name the balancers' addresses", p) // lang:keep the operator's configuration error
		}
	}
	return nil
}

// clamp bounds a client's window size; a missing size gets the classic 80×24.
func (c Config) clamp(w, h int) (int, int) {
	if w <= 0 {
		w = 80
	}
	if h <= 0 {
		h = 24
	}
	return min(w, c.MaxWidth), min(h, c.MaxHeight)
}
