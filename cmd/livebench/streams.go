package main

// The streams mode (issue 31, item 5): what open live status streams cost
// an instance in memory. It starts the binary on SQLite with every rate
// limit on, makes -streams/-per-payer payers, each with its own client
// address (X-Forwarded-For through CREBIT_TRUSTED_PROXIES=127.0.0.1/32) and
// browser session, has each make one payment, then opens -per-payer streams
// on it per payer (the server allows 4 per session and 20 per address) and
// holds them all open. It reads the instance's resident memory
// (/proc/PID/status VmRSS, VmHWM) and, through its metrics listener, its
// live heap and goroutines: at idle, once the payers are ready, with every
// stream open, and after they are closed.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/crebit/crebit/cmd/internal/bpflow"
	"github.com/crebit/crebit/internal/runbin"
)

// forwardedFor sets X-Forwarded-For on every request: the client address
// a payer claims through the trusted loopback proxy.
type forwardedFor struct {
	next http.RoundTripper
	ip   string
}

func (f forwardedFor) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", f.ip)
	return f.next.RoundTrip(r)
}

// memPoint is the instance's memory at one moment.
type memPoint struct {
	label      string
	rss, hwm   int64
	live, held int64
	goroutines int
}

func (m memPoint) String() string {
	return fmt.Sprintf("%s: RSS %s (peak %s), live heap %s, heap held %s, %d goroutines",
		m.label, mib(m.rss), mib(m.hwm), mib(m.live), mib(m.held), m.goroutines)
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// measureStreams runs the streams mode and prints what it read.
func measureStreams(ctx context.Context, stdout io.Writer, o options, bin string) ([]memPoint, error) {
	dir, err := os.MkdirTemp("", "livebench-streams-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	port, err := runbin.FreePort()
	if err != nil {
		return nil, err
	}
	mport, err := runbin.FreePort()
	if err != nil {
		return nil, err
	}
	env := append([]string{"CREBIT_LOG_LEVEL=warn", "CREBIT_SANDBOX_AUTO_ADVANCE=0", "CREBIT_TRUSTED_PROXIES=127.0.0.1/32"}, o.env...)
	env = append(env, fmt.Sprintf("CREBIT_ADDR=127.0.0.1:%d", port), fmt.Sprintf("CREBIT_METRICS_ADDR=127.0.0.1:%d", mport),
		"CREBIT_DATA_DIR="+dir, "CREBIT_PARTNER=blindpay-sandbox")
	stop, exited, pid, err := runbin.StartServerPID(bin, env, filepath.Join(dir, "crebit.log"))
	if err != nil {
		return nil, err
	}
	defer stop()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	if err := runbin.WaitHealthy(ctx, base, 60*time.Second, exited); err != nil {
		return nil, err
	}
	var points []memPoint
	read := func(label string) error {
		p := memPoint{label: label}
		var err error
		if p.rss, p.hwm, err = runbin.Memory(pid); err != nil {
			return err
		}
		if p.live, p.held, p.goroutines, err = runbin.Heap(ctx, fmt.Sprintf("http://127.0.0.1:%d", mport)); err != nil {
			return err
		}
		fmt.Fprintln(stdout, p)
		points = append(points, p)
		return nil
	}
	settle := func() error {
		select {
		case <-time.After(5 * time.Second):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if err := settle(); err != nil {
		return nil, err
	}
	if err := read("idle"); err != nil {
		return nil, err
	}

	per := o.perPayer
	n := (o.streams + per - 1) / per
	tr := &http.Transport{MaxIdleConnsPerHost: 64, MaxIdleConns: 64}
	defer tr.CloseIdleConnections()
	clients := make([]*client, n)
	txns := make([]string, n)
	var g errgroup.Group
	g.SetLimit(32)
	start := time.Now()
	for i := range clients {
		g.Go(func() error {
			jar, _ := cookiejar.New(nil)
			ip := fmt.Sprintf("10.%d.%d.%d", i/64000%256, i/250%256, 1+i%250)
			c := &client{base: base, http: &http.Client{Jar: jar, Transport: forwardedFor{tr, ip}}}
			clients[i] = c
			do := func(ctx context.Context, method, path string, body any) (int, map[string]any, error) {
				st, out, _, err := c.request(ctx, method, path, body)
				return st, out, err
			}
			// The partner's terms page is loopback-only: opened without the
			// claimed address, as the person running the sandbox would.
			p, err := bpflow.Onboard(ctx, do, bpflow.Options{Client: &http.Client{Jar: jar, Transport: tr}},
				bpflow.CustomerBR("Maria", "streams"+strconv.Itoa(i)+"@example.com", "529.982.247-25"), bpflow.BankAccount())
			if err != nil {
				return fmt.Errorf("payer %d: %w", i, err)
			}
			c.customerID, c.wallet, c.account = p.CustomerID, p.WalletAddress, p.AccountID
			if txns[i], err = c.pay(); err != nil {
				return fmt.Errorf("payer %d: %w", i, err)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	fmt.Fprintf(stdout, "%d payers, each with a payment, in %s\n", n, time.Since(start).Round(time.Second))
	if err := settle(); err != nil {
		return nil, err
	}
	if err := read(fmt.Sprintf("%d payers ready, no stream open", n)); err != nil {
		return nil, err
	}

	// Every stream open, each having delivered its first event.
	var mu sync.Mutex
	var open []*eventStream
	defer func() {
		for _, s := range open {
			s.close()
		}
	}()
	start = time.Now()
	for i := 0; i < o.streams; i++ {
		g.Go(func() error {
			c, txn := clients[i/per], txns[i/per]
			s, err := c.stream(ctx, txn)
			if err != nil {
				return fmt.Errorf("stream %d: %w", i, err)
			}
			mu.Lock()
			open = append(open, s)
			mu.Unlock()
			select {
			case _, ok := <-s.statuses:
				if !ok {
					return fmt.Errorf("stream %d ended before its first event", i)
				}
				return nil
			case <-time.After(60 * time.Second):
				return fmt.Errorf("stream %d: no first event within 60 s", i)
			}
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	fmt.Fprintf(stdout, "%d streams open (%d per payer), each with its first event, in %s\n", len(open), per, time.Since(start).Round(time.Millisecond))
	if err := settle(); err != nil {
		return nil, err
	}
	if err := read(fmt.Sprintf("%d streams open", len(open))); err != nil {
		return nil, err
	}
	for _, s := range open {
		s.close()
	}
	open = nil
	if err := settle(); err != nil {
		return nil, err
	}
	if err := read("every stream closed"); err != nil {
		return nil, err
	}
	return points, nil
}

// renderStreams is the streams mode's summary.
func renderStreams(o options, points []memPoint) string {
	var b strings.Builder
	for _, p := range points {
		fmt.Fprintf(&b, "- %s\n", p)
	}
	if len(points) >= 3 {
		d := points[2].rss - points[1].rss
		fmt.Fprintf(&b, "Streams' cost: RSS %+.1f MiB for %d streams (%.1f KiB each), live heap %+.1f MiB, goroutines %+d\n",
			float64(d)/(1<<20), o.streams, float64(d)/1024/float64(o.streams),
			float64(points[2].live-points[1].live)/(1<<20), points[2].goroutines-points[1].goroutines)
	}
	return b.String()
}
