package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// clientIP is the address of whoever sent the request. It is the
// connection's address, unless that address is one of the configured
// trusted proxies (CREBIT_TRUSTED_PROXIES): then X-Forwarded-For is read
// from the right, skipping trusted proxies, and the first address that is
// not one is the client. Anything left of it could have been written by
// the client itself, so it is never believed.
func (s *Server) clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !s.trusted(peer) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a garbled hop: stop at the last address we could trust
		}
		a = a.Unmap()
		if !s.trusted(a) {
			return a.String()
		}
		peer = a
	}
	return peer.String()
}

func (s *Server) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// fromLoopback reports whether the request's client (as clientIP resolves it
// through CREBIT_TRUSTED_PROXIES) is this machine.
func (s *Server) fromLoopback(r *http.Request) bool {
	a, err := netip.ParseAddr(s.clientIP(r))
	return err == nil && a.Unmap().IsLoopback()
}

// loopbackOnly serves h only to loopback clients and answers anyone else
// exactly as for a path that does not exist. The sandbox's mailbox (which
// holds every account's reset links), its simulation of a payer's bank and
// its partner API are for the person running the sandbox on their machine,
// never for a visitor of a site that happens to run it.
func (s *Server) loopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.fromLoopback(r) {
			writeNoSuchRoute(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}
