package proxyproto

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"net/netip"
	"strings"
	"testing"
	"testing/iotest"
)

// v2 builds a v2 header: version/command, family, then body (its length is computed).
func v2(verCmd, family byte, body ...[]byte) []byte {
	b := append([]byte(nil), sigV2[:]...)
	b = append(b, verCmd, family)
	all := bytes.Join(body, nil)
	b = binary.BigEndian.AppendUint16(b, uint16(len(all)))
	return append(b, all...)
}

// v2Len is v2 with a length field that says n whatever the body.
func v2Len(verCmd, family byte, n uint16, body []byte) []byte {
	b := append([]byte(nil), sigV2[:]...)
	b = append(b, verCmd, family)
	b = binary.BigEndian.AppendUint16(b, n)
	return append(b, body...)
}

func ap(s string) netip.AddrPort { return netip.MustParseAddrPort(s) }

var (
	ipv4Body = []byte{203, 0, 113, 7, 10, 0, 0, 5, 0xd4, 0x31, 0x08, 0xae} // 203.0.113.7:54321 → 10.0.0.5:2222
	ipv6Body = append(append(append(netip.MustParseAddr("2001:db8::7").AsSlice(),
		netip.MustParseAddr("2001:db8::1").AsSlice()...), 0xd4, 0x31), 0x08, 0xae)
	tlvs = []byte{0x04, 0x00, 0x03, 'a', 'b', 'c', 0xea, 0x00, 0x01, 'x'} // a NOOP and an AWS TLV
)

func TestRead(t *testing.T) {
	const after = "SSH-2.0-OpenSSH_9.6\r\n"
	for _, tc := range []struct {
		name string
		in   []byte
		want Header
		err  string // non-empty: an error containing it
	}{
		// v1
		{name: "v1 TCP4", in: []byte("PROXY TCP4 203.0.113.7 10.0.0.5 54321 2222\r\n"),
			want: Header{Version: 1, Source: ap("203.0.113.7:54321"), Dest: ap("10.0.0.5:2222")}},
		{name: "v1 TCP6", in: []byte("PROXY TCP6 2001:db8::7 2001:db8::1 54321 2222\r\n"),
			want: Header{Version: 1, Source: ap("[2001:db8::7]:54321"), Dest: ap("[2001:db8::1]:2222")}},
		{name: "v1 TCP6 mapped IPv4", in: []byte("PROXY TCP6 ::ffff:203.0.113.7 ::ffff:10.0.0.5 1 2\r\n"),
			want: Header{Version: 1, Source: ap("[::ffff:203.0.113.7]:1"), Dest: ap("[::ffff:10.0.0.5]:2")}},
		{name: "v1 ports 0 and 65535", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 0 65535\r\n"),
			want: Header{Version: 1, Source: ap("1.2.3.4:0"), Dest: ap("5.6.7.8:65535")}},
		{name: "v1 UNKNOWN", in: []byte("PROXY UNKNOWN\r\n"), want: Header{Version: 1}},
		{name: "v1 UNKNOWN with addresses", in: []byte("PROXY UNKNOWN ffff:f::1 ffff:f::2 65535 65535\r\n"), want: Header{Version: 1}},
		{name: "v1 longest line", in: []byte("PROXY TCP6 ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff 65535 65535\r\n"),
			want: Header{Version: 1, Source: ap("[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]:65535"), Dest: ap("[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]:65535")}},
		{name: "v1 too long", in: []byte("PROXY UNKNOWN " + strings.Repeat("x", 200) + "\r\n"), err: "longer than 107"},
		{name: "v1 truncated", in: []byte("PROXY TCP4 203.0.113.7 10.0.0.5 543"), err: "cut short"},
		{name: "v1 empty", in: nil, err: "no header"},
		{name: "v1 LF only", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 1 2\n"), err: "CRLF"},
		{name: "v1 wrong word", in: []byte("PROXX TCP4 1.2.3.4 5.6.7.8 1 2\r\n"), err: "not a PROXY header"},
		{name: "v1 lower case", in: []byte("PROXY tcp4 1.2.3.4 5.6.7.8 1 2\r\n"), err: "protocol"},
		{name: "v1 UDP4", in: []byte("PROXY UDP4 1.2.3.4 5.6.7.8 1 2\r\n"), err: "protocol"},
		{name: "v1 TCP4 with IPv6", in: []byte("PROXY TCP4 2001:db8::7 5.6.7.8 1 2\r\n"), err: "address"},
		{name: "v1 TCP4 with mapped IPv4", in: []byte("PROXY TCP4 ::ffff:1.2.3.4 5.6.7.8 1 2\r\n"), err: "address"},
		{name: "v1 TCP6 with IPv4", in: []byte("PROXY TCP6 1.2.3.4 2001:db8::1 1 2\r\n"), err: "address"},
		{name: "v1 zone", in: []byte("PROXY TCP6 fe80::1%eth0 fe80::2 1 2\r\n"), err: "address"},
		{name: "v1 leading zero in address", in: []byte("PROXY TCP4 01.2.3.4 5.6.7.8 1 2\r\n"), err: "address"},
		{name: "v1 hostname", in: []byte("PROXY TCP4 example.com 5.6.7.8 1 2\r\n"), err: "address"},
		{name: "v1 port too big", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 65536 2\r\n"), err: "port"},
		{name: "v1 port negative", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 -1 2\r\n"), err: "port"},
		{name: "v1 port signed", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 +1 2\r\n"), err: "port"},
		{name: "v1 port leading zero", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 022 2\r\n"), err: "port"},
		{name: "v1 port hex", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 0x16 2\r\n"), err: "port"},
		{name: "v1 port empty", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8  2\r\n"), err: "port"},
		{name: "v1 missing port", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 1\r\n"), err: "PROTO SRC DST SPORT DPORT"},
		{name: "v1 extra field", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 1 2 3\r\n"), err: "PROTO SRC DST SPORT DPORT"},
		{name: "v1 trailing space", in: []byte("PROXY TCP4 1.2.3.4 5.6.7.8 1 2 \r\n"), err: "PROTO SRC DST SPORT DPORT"},
		{name: "SSH instead", in: []byte(after), err: "not a PROXY header"},

		// v2
		{name: "v2 TCP4", in: v2(0x21, 0x11, ipv4Body),
			want: Header{Version: 2, Source: ap("203.0.113.7:54321"), Dest: ap("10.0.0.5:2222")}},
		{name: "v2 TCP6", in: v2(0x21, 0x21, ipv6Body),
			want: Header{Version: 2, Source: ap("[2001:db8::7]:54321"), Dest: ap("[2001:db8::1]:2222")}},
		{name: "v2 TCP4 with TLVs", in: v2(0x21, 0x11, ipv4Body, tlvs),
			want: Header{Version: 2, Source: ap("203.0.113.7:54321"), Dest: ap("10.0.0.5:2222")}},
		{name: "v2 TCP6 with TLVs", in: v2(0x21, 0x21, ipv6Body, tlvs),
			want: Header{Version: 2, Source: ap("[2001:db8::7]:54321"), Dest: ap("[2001:db8::1]:2222")}},
		{name: "v2 TLVs up to the bound", in: v2(0x21, 0x11, ipv4Body, make([]byte, MaxV2Body-12)),
			want: Header{Version: 2, Source: ap("203.0.113.7:54321"), Dest: ap("10.0.0.5:2222")}},
		{name: "v2 LOCAL", in: v2(0x20, 0x00), want: Header{Version: 2, Local: true}},
		{name: "v2 LOCAL with addresses", in: v2(0x20, 0x11, ipv4Body), want: Header{Version: 2, Local: true}},
		{name: "v2 LOCAL with an unknown family", in: v2(0x20, 0x77, []byte{1, 2, 3}), want: Header{Version: 2, Local: true}},
		{name: "v2 PROXY UNSPEC", in: v2(0x21, 0x00, tlvs), want: Header{Version: 2}},
		{name: "v2 bad signature", in: func() []byte { b := v2(0x21, 0x11, ipv4Body); b[7] = 'q'; return b }(), err: "signature"},
		{name: "v2 version 1", in: v2(0x11, 0x11, ipv4Body), err: "version 1"},
		{name: "v2 version 3", in: v2(0x31, 0x11, ipv4Body), err: "version 3"},
		{name: "v2 command 2", in: v2(0x22, 0x11, ipv4Body), err: "command 2"},
		{name: "v2 UDP4", in: v2(0x21, 0x12, ipv4Body), err: "not TCP"},
		{name: "v2 UNIX", in: v2(0x21, 0x31, make([]byte, 216)), err: "not TCP"},
		{name: "v2 unknown family", in: v2(0x21, 0x41, ipv4Body), err: "family 0x41"},
		{name: "v2 TCP4 addresses too short", in: v2(0x21, 0x11, ipv4Body[:11]), err: "want 12"},
		{name: "v2 TCP6 with IPv4's length", in: v2(0x21, 0x21, ipv4Body), err: "want 36"},
		{name: "v2 oversized", in: v2Len(0x21, 0x11, MaxV2Body+1, ipv4Body), err: "at most 1024"},
		{name: "v2 length 65535", in: v2Len(0x21, 0x11, 65535, ipv4Body), err: "at most 1024"},
		{name: "v2 truncated signature", in: sigV2[:9], err: "cut short"},
		{name: "v2 truncated addresses", in: v2(0x21, 0x11, ipv4Body)[:20], err: "cut short"},
		{name: "v2 truncated TLVs", in: v2Len(0x21, 0x11, 12+100, append(ipv4Body, tlvs...)), err: "cut short"},
		{name: "v2 truncated LOCAL", in: v2Len(0x20, 0x00, 10, []byte{1, 2}), err: "cut short"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			if tc.err == "" {
				in = append(in[:len(in):len(in)], after...)
			}
			// Byte by byte too: a header may arrive in pieces.
			for _, r := range []io.Reader{bytes.NewReader(in), iotest.OneByteReader(bytes.NewReader(in))} {
				br := bufio.NewReader(r)
				h, err := Read(br)
				if tc.err != "" {
					if err == nil || !strings.Contains(err.Error(), tc.err) {
						t.Fatalf("Read(%q) = %+v, %v; want an error with %q", tc.in, h, err, tc.err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("Read(%q): %v", tc.in, err)
				}
				if h != tc.want {
					t.Fatalf("Read(%q) = %+v, want %+v", tc.in, h, tc.want)
				}
				if rest, _ := io.ReadAll(br); string(rest) != after {
					t.Fatalf("after the header: %q, want %q", rest, after)
				}
			}
		})
	}
}

// What Encode writes, Read reads back.
func TestEncodeRoundTrip(t *testing.T) {
	for _, h := range []Header{
		{Version: 1, Source: ap("203.0.113.7:54321"), Dest: ap("10.0.0.5:2222")},
		{Version: 1, Source: ap("[2001:db8::7]:1"), Dest: ap("[2001:db8::1]:2")},
		{Version: 1},
		{Version: 2, Source: ap("203.0.113.7:54321"), Dest: ap("10.0.0.5:2222")},
		{Version: 2, Source: ap("[2001:db8::7]:1"), Dest: ap("[2001:db8::1]:2")},
		{Version: 2, Local: true},
		{Version: 2},
	} {
		got, err := Read(bufio.NewReader(bytes.NewReader(h.Encode())))
		if err != nil || got != h {
			t.Errorf("%+v encoded as %q reads as %+v, %v", h, h.Encode(), got, err)
		}
	}
	if got := string((Header{Version: 1, Source: ap("1.2.3.4:5"), Dest: ap("[::1]:6")}).Encode()); got != "PROXY UNKNOWN\r\n" {
		t.Errorf("v1 with addresses of two families: %q", got)
	}
}

// FuzzProxyHeader: any bytes read as a header or an error, never a panic; a header read
// took no more than the bounds allow, left what follows it untouched, reads the same from
// its own bytes alone, and encodes to bytes that read back as itself.
func FuzzProxyHeader(f *testing.F) {
	for _, s := range [][]byte{
		[]byte("PROXY TCP4 203.0.113.7 10.0.0.5 54321 2222\r\nSSH-2.0-x\r\n"),
		[]byte("PROXY TCP6 2001:db8::7 2001:db8::1 54321 2222\r\n"),
		[]byte("PROXY UNKNOWN\r\n"),
		[]byte("PROXY TCP4 1.2.3.4 5.6.7.8 65536 2\r\n"),
		[]byte("SSH-2.0-OpenSSH_9.6\r\n"),
		v2(0x21, 0x11, ipv4Body, tlvs),
		v2(0x21, 0x21, ipv6Body),
		v2(0x20, 0x00),
		v2(0x21, 0x00, tlvs),
		v2Len(0x21, 0x11, 65535, ipv4Body),
		sigV2[:],
		nil,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		br := bufio.NewReader(bytes.NewReader(in))
		h, err := Read(br)
		if err != nil {
			return
		}
		rest, _ := io.ReadAll(br)
		n := len(in) - len(rest)
		if !bytes.Equal(rest, in[n:]) {
			t.Fatalf("Read(%q) changed what follows the header", in)
		}
		switch h.Version {
		case 1:
			if n > MaxV1 || h.Local {
				t.Fatalf("Read(%q) = %+v after %d bytes", in, h, n)
			}
		case 2:
			if n > 16+MaxV2Body {
				t.Fatalf("Read(%q) = %+v after %d bytes", in, h, n)
			}
		default:
			t.Fatalf("Read(%q) = %+v: version %d", in, h, h.Version)
		}
		if h.Source.IsValid() != h.Dest.IsValid() || (h.Source.IsValid() && (h.Local || h.Source.Addr().Is4() != h.Dest.Addr().Is4())) {
			t.Fatalf("Read(%q) = %+v: addresses inconsistent", in, h)
		}
		if again, err := Read(bufio.NewReader(bytes.NewReader(in[:n]))); err != nil || again != h {
			t.Fatalf("Read(%q) = %+v, but its %d bytes alone read as %+v, %v", in, h, n, again, err)
		}
		if again, err := Read(bufio.NewReader(bytes.NewReader(h.Encode()))); err != nil || again != h {
			t.Fatalf("Read(%q) = %+v, encoded %q, read back as %+v, %v", in, h, h.Encode(), again, err)
		}
	})
}
