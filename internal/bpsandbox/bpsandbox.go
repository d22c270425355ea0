// Package bpsandbox is an embedded stand-in for a BlindPay development
// instance (issue 28): an http.Handler that answers the subset of BlindPay's
// API v1 Crebit uses with BlindPay's paths, fields, id prefixes, statuses,
// error envelope and svix-signed webhooks, keeping its state in its own
// tables (bpsandbox_*). Facts come from docs/BLINDPAY.md and the vendor's
// OpenAPI document (internal/partner/blindpay/testdata/openapi.json), against
// which the tests validate every answer.
//
// It serves, relative to where it is mounted (for example behind
// http.StripPrefix("/bpsandbox", h)):
//
//	POST /v1/e/instances/{instance_id}/tos                     terms-of-service URL
//	GET|POST /e/terms-of-service                               the payer's accept page (HTML)
//	POST|GET /v1/instances/{instance_id}/customers             create, list
//	GET|PUT /v1/instances/{instance_id}/customers/{id}, GET …/limits/customers/{id}
//	POST|GET …/customers/{customer_id}/bank-accounts, GET …/bank-accounts/{id}
//	POST|GET …/customers/{customer_id}/wallets, GET …/wallets/{id}, GET …/wallets/{id}/balance
//	POST /v1/instances/{instance_id}/payin-quotes, POST …/payin-quotes/fx
//	POST /v1/instances/{instance_id}/payins/evm, GET …/payins, GET …/payins/{id}, GET /v1/e/payins/{id}
//	POST /v1/instances/{instance_id}/quotes, POST …/quotes/fx
//	POST /v1/instances/{instance_id}/payouts/evm, GET …/payouts, GET …/payouts/{id}, GET /v1/e/payouts/{id}
//	POST|GET /v1/instances/{instance_id}/webhook-endpoints, DELETE …/{id}, GET …/{id}/secret
//	POST /simulate/{kind}/{id}                                 the Simulate panel (not BlindPay's)
//
// Behaviour of a development instance [docs/BLINDPAY.md §13], each delay
// configurable (Config):
//   - KYC: a new customer is "verifying" and becomes "approved" after
//     KYCDelay, with a customer.update event. Test values: first name "Fail"
//     (the vendor's) or last name "Rejected" (today's sandbox) → "rejected";
//     last name "Review" → stays "verifying" as under manual review, until
//     Simulate decides.
//   - Payins: "processing" at creation (payin.new); the deposit arrives
//     after PayinDelay (payin.update), then "completed" after StepDelay
//     (payin.complete) and the wallet is credited. The quote's
//     request_amount 66600 fails the payin, 77700 refunds it.
//   - Payouts: "processing" at creation with the tokens taken from the
//     managed wallet (payout.new); "on_hold" after PayoutDelay, back to
//     "processing" (sent) and then "completed" after StepDelay each
//     (payout.update, payout.update, payout.complete). 66600 fails it, 77700
//     refunds it (tokens back to the wallet).
//
// Where the sources leave a point open (docs/BLINDPAY.md, "Open
// questions"), the sandbox chooses, and says so here: expires_at is epoch
// milliseconds; quotations are plain decimals (5.39, not 539); customer
// limits are whole US dollars; an Idempotency-Key is scoped to the instance
// and covers method, path and the body's bytes; its two errors carry the
// documented legacy messages (422 idempotency_key_payload_mismatch, 409
// idempotency_key_in_flight) and no code, none being documented; only 2xx
// answers are stored for replay. Webhook URLs may be http and on loopback
// (BlindPay requires https and public addresses). Deliveries are not
// ordered, as with Svix. Only individuals, US bank accounts (ach, wire,
// rtp), managed wallets (bl_) and Pix/SPEI payins are taken; customers,
// bank accounts and wallets cannot be deleted.
//
// For tests: Config.CheckRequest (the vendor's document, package bpspec)
// refuses requests that break it; RateLimit answers 429; FailQuotes makes
// rates unavailable; LoseWebhooks drops events for reconciliation tests;
// Simulate moves anything; the injected clock moves quote expiry and
// webhook timestamps.
package bpsandbox

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
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/bpsandbox/bphook"
	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
)

// Config is one sandbox instance's identity, prices and timing.
type Config struct {
	InstanceID string // "in_" + 12 characters; other instance ids answer 404 INSTANCES_NOT_FOUND
	APIKey     string // the bearer token every /v1/instances/ call must carry

	// PublicURL is where the handler is reached from a browser, its mount
	// prefix included (e.g. http://localhost:8080/bpsandbox): the terms
	// page's URL is built from it.
	PublicURL string
	// PixHost is the host (no scheme) in the dynamic BR Code's location;
	// empty takes PublicURL's host.
	PixHost string

	Token    string   // the stablecoin the instance handles: "USDB" on development
	Networks []string // networks a managed wallet may use

	// Commercial quotations: local currency per token unit (BRL, MXN) and
	// USD per token unit on payouts, as exact decimals.
	BRLQuotation, MXNQuotation, USDQuotation string
	SpreadBps                                int64 // blindpay_quotation's margin over the commercial one
	FeeBps                                   int64 // percentage fee on the token amount, in basis points
	FlatFee                                  int64 // flat fee in the token's minor units
	QuoteTTL                                 time.Duration

	// Automatic progression, like a development instance; 0 turns a step
	// off (only Simulate moves it then).
	KYCDelay    time.Duration // verifying → approved/rejected
	PayinDelay  time.Duration // payin created → deposit received
	PayoutDelay time.Duration // payout created → on_hold
	StepDelay   time.Duration // every later step

	// RetrySchedule is the wait before each retry of a webhook delivery
	// (Svix's: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); its length bounds
	// the attempts.
	RetrySchedule   []time.Duration
	DeliveryTimeout time.Duration // a 2xx must come within it (Svix: 15 s)

	// RateLimit is the requests per minute an API key may make (a
	// development instance allows 40 [docs/BLINDPAY.md §10]); beyond it,
	// 429 AUTH_RATE_LIMITED with Retry-After. 0: no limit.
	RateLimit int
	// FailQuotes answers every quote and FX request with
	// QUOTES_RATE_UNAVAILABLE, to exercise a client's retries.
	FailQuotes bool

	// CheckRequest, when set, checks every API request (path relative to
	// the mount point, query included) before it runs; a refusal is 400
	// VALIDATION_FAILED with the reason in errors. Tests set it to the
	// vendor's OpenAPI document (package bpspec), making the sandbox a
	// check on the client's requests.
	CheckRequest func(r *http.Request, body []byte) error
}

// DefaultConfig returns a development instance's documented behaviour:
// USDB, a 5-minute quote, KYC decided in seconds, payins completing about
// 30 s after creation, payouts a few seconds after, Svix's retry schedule.
func DefaultConfig() Config {
	return Config{
		InstanceID: "in_000000000000", Token: "USDB",
		Networks:     []string{"base_sepolia", "sepolia", "arbitrum_sepolia", "polygon_amoy"},
		BRLQuotation: "5.39", MXNQuotation: "18.45", USDQuotation: "0.999",
		SpreadBps: 100, FeeBps: 50, FlatFee: 50, QuoteTTL: 5 * time.Minute,
		KYCDelay: 5 * time.Second, PayinDelay: 25 * time.Second, PayoutDelay: 3 * time.Second, StepDelay: 3 * time.Second,
		RetrySchedule: []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour,
			5 * time.Hour, 10 * time.Hour, 10 * time.Hour},
		DeliveryTimeout: 15 * time.Second,
	}
}

// Sandbox is a BlindPay development instance's state and configuration.
type Sandbox struct {
	db    *store.DB
	queue *jobs.Queue
	cfg   Config
	now   func() time.Time
	log   *slog.Logger
	rates rates
	hooks *bphook.Hooks

	ctx    context.Context // ended by Close: in-process timers stop
	cancel context.CancelFunc

	limit struct { // RateLimit's fixed one-minute window
		sync.Mutex
		start time.Time
		count int
	}
}

// SetLocalReceiver tells the sandbox where this process receives webhooks.
// When several Crebit instances share one database, its endpoint and its
// job queue, an event is delivered by whichever instance runs the job: to
// its own receiver when the registered endpoint is on loopback (the
// embedded case), as internal/sandbox does, so that a healthy instance
// always answers.
func (s *Sandbox) SetLocalReceiver(url string) { s.hooks.SetLocalReceiver(url) }

// LoseWebhooks makes the next n events be recorded but never delivered, as
// a webhook lost on the way, so that a client's reconciliation by polling
// can be tested.
func (s *Sandbox) LoseWebhooks(n int) { s.hooks.Lose(n) }

// rateLimited counts a request against RateLimit and says how long to wait
// when it is over.
func (s *Sandbox) rateLimited() (time.Duration, bool) {
	if s.cfg.RateLimit <= 0 {
		return 0, false
	}
	s.limit.Lock()
	defer s.limit.Unlock()
	now := s.now()
	if now.Sub(s.limit.start) >= time.Minute {
		s.limit.start, s.limit.count = now, 0
	}
	s.limit.count++
	return s.limit.start.Add(time.Minute).Sub(now), s.limit.count > s.cfg.RateLimit
}

// New returns a sandbox and registers its jobs on queue (call before
// queue.Init). It fails on an incomplete configuration or rates that do
// not parse.
func New(db *store.DB, queue *jobs.Queue, cfg Config, now func() time.Time, log *slog.Logger) (*Sandbox, error) {
	if len(cfg.InstanceID) != 15 || !strings.HasPrefix(cfg.InstanceID, "in_") || cfg.APIKey == "" || cfg.PublicURL == "" || cfg.Token == "" {
		return nil, errors.New("bpsandbox: the configuration needs an instance id (in_ and 12 characters), an API key, a public URL and a token")
	}
	r, err := parseRates(cfg)
	if err != nil {
		return nil, err
	}
	if len(cfg.RetrySchedule) == 0 {
		cfg.RetrySchedule = DefaultConfig().RetrySchedule
	}
	if cfg.DeliveryTimeout <= 0 {
		cfg.DeliveryTimeout = 15 * time.Second
	}
	if cfg.QuoteTTL <= 0 {
		cfg.QuoteTTL = 5 * time.Minute
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Sandbox{db: db, queue: queue, cfg: cfg, now: now, log: log.With("component", "bpsandbox"), rates: r, ctx: ctx, cancel: cancel,
		hooks: bphook.New(db, queue, cfg.InstanceID, cfg.RetrySchedule, cfg.DeliveryTimeout, now)}
	jobs.Register(queue, &advanceWorker{s: s})
	jobs.Register(queue, &cleanupWorker{s: s})
	queue.Periodic(time.Hour, func() river.JobArgs { return cleanupArgs{} })
	return s, nil
}

// Close stops the in-process timers; the scheduled jobs stay in the
// database and take each step when their queue runs again.
func (s *Sandbox) Close() { s.cancel() }

// Handler serves the sandbox's API, its terms page and the Simulate endpoint.
func (s *Sandbox) Handler() http.Handler {
	mux := http.NewServeMux()
	const in = "/v1/instances/{instance_id}"
	api := func(pattern string, h apiFunc) { mux.Handle(pattern, s.authenticate(s.serve(h))) }
	api("POST "+in+"/customers", s.createCustomer)
	api("GET "+in+"/customers", s.listCustomers)
	api("GET "+in+"/customers/{id}", s.getCustomer)
	api("PUT "+in+"/customers/{id}", s.updateCustomer)
	api("GET "+in+"/limits/customers/{id}", s.customerLimits)
	api("POST "+in+"/customers/{customer_id}/bank-accounts", s.createBankAccount)
	api("GET "+in+"/customers/{customer_id}/bank-accounts", s.listBankAccounts)
	api("GET "+in+"/customers/{customer_id}/bank-accounts/{id}", s.getBankAccount)
	api("POST "+in+"/customers/{customer_id}/wallets", s.createWallet)
	api("GET "+in+"/customers/{customer_id}/wallets", s.listWallets)
	api("GET "+in+"/customers/{customer_id}/wallets/{id}", s.getWallet)
	api("GET "+in+"/customers/{customer_id}/wallets/{id}/balance", s.walletBalance)
	api("POST "+in+"/payin-quotes", s.createPayinQuote)
	api("POST "+in+"/payin-quotes/fx", s.payinFX)
	api("POST "+in+"/payins/evm", s.createPayin)
	api("GET "+in+"/payins", s.listTransfers(kindPayin))
	api("GET "+in+"/payins/{id}", s.getTransfer(kindPayin))
	api("POST "+in+"/quotes", s.createPayoutQuote)
	api("POST "+in+"/quotes/fx", s.payoutFX)
	api("POST "+in+"/payouts/evm", s.createPayout)
	api("GET "+in+"/payouts", s.listTransfers(kindPayout))
	api("GET "+in+"/payouts/{id}", s.getTransfer(kindPayout))
	api("POST "+in+"/webhook-endpoints", s.hooks.CreateEndpoint)
	api("GET "+in+"/webhook-endpoints", s.hooks.ListEndpoints)
	api("DELETE "+in+"/webhook-endpoints/{id}", s.hooks.DeleteEndpoint)
	api("GET "+in+"/webhook-endpoints/{id}/secret", s.hooks.EndpointSecret)
	// The external routes: terms initiation checks the instance, not the key
	// (the docs call /v1/e/* unauthenticated); tracking reads are public.
	mux.Handle("POST /v1/e/instances/{instance_id}/tos", s.instance(s.serve(s.initiateTos)))
	mux.Handle("GET /v1/e/payins/{id}", s.serve(s.getTransfer(kindPayin)))
	mux.Handle("GET /v1/e/payouts/{id}", s.serve(s.getTransfer(kindPayout)))
	mux.HandleFunc("GET /e/terms-of-service", s.tosPage)
	mux.HandleFunc("POST /e/terms-of-service", s.tosAccept)
	mux.Handle("POST /simulate/{kind}/{id}", s.bearer(http.HandlerFunc(s.simulateHTTP)))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		bpwire.Write(w, r, &bpwire.Error{Code: "", Status: http.StatusNotFound, Message: "not_found", Description: "No such endpoint."})
	})
	return bpwire.Profiled(mux)
}

// apiFunc does one operation, inside a transaction when it writes: it
// returns the status and the value to encode, or an error (an *bpwire.Error is
// answered as BlindPay would, anything else is a 500).
type apiFunc func(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error)

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

// authenticate requires the API key as a bearer token (401
// AUTH_UNAUTHORIZED), counts the request against RateLimit (429
// AUTH_RATE_LIMITED), then requires the instance (404 INSTANCES_NOT_FOUND).
func (s *Sandbox) authenticate(next http.Handler) http.Handler {
	return s.bearer(s.limited(s.instance(next)))
}

func (s *Sandbox) limited(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if wait, over := s.rateLimited(); over {
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
			bpwire.Write(w, r, bpwire.Fail("AUTH_RATE_LIMITED"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Sandbox) bearer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || s.cfg.APIKey == "" || subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.APIKey)) != 1 {
			bpwire.Write(w, r, bpwire.Fail("AUTH_UNAUTHORIZED"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Sandbox) instance(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("instance_id") != s.cfg.InstanceID {
			bpwire.Write(w, r, bpwire.Fail("INSTANCES_NOT_FOUND"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// errInFlight: the request that claimed the Idempotency-Key has not finished.
var errInFlight = errors.New("idempotency key in flight")

// maxIdempotencyKey is the header's documented maximum length.
const maxIdempotencyKey = 255

// serve runs an operation. A GET reads; anything else writes in one
// transaction, and with an Idempotency-Key the key is claimed first and
// the 2xx answer stored in that same transaction: the same key with the
// same method, path and body bytes gets that answer again without the work
// being repeated; with anything else, 422 idempotency_key_payload_mismatch
// and nothing runs [docs/BLINDPAY.md §9]. A refusal stores nothing (the
// claim rolls back with the work), so a corrected retry may use the key.
// A concurrent request with the key waits for the first on PostgreSQL and
// then replays it; one that finds the claim unfinished gets 409
// idempotency_key_in_flight with Retry-After.
func (s *Sandbox) serve(h apiFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
		if err != nil {
			bpwire.Write(w, r, &bpwire.Error{Code: "VALIDATION_MISSING_BODY", Status: http.StatusBadRequest})
			return
		}
		if s.cfg.CheckRequest != nil {
			if err := s.cfg.CheckRequest(r, body); err != nil {
				bpwire.Write(w, r, bpwire.Fail("VALIDATION_FAILED", err.Error()))
				return
			}
		}
		ctx := r.Context()
		var status int
		var out []byte
		run := func(tx *store.Tx) error {
			st, resp, err := h(ctx, tx, r, body)
			if err != nil {
				return err
			}
			status = st
			out, err = json.Marshal(resp)
			return err
		}
		key := r.Header.Get("Idempotency-Key")
		// The external routes (/v1/e/) ignore the header [d:idem].
		idem := key != "" && strings.HasPrefix(r.URL.Path, "/v1/instances/")
		switch {
		case r.Method == http.MethodGet:
			err = s.db.Read(ctx, run)
		case len(key) > maxIdempotencyKey && idem:
			err = bpwire.Fail("VALIDATION_FAILED", "Idempotency-Key: at most 255 characters")
		case idem:
			sum := sha256.Sum256([]byte(r.Method + " " + r.URL.Path + "\n" + string(body)))
			fingerprint := hex.EncodeToString(sum[:])
			err = s.db.Tx(ctx, func(tx *store.Tx) error {
				claimed, err := bpstore.ClaimIdempotent(ctx, tx, key, fingerprint, s.now().UTC())
				if err != nil {
					return err
				}
				if !claimed {
					stored, st, resp, err := bpstore.Idempotent(ctx, tx, key)
					switch {
					case err != nil:
						return err
					case stored != fingerprint:
						return &bpwire.Error{Status: http.StatusUnprocessableEntity, Message: "idempotency_key_payload_mismatch",
							Description: "This Idempotency-Key was already used with a different request. Use a new key for a new request."}
					case st == 0:
						return errInFlight
					}
					status, out = st, []byte(resp)
					return nil
				}
				if err := run(tx); err != nil {
					return err
				}
				return bpstore.SaveIdempotent(ctx, tx, key, status, string(out))
			})
		default:
			err = s.db.Tx(ctx, run)
		}
		var ae *bpwire.Error
		switch {
		case err == nil:
			writeJSON(w, status, out)
		case errors.As(err, &ae):
			bpwire.Write(w, r, ae)
		case errors.Is(err, errInFlight):
			w.Header().Set("Retry-After", "1")
			bpwire.Write(w, r, &bpwire.Error{Status: http.StatusConflict, Message: "idempotency_key_in_flight",
				Description: "A request with this Idempotency-Key is still running. Retry with the same key and body."})
		default:
			s.log.Error("bpsandbox request failed", "method", r.Method, "path", r.URL.Path, "err", err)
			bpwire.Write(w, r, bpwire.Fail("INTERNAL_ERROR"))
		}
	})
}

// limitParam reads ?limit= (the spec allows 10 to 1000; default 100).
func limitParam(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || n <= 0 {
		return 100
	}
	return min(n, 1000)
}

// cleanupArgs is the sandbox's hourly housekeeping.
type cleanupArgs struct{}

func (cleanupArgs) Kind() string { return "bpsandbox_cleanup" }

type cleanupWorker struct {
	river.WorkerDefaults[cleanupArgs]
	s *Sandbox
}

// Work forgets Idempotency-Keys after 24 hours, as BlindPay does.
func (w *cleanupWorker) Work(ctx context.Context, job *river.Job[cleanupArgs]) error {
	cutoff := w.s.now().UTC().Add(-24 * time.Hour)
	return bpwire.AsSandbox(ctx, func(ctx context.Context) error {
		return w.s.db.Tx(ctx, func(tx *store.Tx) error { return bpstore.Forget(ctx, tx, cutoff) })
	})
}
