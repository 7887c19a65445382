package server

import (
	"net"
	"net/netip"
	"testing"
)

// Balancers are recognised by their address, IPv4 peers of a dual-stack listener included.
func TestFromBalancer(t *testing.T) {
	s := &Server{cfg: Config{ProxyProtocol: true, ProxyFrom: []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8::/32"), netip.MustParsePrefix("192.0.2.7/32")}}}
	for _, tc := range []struct {
		addr net.Addr
		want bool
	}{
		{&net.TCPAddr{IP: net.ParseIP("10.1.2.3"), Port: 1}, true},
		{&net.TCPAddr{IP: net.ParseIP("::ffff:10.1.2.3"), Port: 1}, true},
		{&net.TCPAddr{IP: net.IPv4(10, 1, 2, 3).To4(), Port: 1}, true},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8::5"), Port: 1}, true},
		{&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 1}, true},
		{&net.TCPAddr{IP: net.ParseIP("192.0.2.8"), Port: 1}, false},
		{&net.TCPAddr{IP: net.ParseIP("11.0.0.1"), Port: 1}, false},
		{&net.TCPAddr{IP: net.ParseIP("2001:db9::5"), Port: 1}, false},
		{&net.TCPAddr{IP: net.ParseIP("::ffff:11.0.0.1"), Port: 1}, false},
		{&net.UnixAddr{Name: "@x", Net: "unix"}, false},
		{nil, false},
	} {
		if got := s.fromBalancer(tc.addr); got != tc.want {
			t.Errorf("fromBalancer(%v) = %v, want %v", tc.addr, got, tc.want)
		}
	}
}
