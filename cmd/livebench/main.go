// Command livebench measures how long a payment's state change takes to
// reach the payer's screen: from the partner being asked to move the
// payment to the live status event (Server-Sent Events) arriving at a
// client.
//
//	go run ./cmd/livebench -bin ./bin/crebit [-events 200]
//	    [-postgres postgres://postgres@127.0.0.1:5432/postgres] [-out docs/PERFORMANCE.md]
//	go run ./cmd/livebench -bin ./bin/crebit -streams 1000 [-per-payer 1]   # memory (streams.go)
//
// It starts the real binary with its default partner, the embedded BlindPay
// sandbox, on a temporary data directory (SQLite, one instance; with
// -postgres also two instances A and B on a fresh database it creates and
// drops). A browser on A accepts the partner's terms, is approved, creates
// payments and holds each payment's event stream on A; the sandbox is asked
// to move the payment through B (POST /api/trigger-mock-webhook; A on
// SQLite): the deposit arrives, the pay-in completes (Crebit then asks for
// the payout), the payout completes. Each time includes the sandbox's
// signed webhook delivery, a job run by either instance (the webhook
// secrets are the sandbox's, so the bench cannot sign events itself, as it
// did with the removed in-house sandbox). Each step waits for its event
// before the next is sent (after a random pause of up to 250 ms, so sends
// are not in step with the job queue's polling), so the figures are
// latencies, not queueing. Traffic stays on 127.0.0.1.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/crebit/crebit/internal/runbin"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "livebench:", err)
		os.Exit(1)
	}
}

type options struct {
	bin, postgres, out, label string
	events                    int
	env                       []string
	streams, perPayer         int // the streams mode (streams.go)
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	var o options
	fs := flag.NewFlagSet("livebench", flag.ContinueOnError)
	fs.StringVar(&o.bin, "bin", "", "crebit binary to start (required)")
	fs.IntVar(&o.events, "events", 200, "state changes to time per target (3 per payment)")
	fs.StringVar(&o.postgres, "postgres", "", "PostgreSQL URL: also run two instances on a fresh database created and dropped there")
	fs.StringVar(&o.out, "out", "docs/PERFORMANCE.md", "Markdown file whose live-status section is rewritten (empty: print only)")
	fs.IntVar(&o.streams, "streams", 0, "instead of latencies: hold this many live status streams open on one SQLite instance (limits on, a client address per payer) and report its memory (streams.go)")
	fs.IntVar(&o.perPayer, "per-payer", 1, "with -streams: streams per payer, on its one payment (the server allows 4 per session)")
	fs.StringVar(&o.label, "label", "", "what this run measures, written with its figures")
	fs.Func("env", "CREBIT_X=Y passed to the binary (repeatable)", func(kv string) error {
		o.env = append(o.env, kv)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.bin == "" {
		return fmt.Errorf("usage: livebench -bin PATH [-events 200] [-postgres URL] [-out FILE]")
	}
	bin, err := filepath.Abs(o.bin)
	if err != nil {
		return err
	}
	if o.streams > 0 {
		if o.perPayer < 1 || o.perPayer > 4 {
			return fmt.Errorf("-per-payer must be 1 to 4")
		}
		points, err := measureStreams(ctx, stdout, o, bin)
		if err != nil {
			return fmt.Errorf("streams: %w", err)
		}
		fmt.Fprint(stdout, "\n"+renderStreams(o, points))
		return nil
	}
	var rows []result
	r, err := measure(ctx, stdout, o, bin, "")
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	rows = append(rows, r)
	if o.postgres != "" {
		dbURL, drop, err := runbin.CreateDatabase(ctx, o.postgres, "crebit_live_")
		if err != nil {
			return err
		}
		r, err := measure(ctx, stdout, o, bin, dbURL)
		drop()
		if err != nil {
			return fmt.Errorf("postgres: %w", err)
		}
		rows = append(rows, r)
	}
	if o.out == "" {
		return nil
	}
	return runbin.WriteSection(o.out, "<!-- live:start -->", "<!-- live:end -->", render(o, rows))
}

// result is one target's latencies.
type result struct {
	name    string
	samples []time.Duration
}

func (r result) pct(p float64) time.Duration {
	s := slices.Clone(r.samples)
	slices.Sort(s)
	i := int(p*float64(len(s))+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }

func (r result) String() string {
	return fmt.Sprintf("%s: %d events, p50 %s, p95 %s, p99 %s, max %s", r.name, len(r.samples),
		ms(r.pct(0.50)), ms(r.pct(0.95)), ms(r.pct(0.99)), ms(r.pct(1)))
}

func render(o options, rows []result) string {
	var b strings.Builder
	b.WriteString("\n### Live status: sandbox trigger sent → SSE event at the client\n\n")
	fmt.Fprintf(&b, "`go run ./cmd/livebench -bin ./bin/crebit -events %d", o.events)
	if o.postgres != "" {
		b.WriteString(" -postgres " + o.postgres)
	}
	b.WriteString("` on this machine (2 shared cores), " + time.Now().UTC().Format("2006-01-02") + ".")
	if o.label != "" {
		b.WriteString(" " + o.label)
	}
	b.WriteString("\n\n| target | events | p50 | p95 | p99 | max |\n|---|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s |\n", r.name, len(r.samples), ms(r.pct(0.5)), ms(r.pct(0.95)), ms(r.pct(0.99)), ms(r.pct(1)))
	}
	return b.String()
}
