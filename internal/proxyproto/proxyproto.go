// Package proxyproto reads the PROXY protocol header (versions 1 and 2, as HAProxy's
// send-proxy and send-proxy-v2 write it) that a TCP balancer sends before the client's
// first byte, to tell the server whom it is relaying.
//
// Only a header from a trusted balancer means anything: the caller decides whom to read it
// from. Everything read is bounded: a v1 line has at most MaxV1 bytes, a v2 header at most
// MaxV2Body bytes after its fixed part, and nothing is allocated from a length the sender
// gives.
package proxyproto

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"
)

const (
	// MaxV1 is the longest v1 line, CRLF included (the specification's bound).
	MaxV1 = 107
	// MaxV2Body bounds a v2 header's addresses and TLVs: 216 bytes of addresses at most,
	// the rest for the TLVs balancers add (cloud providers' endpoint IDs and the like).
	MaxV2Body = 1024
)

// sigV2 begins every v2 header.
var sigV2 = [12]byte{'\r', '\n', '\r', '\n', 0, '\r', '\n', 'Q', 'U', 'I', 'T', '\n'}

// Header is what a PROXY header says.
type Header struct {
	Version int // 1 or 2
	// Local is a v2 LOCAL header: the balancer's own connection (a health check), which
	// carries no client address.
	Local bool
	// Source and Dest are the client's address and the one it connected to; both invalid
	// when the header gives none (v1 UNKNOWN, v2 LOCAL or AF_UNSPEC): the connection's own
	// peer address then stands.
	Source, Dest netip.AddrPort
}

// Read reads one header from r, and nothing after it: what follows stays in r for the
// protocol it carries. An error means the connection did not begin with a valid header.
func Read(r *bufio.Reader) (Header, error) {
	first, err := r.Peek(1)
	if err != nil {
		return Header{}, fmt.Errorf("proxyproto: no header: %w", err)
	}
	switch first[0] {
	case 'P':
		return readV1(r)
	case sigV2[0]:
		return readV2(r)
	}
	return Header{}, fmt.Errorf("proxyproto: not a PROXY header (first byte %q)", first[0])
}

func readV1(r *bufio.Reader) (Header, error) {
	var buf [MaxV1]byte
	n := 0
	for {
		if n == len(buf) {
			return Header{}, fmt.Errorf("proxyproto: v1 line longer than %d bytes", MaxV1)
		}
		c, err := r.ReadByte()
		if err != nil {
			return Header{}, fmt.Errorf("proxyproto: v1 line cut short: %w", err)
		}
		buf[n] = c
		n++
		if c == '\n' {
			break
		}
	}
	line, ok := bytes.CutSuffix(buf[:n], []byte("\r\n"))
	if !ok {
		return Header{}, errors.New("proxyproto: v1 line does not end with CRLF")
	}
	return parseV1(string(line))
}

// parseV1 parses a v1 line without its CRLF.
func parseV1(line string) (Header, error) {
	h := Header{Version: 1}
	rest, ok := strings.CutPrefix(line, "PROXY ")
	if !ok {
		return h, fmt.Errorf("proxyproto: not a PROXY header: %q", line)
	}
	if rest == "UNKNOWN" || strings.HasPrefix(rest, "UNKNOWN ") {
		return h, nil // the rest of the line, if any, is to be ignored
	}
	f := strings.Split(rest, " ")
	if len(f) != 5 {
		return h, fmt.Errorf("proxyproto: v1 wants PROTO SRC DST SPORT DPORT, got %q", rest)
	}
	want6 := false
	switch f[0] {
	case "TCP4":
	case "TCP6":
		want6 = true
	default:
		return h, fmt.Errorf("proxyproto: v1 protocol %q: want TCP4, TCP6 or UNKNOWN", f[0])
	}
	var addrs [2]netip.Addr
	for i, s := range f[1:3] {
		a, err := netip.ParseAddr(s)
		if err != nil || a.Is6() != want6 || a.Zone() != "" {
			return h, fmt.Errorf("proxyproto: v1 %s address %q", f[0], s)
		}
		addrs[i] = a
	}
	var ports [2]uint16
	for i, s := range f[3:5] {
		p, err := parsePort(s)
		if err != nil {
			return h, err
		}
		ports[i] = p
	}
	h.Source = netip.AddrPortFrom(addrs[0], ports[0])
	h.Dest = netip.AddrPortFrom(addrs[1], ports[1])
	return h, nil
}

// parsePort reads a decimal port, 0 to 65535, without sign or leading zeros.
func parsePort(s string) (uint16, error) {
	bad := s == "" || len(s) > 5 || (len(s) > 1 && s[0] == '0')
	for _, c := range []byte(s) {
		bad = bad || c < '0' || c > '9'
	}
	if !bad {
		if p, err := strconv.ParseUint(s, 10, 16); err == nil {
			return uint16(p), nil
		}
	}
	return 0, fmt.Errorf("proxyproto: v1 port %q", s)
}

func readV2(r *bufio.Reader) (Header, error) {
	h := Header{Version: 2}
	var fixed [16]byte
	if _, err := io.ReadFull(r, fixed[:]); err != nil {
		return h, fmt.Errorf("proxyproto: v2 header cut short: %w", err)
	}
	if [12]byte(fixed[:12]) != sigV2 {
		return h, errors.New("proxyproto: bad v2 signature")
	}
	if v := fixed[12] >> 4; v != 2 {
		return h, fmt.Errorf("proxyproto: v2 signature with version %d", v)
	}
	family := fixed[13]
	length := int(binary.BigEndian.Uint16(fixed[14:16]))
	if length > MaxV2Body {
		return h, fmt.Errorf("proxyproto: v2 header of %d bytes, at most %d", length, MaxV2Body)
	}
	skip := func(n int) error {
		if _, err := r.Discard(n); err != nil {
			return fmt.Errorf("proxyproto: v2 header cut short: %w", err)
		}
		return nil
	}
	switch cmd := fixed[12] & 0xf; cmd {
	case 0: // LOCAL: addresses, if any, are to be ignored
		h.Local = true
		return h, skip(length)
	case 1: // PROXY
	default:
		return h, fmt.Errorf("proxyproto: v2 command %d", cmd)
	}
	var size int
	switch family {
	case 0x00: // AF_UNSPEC: the connection's own addresses stand
		return h, skip(length)
	case 0x11: // TCP over IPv4
		size = 12
	case 0x21: // TCP over IPv6
		size = 36
	case 0x12, 0x22, 0x31, 0x32:
		return h, fmt.Errorf("proxyproto: v2 family 0x%02x is not TCP", family)
	default:
		return h, fmt.Errorf("proxyproto: v2 family 0x%02x", family)
	}
	if length < size {
		return h, fmt.Errorf("proxyproto: v2 addresses of %d bytes, want %d", length, size)
	}
	var a [36]byte
	if _, err := io.ReadFull(r, a[:size]); err != nil {
		return h, fmt.Errorf("proxyproto: v2 header cut short: %w", err)
	}
	if size == 12 {
		h.Source = netip.AddrPortFrom(netip.AddrFrom4([4]byte(a[0:4])), binary.BigEndian.Uint16(a[8:10]))
		h.Dest = netip.AddrPortFrom(netip.AddrFrom4([4]byte(a[4:8])), binary.BigEndian.Uint16(a[10:12]))
	} else {
		h.Source = netip.AddrPortFrom(netip.AddrFrom16([16]byte(a[0:16])), binary.BigEndian.Uint16(a[32:34]))
		h.Dest = netip.AddrPortFrom(netip.AddrFrom16([16]byte(a[16:32])), binary.BigEndian.Uint16(a[34:36]))
	}
	return h, skip(length - size) // TLVs: nothing here needs them
}

// Encode writes h as its version does (a balancer's side, for tests and tools). Without a
// valid Source and Dest of one family, v1 says UNKNOWN and v2 AF_UNSPEC (or LOCAL).
func (h Header) Encode() []byte {
	s, d := h.Source, h.Dest
	addrs := s.IsValid() && d.IsValid() && s.Addr().Is4() == d.Addr().Is4() && s.Addr().Zone() == "" && d.Addr().Zone() == ""
	if h.Version == 1 {
		if !addrs {
			return []byte("PROXY UNKNOWN\r\n")
		}
		proto := "TCP6"
		if s.Addr().Is4() {
			proto = "TCP4"
		}
		return fmt.Appendf(nil, "PROXY %s %s %s %d %d\r\n", proto, s.Addr(), d.Addr(), s.Port(), d.Port())
	}
	b := append([]byte(nil), sigV2[:]...)
	if h.Local {
		return append(b, 0x20, 0x00, 0, 0)
	}
	if !addrs {
		return append(b, 0x21, 0x00, 0, 0)
	}
	if s.Addr().Is4() {
		b = append(b, 0x21, 0x11, 0, 12)
	} else {
		b = append(b, 0x21, 0x21, 0, 36)
	}
	b = append(b, s.Addr().AsSlice()...)
	b = append(b, d.Addr().AsSlice()...)
	b = binary.BigEndian.AppendUint16(b, s.Port())
	return binary.BigEndian.AppendUint16(b, d.Port())
}
