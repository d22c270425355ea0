package httpapi

import (
	"net/http"
	"time"

	"github.com/crebit/crebit/internal/ratelimit"
)

// limit is how many calls of one kind a browser session and a client IP
// may make per window. Each is set well above what a family paying
// tuition does (a few payments, retrying a few times, polling status while
// they wait), and far below the abuse measured in issue 10 (thousands of
// KYC calls, tens of thousands of stored e-mails, thousands of sandbox
// triggers in 10 s from one client). Per-IP limits are higher than
// per-session ones because a school or a family shares one address.
type limit struct {
	name       string
	perSession int
	perIP      int
	window     time.Duration
	message    string
}

// The limits, one per abusable call. CREBIT_RATE_LIMIT_SCALE multiplies
// them all (README, "Rate limits").
var (
	limitCustomer = limit{"customer", 10, 30, time.Hour,
		"Too many identity checks from this browser. Please wait a while and try again, or contact support."}
	limitAccount = limit{"external_account", 10, 30, time.Hour,
		"Too many bank accounts added from this browser. Please wait a while and try again."}
	limitQuote = limit{"quote", 120, 600, time.Hour,
		"Too many quotes requested. Please wait a few minutes and try again."}
	limitRate = limit{"rate", 600, 3000, time.Hour,
		"Too many rate requests. Please wait a few minutes and try again."}
	limitPayment = limit{"payment", 20, 60, time.Hour,
		"Too many payment attempts. Please wait a while and try again, or contact support."}
	limitReferral = limit{"referral", 20, 60, time.Hour,
		"Too many referrals sent. Please try again later."}
	limitSignup = limit{"signup", 5, 20, time.Hour,
		"Too many accounts created from this connection. Please try again later."}
	limitSubscribe = limit{"subscribe", 5, 20, time.Hour,
		"Too many sign-ups from this connection. Please try again later."}
	limitStatus = limit{"status", 3000, 12000, time.Hour,
		"Too many status requests. Please wait a minute and try again."}
	limitTrigger = limit{"trigger", 120, 240, time.Hour,
		"Too many simulated events. Please wait a while and try again."}
)

// limited refuses a call with 429 and Retry-After once the caller's
// session or IP has used its allowance; counters are in the database, so
// they hold across instances.
func (s *Server) limited(l limit, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		keys := []struct {
			key   string
			limit int
		}{{l.name + ":ip:" + s.clientIP(r), l.perIP}}
		if who := actor(r); who.SessionID != "" {
			keys = append(keys, struct {
				key   string
				limit int
			}{l.name + ":session:" + who.SessionID, l.perSession})
		}
		for _, k := range keys {
			ok, wait, err := s.limits.Allow(r.Context(), k.key, k.limit, l.window)
			if err != nil {
				writeError(w, r, err)
				return
			}
			if !ok {
				writeError(w, r, ratelimit.RateLimited(wait, l.message))
				return
			}
		}
		next(w, r)
	}
}
