package config

import (
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Reliability holds the settings of issue 10: recovery, rate limits,
// trusted proxies, metrics and the sandbox guard.
type Reliability struct {
	// AllowSandbox lets the sandbox partner run behind a CREBIT_BASE_URL
	// that is not loopback (whatever its scheme); without it the server
	// refuses to start, so a production site cannot take fake money by
	// mistake. Even then the sandbox's own surfaces (the mailbox, the
	// simulation, the partner API) answer only loopback clients.
	AllowSandbox bool
	// EncryptionKeyFile names a file holding the encryption key, so the key
	// can live on another volume than the data it seals.
	EncryptionKeyFile string
	// RecoverAfter is how old a payment still in created must be before the
	// recovery sweep asks the partner what became of it.
	RecoverAfter time.Duration
	// RescueAfter is how long a job may stay running before River takes it
	// for crashed and runs it again; jobs time out a little before.
	RescueAfter time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed; empty means the connection's address is the client's.
	TrustedProxies []netip.Prefix
	// RateLimitScale multiplies every limit; 0 turns limits off.
	RateLimitScale int
	// MetricsAddr is where /metrics listens; empty turns it off.
	MetricsAddr string
}

func parseReliability(get func(string) string, bad func(string, string, ...any)) Reliability {
	r := Reliability{EncryptionKeyFile: get("CREBIT_ENCRYPTION_KEY_FILE"), MetricsAddr: get("CREBIT_METRICS_ADDR")}
	if b, err := strconv.ParseBool(get("CREBIT_ALLOW_SANDBOX")); err != nil {
		bad("CREBIT_ALLOW_SANDBOX", "must be true or false (or 1 or 0), got %q", get("CREBIT_ALLOW_SANDBOX"))
	} else {
		r.AllowSandbox = b
	}
	r.RecoverAfter = duration(get, "CREBIT_RECOVER_AFTER", time.Second, time.Hour, bad)
	r.RescueAfter = duration(get, "CREBIT_RESCUE_AFTER", 5*time.Second, time.Hour, bad)
	for _, part := range strings.Split(get("CREBIT_TRUSTED_PROXIES"), ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			if a, err2 := netip.ParseAddr(part); err2 == nil {
				p, err = a.Prefix(a.BitLen())
			}
		}
		if err != nil {
			bad("CREBIT_TRUSTED_PROXIES", "must be comma-separated CIDRs such as 10.0.0.0/8, got %q", part)
			continue
		}
		r.TrustedProxies = append(r.TrustedProxies, p.Masked())
	}
	if n, err := strconv.Atoi(get("CREBIT_RATE_LIMIT_SCALE")); err != nil || n < 0 || n > 1000 {
		bad("CREBIT_RATE_LIMIT_SCALE", "must be a whole number from 0 to 1000, got %q", get("CREBIT_RATE_LIMIT_SCALE"))
	} else {
		r.RateLimitScale = n
	}
	if r.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(r.MetricsAddr); err != nil || port == "" {
			bad("CREBIT_METRICS_ADDR", "must be host:port such as 127.0.0.1:9090, got %q", r.MetricsAddr)
		}
	}
	return r
}

// PublicBaseURL reports whether base names a host other than localhost or
// a loopback address, whatever its scheme: a site others can reach.
func PublicBaseURL(base string) bool {
	u, err := url.Parse(base)
	if err != nil || u.Hostname() == "" {
		return false
	}
	return !LoopbackHost(u.Hostname())
}

// LoopbackHost reports whether host is localhost (or a name under it) or a
// loopback address.
func LoopbackHost(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && a.IsLoopback()
}
