package httpapi

import (
	"net/http"
	"time"

	"github.com/crebit/crebit/internal/apperr"
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
	refusal    *apperr.Error // the 429's words (rate_limited.<name>)
}

// The limits, one per abusable call. CREBIT_RATE_LIMIT_SCALE multiplies
// them all (README, "Rate limits").
var (
	limitCustomer = limit{"customer", 10, 30, time.Hour,
		apperr.E(apperr.RateLimited, "customer")}
	limitAccount = limit{"external_account", 10, 30, time.Hour,
		apperr.E(apperr.RateLimited, "external_account")}
	limitQuote = limit{"quote", 120, 600, time.Hour,
		apperr.E(apperr.RateLimited, "quote")}
	limitRate = limit{"rate", 600, 3000, time.Hour,
		apperr.E(apperr.RateLimited, "rate")}
	limitPayment = limit{"payment", 20, 60, time.Hour,
		apperr.E(apperr.RateLimited, "payment")}
	limitReferral = limit{"referral", 20, 60, time.Hour,
		apperr.E(apperr.RateLimited, "referral")}
	limitSignup = limit{"signup", 5, 20, time.Hour,
		apperr.E(apperr.RateLimited, "signup")}
	limitSubscribe = limit{"subscribe", 5, 20, time.Hour,
		apperr.E(apperr.RateLimited, "subscribe")}
	limitStatus = limit{"status", 3000, 12000, time.Hour,
		apperr.E(apperr.RateLimited, "status")}
	limitTrigger = limit{"trigger", 120, 240, time.Hour,
		apperr.E(apperr.RateLimited, "trigger")}
)

// limited refuses a call with 429 and Retry-After once the caller's
// session or IP has used its allowance; counters are in the database, so
// they hold across instances. Both counters take one statement (AllowAll),
// and a call one of them refuses counts in neither.
func (s *Server) limited(l limit, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		keys := []ratelimit.Key{{Name: l.name + ":ip:" + s.clientIP(r), Limit: l.perIP}}
		if who := actor(r); who.SessionID != "" {
			keys = append(keys, ratelimit.Key{Name: l.name + ":session:" + who.SessionID, Limit: l.perSession})
		}
		ok, wait, err := s.limits.AllowAll(r.Context(), l.window, keys...)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if !ok {
			writeError(w, r, ratelimit.RateLimited(wait, l.refusal))
			return
		}
		next(w, r)
	}
}
