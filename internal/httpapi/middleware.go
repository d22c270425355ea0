package httpapi

import (
	"cmp"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/httpapi/httpx"
	"github.com/crebit/crebit/internal/metrics"

	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"
)

// contentSecurityPolicy allows only our own scripts (no inline script), our
// styles (inline style attributes are used by the UI primitives), images
// from us or data: URLs (the QR code), and no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every response carries.
func securityHeaders(https bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if https {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// statusWriter remembers the status and size for the request log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// requestID reuses a sane incoming X-Request-Id or makes one.
func requestID(r *http.Request) string {
	if id := r.Header.Get("X-Request-Id"); id != "" && len(id) <= 64 && strings.IndexFunc(id, func(c rune) bool {
		return !(c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
	}) < 0 {
		return id
	}
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// observe gives each request an id and a logger, recovers panics into a
// 500 {"error": "internal error"}, and logs one line per request. Query
// strings are not logged: they may carry identifiers.
func observe(base *slog.Logger, m *metrics.Metrics, route func(*http.Request) string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := requestID(r)
		w.Header().Set("X-Request-Id", id)
		log := base.With("request_id", id)
		r = r.WithContext(httpx.WithLogger(r.Context(), log))
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Error("panic", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				if sw.status == 0 {
					writeRefusal(sw, r, http.StatusInternalServerError, apperr.E(apperr.Internal, "plain"))
				}
			}
			level := slog.LevelInfo
			if sw.status >= 500 {
				level = slog.LevelError
			} else if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" || strings.HasPrefix(r.URL.Path, "/assets/") ||
				strings.HasPrefix(r.URL.Path, "/bpsandbox/") {
				level = slog.LevelDebug
			}
			log.Log(r.Context(), level, "http request", "method", r.Method, "path", r.URL.Path,
				"status", sw.status, "bytes", sw.bytes, "duration_ms", time.Since(start).Milliseconds())
			if m != nil {
				m.Request(r.Method, route(r), cmp.Or(sw.status, http.StatusOK), time.Since(start))
			}
		}()
		next.ServeHTTP(sw, r)
	})
}

// Flush passes a flush down (the compression wrapper above calls it as an
// http.Flusher), so streamed answers such as live status events leave at once.
func (w *statusWriter) Flush() { _ = http.NewResponseController(w.ResponseWriter).Flush() }
