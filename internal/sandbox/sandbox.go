// Package sandbox is the embedded sandbox partner: a stand-in for the real
// provider, served by the same binary under /sandbox/v1 with its own tables,
// that Crebit reaches over HTTP through partner.Client exactly as it would a
// real provider. It approves KYC (with test values that reject or hold for
// review), issues wallets, quotes from configured rates, opens Pix pay-ins
// with a valid dynamic BR Code and SPEI pay-ins with their own CLABE, and
// moves pay-ins through their stages by sending Standard Webhooks-signed
// events, retried with backoff until acknowledged.
//
// Test values (documented in the README):
//   - last name "Rejected": KYC is rejected;
//   - last name "Review": KYC is held for review;
//   - CREBIT_SANDBOX_FAIL_QUOTES=true: every quote request fails with 503.
package sandbox

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/store"
)

// Sandbox is the sandbox partner's state and configuration.
type Sandbox struct {
	db      *store.DB
	queue   *jobs.Queue
	cfg     config.Sandbox
	apiKey  string
	pixHost string // host used in the BR Code's payload location
	now     func() time.Time
	log     *slog.Logger
	client  *http.Client // delivers webhooks

	localReceiver atomic.Value // string: this instance's own webhook receiver (see SetLocalReceiver)
}

// SetLocalReceiver tells the sandbox where this instance receives webhooks.
// Several instances share one database, one registered endpoint and one
// job queue; an event is delivered by whichever instance runs its delivery
// job, to its own receiver when the registered endpoint is on loopback (the
// embedded sandbox's case): every instance then takes its share, and a
// healthy one (the one running the job) always answers, instead of every
// event going to the instance that registered last.
func (s *Sandbox) SetLocalReceiver(url string) { s.localReceiver.Store(url) }

// New returns a sandbox and registers its jobs on queue (before queue.Init).
func New(db *store.DB, queue *jobs.Queue, cfg config.Sandbox, apiKey, pixHost string, now func() time.Time, log *slog.Logger) *Sandbox {
	s := &Sandbox{db: db, queue: queue, cfg: cfg, apiKey: apiKey, pixHost: pixHost, now: now,
		log: log.With("component", "sandbox"), client: &http.Client{Timeout: 10 * time.Second, Transport: partner.Transport()}}
	jobs.Register(queue, &deliverWorker{s: s})
	jobs.Register(queue, &advanceWorker{s: s})
	jobs.Register(queue, &cleanupWorker{s: s})
	queue.Periodic(time.Hour, func() river.JobArgs { return cleanupArgs{} })
	return s
}

// Handler serves the sandbox API under /sandbox/v1/.
func (s *Sandbox) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /sandbox/v1/customers", s.post(s.createCustomer))
	mux.HandleFunc("POST /sandbox/v1/customers/{id}/wallets", s.post(s.createWallet))
	mux.HandleFunc("POST /sandbox/v1/customers/{id}/external-accounts", s.post(s.createExternalAccount))
	mux.HandleFunc("POST /sandbox/v1/quotes", s.post(s.createQuote))
	mux.HandleFunc("POST /sandbox/v1/payins", s.post(s.createPayin))
	mux.HandleFunc("GET /sandbox/v1/payins", s.findPayin)
	mux.HandleFunc("POST /sandbox/v1/payins/{id}/refund", s.post(s.refundPayin))
	mux.HandleFunc("POST /sandbox/v1/payins/{id}/cancel", s.post(s.cancelPayin))
	mux.HandleFunc("POST /sandbox/v1/payins/{id}/simulate", s.post(s.simulate))
	mux.HandleFunc("POST /sandbox/v1/webhook-endpoint", s.post(s.setWebhookEndpoint))
	mux.HandleFunc("/sandbox/", func(w http.ResponseWriter, r *http.Request) {
		writeErr(w, &apiError{http.StatusNotFound, "not_found", "no such sandbox endpoint"})
	})
	return s.authenticate(mux)
}

// apiError is a sandbox refusal: status, machine code and text.
type apiError struct {
	status  int
	code    string
	message string
}

func (e *apiError) Error() string { return e.code + ": " + e.message }

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

func writeErr(w http.ResponseWriter, e *apiError) {
	b, _ := json.Marshal(map[string]string{"error": e.message, "code": e.code})
	writeJSON(w, e.status, b)
}

// authenticate requires the API key as a bearer token.
func (s *Sandbox) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(s.apiKey)) != 1 {
			writeErr(w, &apiError{http.StatusUnauthorized, "unauthorized", "missing or invalid API key"})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// handlerFunc does one sandbox operation inside the request's transaction.
type handlerFunc func(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (status int, resp any, err error)

// post wraps a handler with Idempotency-Key semantics: the first successful
// response under a key is stored in the same transaction as the work, and a
// repeat with the same body gets it back unchanged (a different body is
// refused), so a client's retry never does the work twice.
func (s *Sandbox) post(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		if key == "" || len(key) > 200 {
			writeErr(w, &apiError{http.StatusBadRequest, "idempotency_key_required", "an Idempotency-Key header of at most 200 characters is required"})
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
		if err != nil {
			writeErr(w, &apiError{http.StatusRequestEntityTooLarge, "too_large", "body too large"})
			return
		}
		sum := sha256.Sum256(body)
		hash := hex.EncodeToString(sum[:])
		path := r.URL.Path
		var status int
		var out []byte
		err = s.db.Tx(r.Context(), func(tx *store.Tx) error {
			storedHash, storedStatus, storedBody, err := tx.SandboxIdempotentResponse(r.Context(), key, path)
			switch {
			case err == nil:
				if storedHash != hash {
					return &apiError{http.StatusUnprocessableEntity, "idempotency_key_reused", "this Idempotency-Key was used with a different request"}
				}
				status, out = storedStatus, []byte(storedBody)
				return nil
			case !errors.Is(err, store.ErrNotFound):
				return err
			}
			st, resp, err := h(r.Context(), tx, r, body)
			if err != nil {
				return err
			}
			if out, err = json.Marshal(resp); err != nil {
				return err
			}
			status = st
			return tx.SandboxSaveIdempotentResponse(r.Context(), key, path, hash, status, string(out), s.now().UTC())
		})
		var ae *apiError
		switch {
		case err == nil:
			writeJSON(w, status, out)
		case errors.As(err, &ae):
			writeErr(w, ae)
		case errors.Is(err, store.ErrConflict):
			writeErr(w, &apiError{http.StatusConflict, "conflict", "a request with this Idempotency-Key is already in progress"})
		default:
			s.log.Error("sandbox request failed", "path", path, "err", err)
			writeErr(w, &apiError{http.StatusInternalServerError, "internal", "internal error"})
		}
	}
}

// decode reads a JSON body strictly.
func decode(body []byte, dst any) error {
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return &apiError{http.StatusBadRequest, "invalid_request", "invalid JSON: " + err.Error()}
	}
	return nil
}

func invalid(msg string) error { return &apiError{http.StatusBadRequest, "invalid_request", msg} }

// cleanupArgs is the sandbox's hourly housekeeping.
type cleanupArgs struct{}

func (cleanupArgs) Kind() string { return "sandbox_cleanup" }

type cleanupWorker struct {
	river.WorkerDefaults[cleanupArgs]
	s *Sandbox
}

// Work forgets idempotency records and quotes older than a day, as
// providers do (keys are only honoured for 24 hours).
func (w *cleanupWorker) Work(ctx context.Context, job *river.Job[cleanupArgs]) error {
	cutoff := w.s.now().UTC().Add(-24 * time.Hour)
	return w.s.db.Tx(ctx, func(tx *store.Tx) error { return tx.SandboxForget(ctx, cutoff) })
}
