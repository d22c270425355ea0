// Package bpsandboxtest starts the BlindPay-compatible sandbox for tests:
// on a database, under /bpsandbox of an httptest server, with its River
// queue running, fast automatic steps and a tiny retry schedule.
package bpsandboxtest

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/bpsandbox"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
)

// Options say what differs between the tests that start a sandbox.
type Options struct {
	InstanceID, APIKey string
	StepDelay          time.Duration                            // between the automatic steps of a payin or payout
	Check              func(r *http.Request, body []byte) error // each request, against the vendor's document
	Offset             *atomic.Int64                            // added to the sandbox's clock (nil: none)
}

// Start serves a sandbox on db until t ends; mod adjusts its configuration.
func Start(t testing.TB, db *store.DB, o Options, mod ...func(*bpsandbox.Config)) (*bpsandbox.Sandbox, *httptest.Server, bpsandbox.Config) {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil) // its address is known before it serves
	t.Cleanup(srv.Close)
	cfg := bpsandbox.DefaultConfig()
	cfg.InstanceID, cfg.APIKey, cfg.PublicURL = o.InstanceID, o.APIKey, "http://"+srv.Listener.Addr().String()+"/bpsandbox"
	cfg.KYCDelay, cfg.PayinDelay, cfg.PayoutDelay, cfg.StepDelay = 50*time.Millisecond, 100*time.Millisecond, 50*time.Millisecond, o.StepDelay
	cfg.RetrySchedule = []time.Duration{10 * time.Millisecond, 10 * time.Millisecond, 10 * time.Millisecond}
	cfg.CheckRequest = o.Check
	for _, m := range mod {
		m(&cfg)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	offset := o.Offset
	if offset == nil {
		offset = new(atomic.Int64)
	}
	queue := jobs.New(db, log)
	sb, err := bpsandbox.New(db, queue, cfg, func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }, log)
	if err != nil {
		t.Fatal(err)
	}
	if err := queue.Init(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := queue.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sb.Close()
		stop, done := context.WithTimeout(context.Background(), 10*time.Second)
		defer done()
		queue.Stop(stop)
		cancel()
	})
	srv.Config.Handler = http.StripPrefix("/bpsandbox", sb.Handler())
	srv.Start()
	return sb, srv, cfg
}
