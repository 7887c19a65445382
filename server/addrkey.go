package server

import (
	"net/netip"
	"strconv"
)

// addressKey is what per-address limits count an address as: an IPv4 address itself, an
// IPv6 address by its network of v6Prefix bits (a /64 by default: one home or classroom
// network, whose hosts may pick any of its 2^64 addresses, is one address). An address
// that does not parse is its own key.
func addressKey(ip string, v6Prefix int) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() || v6Prefix <= 0 || v6Prefix >= 128 {
		return a.String()
	}
	p, err := a.Prefix(v6Prefix)
	if err != nil {
		return a.String()
	}
	return p.Masked().Addr().String() + "/" + strconv.Itoa(v6Prefix)
}
