package httpapi

import (
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/crebit/crebit/internal/config"
)

func TestClientIP(t *testing.T) {
	t.Parallel()
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	tests := []struct {
		name    string
		trusted []netip.Prefix
		remote  string
		xff     []string
		want    string
	}{
		{"no proxy configured: the connection, whatever the header says", nil, "203.0.113.7:5000", []string{"198.51.100.1"}, "203.0.113.7"},
		{"untrusted peer: header ignored", proxies, "203.0.113.7:5000", []string{"198.51.100.1"}, "203.0.113.7"},
		{"trusted proxy: the header's last address", proxies, "10.1.2.3:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"client-written entries left of the real one are not believed", proxies, "10.1.2.3:5000",
			[]string{"1.1.1.1, 198.51.100.1"}, "198.51.100.1"},
		{"chain of trusted proxies is skipped", proxies, "10.1.2.3:5000", []string{"198.51.100.1, 10.9.9.9", "10.8.8.8"}, "198.51.100.1"},
		{"only proxies: the first hop", proxies, "10.1.2.3:5000", []string{"10.9.9.9"}, "10.9.9.9"},
		{"no header: the proxy itself", proxies, "10.1.2.3:5000", nil, "10.1.2.3"},
		{"garbage stops the walk", proxies, "10.1.2.3:5000", []string{"198.51.100.1, nonsense"}, "10.1.2.3"},
		{"IPv6 loopback proxy", proxies, "[::1]:5000", []string{"2001:db8::1"}, "2001:db8::1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &Server{cfg: config.Config{Reliability: config.Reliability{TrustedProxies: tc.trusted}}}
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.remote
			for _, v := range tc.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := s.clientIP(r); got != tc.want {
				t.Fatalf("clientIP = %s, want %s", got, tc.want)
			}
		})
	}
}
