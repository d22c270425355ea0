// Package httpapi is Crebit's HTTP layer: the JSON API under /api/, the
// embedded web app, health checks, and the middleware every request passes
// (request id and log line, panic recovery, security headers, compression,
// cross-origin protection, sessions). Handlers decode, validate, make one
// service call and encode; they hold no SQL.
package httpapi

import (
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"github.com/crebit/crebit/internal/accounts"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/dashboard"
	"github.com/crebit/crebit/internal/metrics"
	"github.com/crebit/crebit/internal/onboarding"
	"github.com/crebit/crebit/internal/ops"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/ratelimit"
	"github.com/crebit/crebit/internal/rates"
	"github.com/crebit/crebit/internal/referrals"
	"github.com/crebit/crebit/internal/scholarships"
	"github.com/crebit/crebit/internal/support"
)

// Deps are what the server is built from.
type Deps struct {
	Config config.Config
	Log    *slog.Logger
	Now    func() time.Time // the clock; tests move it
	Static fs.FS            // the built web app
	// The use cases, one per capability; a handler calls the one it needs.
	Accounts     *accounts.Service
	Onboarding   *onboarding.Service
	Payments     *payments.Service
	Dashboard    *dashboard.Service
	Referrals    *referrals.Service
	Scholarships *scholarships.Service
	Ops          *ops.Service
	Outbox       *outbox.Outbox     // the local mailbox's pages
	Limits       *ratelimit.Limiter // rate limits on the public endpoints
	// BlindPaySandbox, when set, is the embedded BlindPay-compatible
	// sandbox, mounted at /bpsandbox/: its API on loopback only, its terms
	// page for any browser (the payer opens it).
	BlindPaySandbox http.Handler
	// WebhookBase is the origin the partner delivers events to.
	WebhookBase string
	// Metrics counts requests by route pattern (optional).
	Metrics *metrics.Metrics
	// Support is the support conversations (issue 30 item 5); nil leaves
	// their routes out.
	Support *support.Service
	// Rates is the corridors' indicative rates (GET /api/rates).
	Rates *rates.Book
}

// Server is the whole HTTP surface as one http.Handler.
type Server struct {
	cfg          config.Config
	log          *slog.Logger
	now          func() time.Time
	accounts     *accounts.Service
	dashboard    *dashboard.Service
	ops          *ops.Service
	outbox       *outbox.Outbox
	limits       *ratelimit.Limiter
	referrals    *referrals.Service
	onboarding   *onboarding.Service
	payments     *payments.Service
	scholarships *scholarships.Service
	support      *support.Service
	https        bool
	webhookBase  string
	handler      http.Handler
	closing      chan struct{} // closed at shutdown: live streams end
	closeOnce    sync.Once
	heartbeat    atomic.Int64 // nanoseconds between heartbeats of an idle live stream
	streams      streamCap    // open live streams per session and client address
	rates        *rates.Book
}

// NewServer wires the routes and middleware.
func NewServer(d Deps) *Server {
	s := &Server{
		cfg:          d.Config,
		log:          d.Log,
		now:          d.Now,
		accounts:     d.Accounts,
		dashboard:    d.Dashboard,
		ops:          d.Ops,
		outbox:       d.Outbox,
		limits:       d.Limits,
		referrals:    d.Referrals,
		onboarding:   d.Onboarding,
		payments:     d.Payments,
		scholarships: d.Scholarships,
		support:      d.Support,
		rates:        d.Rates,
		https:        strings.HasPrefix(d.Config.BaseURL, "https://"),
		webhookBase:  d.WebhookBase,
		closing:      make(chan struct{}),
	}
	s.heartbeat.Store(int64(heartbeatEvery))
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}

	api := http.NewServeMux()
	s.apiRoutes(api)

	root := http.NewServeMux()
	root.Handle("/api/", sameOrigin(d.Config.BaseURL, s.withSession(apiFallback(api))))
	root.HandleFunc("GET /healthz", s.handleHealthz)
	root.HandleFunc("GET /readyz", s.handleReadyz)
	if d.BlindPaySandbox != nil {
		root.Handle("/bpsandbox/", s.loopbackOnly(d.BlindPaySandbox))
		root.Handle("/bpsandbox/e/terms-of-service", d.BlindPaySandbox)
	}
	root.Handle("/", newStatic(d.Static))

	gz, err := gzhttp.NewWrapper(gzhttp.MinSize(512), gzhttp.ContentTypes([]string{
		"text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
		"application/json", "image/svg+xml", "application/manifest+json",
	}))
	if err != nil {
		panic(err) // static options; cannot fail
	}
	route := func(r *http.Request) string {
		mux := root
		if strings.HasPrefix(r.URL.Path, "/api/") {
			mux = api
		}
		_, pattern := mux.Handler(r)
		return pattern
	}
	s.handler = observe(s.log, d.Metrics, route, securityHeaders(s.https, gz(root)))
	return s
}

// ServeHTTP makes Server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// apiFallback answers unknown /api/ paths with a JSON 404 and known paths
// with the wrong method with a JSON 405 (plus Allow), instead of the mux's
// plain-text pages.
func apiFallback(api *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := api.Handler(r)
		if pattern != "" {
			api.ServeHTTP(w, r) // (not h: only the mux fills in path values)
			return
		}
		probe := &headerProbe{header: http.Header{}}
		h.ServeHTTP(probe, r)
		if probe.status == http.StatusMethodNotAllowed {
			w.Header().Set("Allow", probe.header.Get("Allow"))
			writeRefusal(w, r, http.StatusMethodNotAllowed, apperr.E(apperr.MethodNotAllowed, "route",
				"method", r.Method, "path", r.URL.Path, "allow", probe.header.Get("Allow")))
			return
		}
		writeNoSuchRoute(w, r)
	})
}

// headerProbe records what the mux's own 404/405 handler would answer.
type headerProbe struct {
	header http.Header
	status int
}

func (p *headerProbe) Header() http.Header         { return p.header }
func (p *headerProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *headerProbe) WriteHeader(code int)        { p.status = code }
