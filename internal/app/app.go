// Package app wires Crebit together and runs its commands: serve (the
// default), migrate, and ledger check. main only calls Run, so tests can
// start the whole program on port 0 with their own environment.
package app

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"github.com/crebit/crebit/internal/bpsandbox"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"strconv"
	"time"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/httpapi"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/live"
	"github.com/crebit/crebit/internal/metrics"
	"github.com/crebit/crebit/internal/rates"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/support"
	"github.com/crebit/crebit/web"
)

const usage = `Usage: crebit [command] [flags]

Commands:
  serve          serve the web app, the API and background jobs (default)
  migrate        apply database migrations and exit
  ledger check   verify that the ledger balances, and exit 1 if it does not
  setup-webhook  (operator) register this server's event receiver and secret with the partner
  partner check  (operator, CREBIT_PARTNER=blindpay) check the key, instance, webhook endpoint and secret, and quotes; print what is missing
  operator add EMAIL --role ROLE [--reason TEXT]   make an account an operator of the console (support, finance or admin)
  operator remove EMAIL [--reason TEXT]            end an account's operator role
  operator list                                    list the operators
  scholarships import   validate the shipped scholarship catalog and write it into the database
  scholarships check    report stale, undated and unofficial scholarship facts; fails on records past 24 months without a note
  help           show this help

Flags (each also read from its environment variable):
`

// Run executes the command in args.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, args, getenv, stdout, stderr)
	case "migrate":
		return migrateCmd(ctx, args, getenv, stdout)
	case "ledger":
		if len(args) == 0 || args[0] != "check" {
			return errors.New(`crebit ledger: the only subcommand is "check"`)
		}
		return ledgerCheck(ctx, args[1:], getenv, stdout)
	case "setup-webhook":
		return setupWebhook(ctx, args, getenv, stdout)
	case "partner":
		if len(args) == 0 || args[0] != "check" {
			return errors.New(`crebit partner: the only subcommand is "check"`)
		}
		return partnerCheck(ctx, args[1:], getenv, stdout)
	case "operator":
		return operatorCmd(ctx, args, getenv, stdout)
	case "scholarships":
		if len(args) == 0 || (args[0] != "import" && args[0] != "check") {
			return errors.New(`crebit scholarships: the subcommands are "import" and "check"`)
		}
		if args[0] == "import" {
			return scholarshipsImport(ctx, args[1:], getenv, stdout)
		}
		return scholarshipsCheck(stdout, time.Now())
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		config.Usage(stdout)
		return nil
	}
	return fmt.Errorf("crebit: unknown command %q (try crebit help)", cmd)
}

// openDB loads configuration and opens and migrates the database.
func openDB(ctx context.Context, args []string, getenv func(string) string) (config.Config, *store.DB, error) {
	cfg, err := config.Load(args, getenv)
	if err != nil {
		return cfg, nil, err
	}
	db, err := store.Open(ctx, store.Options{DatabaseURL: cfg.DatabaseURL, DataDir: cfg.DataDir})
	if err != nil {
		return cfg, nil, err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return cfg, nil, err
	}
	if err := jobs.Migrate(ctx, db); err != nil {
		db.Close()
		return cfg, nil, err
	}
	return cfg, db, nil
}

func migrateCmd(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	_, db, err := openDB(ctx, args, getenv)
	if err != nil {
		return err
	}
	defer db.Close()
	v, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "crebit: %s database migrated to version %d (and River's jobs tables)\n", db.Engine(), v)
	return nil
}

func ledgerCheck(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	_, db, err := openDB(ctx, args, getenv)
	if err != nil {
		return err
	}
	defer db.Close()
	var txs []ledger.StoredTransaction
	var bals []ledger.Balance
	err = db.Read(ctx, func(tx *store.Tx) (err error) { txs, bals, err = tx.LedgerSnapshot(ctx); return })
	if err != nil {
		return err
	}
	problems := ledger.Check(txs, bals)
	for _, p := range problems {
		fmt.Fprintln(stdout, p.String())
	}
	if len(problems) > 0 {
		return fmt.Errorf("ledger check: %d problem(s) in %d transactions and %d balances", len(problems), len(txs), len(bals))
	}
	fmt.Fprintf(stdout, "ledger check: OK: %d transactions balance per currency; %d account balances equal the sum of their entries\n", len(txs), len(bals))
	return nil
}

// setupWebhook tells the partner where to deliver events and with which
// secret. It is an operator action, run where the configuration and data
// directory are: with the sandbox partner it reaches the running server on
// loopback at CREBIT_ADDR's port (the server also registers itself at
// start); with a real partner it registers CREBIT_BASE_URL's receiver.
func setupWebhook(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if getenv("CREBIT_PARTNER") == config.PartnerBlindPay && getenv("CREBIT_WEBHOOK_SECRET") == "" {
		// The secret is what this command obtains: a placeholder passes the
		// check that serving needs it, and is never used.
		env := getenv
		getenv = func(k string) string {
			if k == "CREBIT_WEBHOOK_SECRET" {
				return "whsec_" + base64.StdEncoding.EncodeToString(make([]byte, 32))
			}
			return env(k)
		}
	}
	cfg, err := config.Load(args, getenv)
	if err != nil {
		return err
	}
	if err := cfg.FillSecrets(); err != nil {
		return err
	}
	if cfg.Partner == config.PartnerBlindPay {
		// BlindPay makes the endpoint's secret: it is printed for the
		// operator to keep as CREBIT_WEBHOOK_SECRET.
		a, err := blindPayAdapter(cfg, cfg.PartnerURL, cfg.PartnerAPIKey.Reveal(), cfg.BlindPayInstanceID, nil)
		if err != nil {
			return err
		}
		hook := cfg.BaseURL + "/api/webhook/payout-events"
		id, secret, err := a.EnsureWebhook(ctx, "setup-webhook", hook)
		if err != nil {
			return fmt.Errorf("crebit setup-webhook: BlindPay refused or could not be reached: %w", err)
		}
		fmt.Fprintf(stdout, "crebit: webhook endpoint %s registered for %s\n", id, hook)
		fmt.Fprintf(stdout, "crebit: set CREBIT_WEBHOOK_SECRET to the endpoint's signing secret (keep it secret):\n%s\n", secret)
		return nil
	}
	// The embedded sandbox: serve registers this server's receiver and
	// keeps the secret the sandbox makes; there is nothing to set up.
	fmt.Fprintf(stdout, "crebit: nothing to set up: with CREBIT_PARTNER=%s the server registers its own webhook endpoint when it starts\n", cfg.Partner)
	return nil
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// serve runs until ctx ends, then stops taking jobs (waiting for running
// ones) and finishes in-flight requests.
func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.Load(args, getenv)
	if err != nil {
		return err
	}
	if err := cfg.FillSecrets(); err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	_, db, err := openDB(ctx, args, getenv)
	if err != nil {
		return err
	}
	defer db.Close()

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("crebit: listen on %s: %w", cfg.Addr, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	loopback := "http://127.0.0.1:" + strconv.Itoa(port)
	if cfg.BaseURL == "" {
		cfg.BaseURL = "http://localhost:" + strconv.Itoa(port)
	}

	st, err := Build(cfg, db, log, time.Now, loopback)
	if err != nil {
		return err
	}
	api := st.Server
	if w, r, err := st.Scholarships.ImportScholarships(ctx); err != nil {
		return fmt.Errorf("crebit: importing the scholarship catalog: %w", err)
	} else if w+r > 0 {
		log.Info("scholarship catalog imported", "written", w, "removed", r)
	}
	if n, err := st.Ops.FillTaxIDLast4(ctx); err != nil {
		return fmt.Errorf("crebit: filling the last 4 of stored tax ids: %w", err)
	} else if n > 0 {
		log.Info("last 4 of stored tax ids filled for the console's search", "customers", n)
	}
	srv := &http.Server{Handler: api, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	srv.RegisterOnShutdown(api.CloseStreams)
	liveCtx, stopLive := context.WithCancel(context.WithoutCancel(ctx))
	defer stopLive()
	go st.Live.Run(liveCtx) //nolint:errcheck // it reconnects until stopped
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	if cfg.MetricsAddr != "" {
		// A separate listener, so /metrics is never on the public site.
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			srv.Close()
			return fmt.Errorf("crebit: listen on CREBIT_METRICS_ADDR %s: %w", cfg.MetricsAddr, err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", st.Metrics.Handler())
		// Profiles for the operator (go tool pprof http://ADDR/debug/pprof/profile),
		// on the same private listener.
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
		mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
		msrv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go msrv.Serve(mln)
		defer msrv.Close()
		fmt.Fprintf(stdout, "crebit: metrics on http://%s/metrics, profiles on /debug/pprof/\n", mln.Addr())
	}

	defer st.Close()
	if err := st.StartJobs(ctx); err != nil {
		srv.Close()
		return err
	}
	if st.BlindPaySandbox != nil {
		st.BlindPaySandbox.SetLocalReceiver(api.WebhookURL())
		if err := st.Payments.RegisterWebhook(ctx, api.WebhookURL()); err != nil {
			log.Error("registering the webhook with the BlindPay sandbox failed", "err", err)
		}
	}
	log.Info("crebit serving", "url", cfg.BaseURL, "database", db.Engine(), "partner", cfg.Partner, "web_embedded", web.Embedded)
	if cfg.Embedded() && config.PublicBaseURL(cfg.BaseURL) {
		log.Warn("the sandbox partner serves a site that is not loopback (CREBIT_ALLOW_SANDBOX=1): its payments move no real money, "+
			"and its mailbox, simulation and partner API answer only clients on loopback", "url", cfg.BaseURL)
	}
	fmt.Fprintf(stdout, "crebit: listening on %s (%s, partner %s)\n", loopback, db.Engine(), cfg.Partner)

	select {
	case <-ctx.Done():
	case err := <-serveErr:
		return fmt.Errorf("crebit: serve: %w", err)
	}
	log.Info("shutting down: finishing jobs and requests")
	stopCtx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	if err := st.StopJobs(stopCtx); err != nil {
		log.Warn("stopping jobs", "err", err)
	}
	if err := srv.Shutdown(stopCtx); err != nil {
		return fmt.Errorf("crebit: shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

// Stack is the wired application: what serve runs and what tests drive.
type Stack struct {
	Config    config.Config
	DB        *store.DB
	Queue     *jobs.Queue
	*Services // the use cases (the outbox's dispatchers start with serve)
	Server    *httpapi.Server
	// BlindPaySandbox is the embedded BlindPay-compatible sandbox
	// (CREBIT_PARTNER=blindpay-sandbox), served at /bpsandbox/; else nil.
	BlindPaySandbox *bpsandbox.Sandbox
	// SandboxDB is where the embedded sandbox partner keeps its data: on
	// SQLite a file of its own beside DB (crebit.sandbox.db), with its own
	// job queue, as a real partner's writes never queue behind Crebit's
	// one writer; on PostgreSQL, DB itself. Nil with a real partner.
	SandboxDB    *store.DB
	sandboxQueue *jobs.Queue      // the sandbox's own queue on SQLite; nil when it shares Queue
	Metrics      *metrics.Metrics // served on CREBIT_METRICS_ADDR when set
	Live         live.Broker      // run it with Live.Run for live status streams
	Rates        *rates.Book      // the corridors' indicative rates, in memory
}

// Build wires the application on an open, migrated database. loopback is
// the address this process listens on (http://127.0.0.1:PORT), where the
// partner client reaches the embedded sandbox and the sandbox delivers
// webhooks. The queue is initialised but not started.
func Build(cfg config.Config, db *store.DB, log *slog.Logger, now func() time.Time, loopback string) (*Stack, error) {
	queue := jobs.New(db, log)
	broker := live.New(db, log)
	deps := serviceDeps{DB: db, Queue: queue, Config: cfg, Now: now, Log: log, Live: broker}
	st := &Stack{Config: cfg, DB: db, Queue: queue, Live: broker}
	var svcRef *Services
	st.Metrics = metrics.New(func(ctx context.Context) (map[string]int64, int64, error) {
		return svcRef.Payments.PaymentCounts(ctx)
	}, func() float64 { return svcRef.Outbox.Backlog() })
	watchSQLite(st.Metrics, "", db)
	queue.OnError, queue.RescueAfter = st.Metrics.JobError, cfg.RescueAfter
	deps.Metrics = st.Metrics
	webhookBase := cfg.BaseURL
	switch {
	case cfg.Partner == config.PartnerBlindPaySandbox:
		sdb, squeue, err := st.sandboxStore(log)
		if err != nil {
			return nil, err
		}
		sb, a, err := embeddedBlindPay(cfg, sdb, squeue, now, log)
		if err != nil {
			return nil, err
		}
		st.BlindPaySandbox = sb
		deps.Partner, deps.Simulator = a, bpSimulator{sb}
		webhookBase = loopback
	case cfg.Partner == config.PartnerBlindPay:
		a, err := blindPayAdapter(cfg, cfg.PartnerURL, cfg.PartnerAPIKey.Reveal(), cfg.BlindPayInstanceID, nil)
		if err != nil {
			return nil, err
		}
		deps.Partner = a
	default:
		return nil, fmt.Errorf("crebit: unknown partner %q", cfg.Partner)
	}
	svc, err := buildServices(deps)
	if err != nil {
		return nil, err
	}
	svcRef = svc
	if err := queue.Init(); err != nil {
		return nil, err
	}
	if st.sandboxQueue != nil {
		if err := st.sandboxQueue.Init(); err != nil {
			return nil, err
		}
	}
	st.Rates = rates.New(deps.Partner, now, log)
	hd := httpapi.Deps{Config: cfg, Log: log, Now: now, Static: web.FS(), Outbox: svc.Outbox, Limits: svc.Limits,
		Accounts: svc.Accounts, Onboarding: svc.Onboarding, Payments: svc.Payments, Dashboard: svc.Dashboard, Referrals: svc.Referrals,
		Scholarships: svc.Scholarships, Ops: svc.Ops,
		Support:     support.New(db, svc.Outbox, svc.Limits, svc.Ops, now, cfg.SupportInbound),
		WebhookBase: webhookBase, Metrics: st.Metrics,
		// The corridors' indicative rates, asked of the partner at most every
		// 30 s and only when read (internal/rates).
		Rates: st.Rates}
	if st.BlindPaySandbox != nil {
		hd.BlindPaySandbox = http.StripPrefix("/bpsandbox", st.BlindPaySandbox.Handler())
	}
	st.Services, st.Server = svc, httpapi.NewServer(hd)
	return st, nil
}

// watchSQLite puts a SQLite database's connection pools ("writer",
// "readers", prefixed "sandbox-" for the sandbox's) and its writer's queue
// in the metrics; nothing on PostgreSQL.
func watchSQLite(m *metrics.Metrics, name string, db *store.DB) {
	if db.Engine() != store.SQLite {
		return
	}
	pools, prefix := map[string]*sql.DB{}, ""
	if name != "" {
		prefix = name + "-"
	}
	for pool, p := range db.SQLPools() {
		pools[prefix+pool] = p
	}
	m.DBPools(pools)
	m.SQLiteWriter(cmp.Or(name, "crebit"), db.WriteStats)
}

// sandboxStore is where an embedded sandbox keeps its data (sandboxStore,
// below), recorded on the stack with its metrics.
func (st *Stack) sandboxStore(log *slog.Logger) (*store.DB, *jobs.Queue, error) {
	sdb, squeue, err := sandboxStore(st.DB, st.Queue, log)
	if err != nil {
		return nil, nil, err
	}
	st.SandboxDB = sdb
	if squeue != st.Queue {
		squeue.OnError, squeue.RescueAfter = st.Metrics.JobError, st.Config.RescueAfter
		st.sandboxQueue = squeue
	}
	if sdb != st.DB {
		watchSQLite(st.Metrics, "sandbox", sdb)
	}
	return sdb, squeue, nil
}

// sandboxStore opens (and migrates) the sandbox partner's own SQLite file
// beside db, with a job queue of its own; on PostgreSQL it shares db and
// queue.
func sandboxStore(db *store.DB, queue *jobs.Queue, log *slog.Logger) (*store.DB, *jobs.Queue, error) {
	ctx := context.Background()
	sdb, err := db.Beside(ctx, "sandbox")
	if err != nil {
		return nil, nil, err
	}
	if sdb != db {
		if _, err := sdb.Migrate(ctx); err != nil {
			sdb.Close()
			return nil, nil, fmt.Errorf("sandbox database: %w", err)
		}
		if err := jobs.Migrate(ctx, sdb); err != nil {
			sdb.Close()
			return nil, nil, fmt.Errorf("sandbox database: %w", err)
		}
	}
	// Jobs of the removed invented sandbox, in a data directory from before.
	for _, d := range []*store.DB{db, sdb} {
		n, err := store.ForgetRemovedSandboxJobs(ctx, d)
		if err != nil {
			return nil, nil, fmt.Errorf("forgetting the removed sandbox's jobs: %w", err)
		}
		if n > 0 {
			log.Info("jobs of the removed sandbox partner forgotten", "file", d.Path(), "jobs", n)
		}
	}
	if sdb == db {
		return sdb, queue, nil
	}
	return sdb, jobs.New(sdb, log.With("component", "sandbox")), nil
}

// StartJobs starts the job workers (Crebit's, and the sandbox's own on
// SQLite).
func (st *Stack) StartJobs(ctx context.Context) error {
	if err := st.Queue.Start(ctx); err != nil {
		return err
	}
	st.Outbox.Start(ctx)
	if st.sandboxQueue != nil {
		return st.sandboxQueue.Start(ctx)
	}
	return nil
}

// StopJobs stops taking jobs and waits for running ones.
func (st *Stack) StopJobs(ctx context.Context) error {
	var errs []error
	if st.sandboxQueue != nil {
		errs = append(errs, st.sandboxQueue.Stop(ctx))
	}
	errs = append(errs, st.Outbox.Stop(ctx))
	return errors.Join(append(errs, st.Queue.Stop(ctx))...)
}

// Close closes what Build opened (the sandbox's own database); the caller
// closes DB.
func (st *Stack) Close() error {
	if st.BlindPaySandbox != nil {
		st.BlindPaySandbox.Close()
	}
	if st.SandboxDB != nil && st.SandboxDB != st.DB {
		return st.SandboxDB.Close()
	}
	return nil
}
