package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/runbin"
)

// The rates mode (issue #31 item 2): GET /api/rates, the indicative rates
// the server keeps in memory, against a bare net/http handler that answers
// a GET with a JSON body of the same size.
//
//	go run ./cmd/loadtest -mode rates -bin bin/crebit [-duration 10s] [-concurrency 32] [-postgres URL]

// ratesBody is the size and shape of crebit's answer.
const ratesBody = `{"rates":[{"symbol":"USDC/BRL","local_currency":"BRL","on_ramp":5.4224,"off_ramp":5.3631},` +
	`{"symbol":"USDC/MXN","local_currency":"MXN","on_ramp":18.5608,"off_ramp":18.3578}],"as_of":"2026-11-26T17:30:00.123Z"}` + "\n"

func runRates(ctx context.Context, stdout io.Writer, o options, bin string) error {
	loadBefore := loadAverage()
	var results []result
	for _, engine := range []string{"SQLite", "PostgreSQL"} {
		if engine == "PostgreSQL" && o.postgres == "" {
			continue
		}
		fmt.Fprintf(stdout, "crebit on %s: starting %s\n", engine, o.bin)
		r, err := loadCrebitAt(ctx, stdout, o, bin, engine, "/api/rates", get)
		if err != nil {
			return fmt.Errorf("crebit on %s: %w", engine, err)
		}
		results = append(results, r)
	}
	fmt.Fprintln(stdout, "ceiling: bare net/http JSON handler")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, ratesBody)
	})}
	go srv.Serve(ln)
	ceiling, err := loadWith(ctx, o, "http://"+ln.Addr().String()+"/api/rates", get)
	srv.Close()
	if err != nil {
		return fmt.Errorf("ceiling: %w", err)
	}
	ceiling.name = "ceiling: bare net/http JSON handler"
	results = append(results, ceiling)
	table := renderTable(results, ceiling)
	fmt.Fprint(stdout, "\n"+table)
	if o.out == "" {
		return nil
	}
	cmd := fmt.Sprintf("go run ./cmd/loadtest -mode rates -bin %s -duration %s -concurrency %d", o.bin, o.duration, o.concurrency)
	if o.postgres != "" {
		cmd += " -postgres '" + redact(o.postgres) + "'"
	}
	var b strings.Builder
	b.WriteString("\n## HTTP load: GET /api/rates (issue #31)\n\n")
	fmt.Fprintf(&b, "Written by cmd/loadtest on %s: %s/%s, %d CPUs (%s), %s. Load average (1, 5, 15 min) before the run: %s; after it: %s.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel(), runtime.Version(), loadBefore, loadAverage())
	fmt.Fprintf(&b, "    %s\n\n", cmd)
	fmt.Fprintf(&b, "A closed loop of %d workers, each a browser with its own cookie jar, sends `GET /api/rates` for %s per target after a %s warm-up. "+
		"The server answers from memory (package `rates`: the partner is asked at most every 30 s); the ceiling is a bare net/http handler in "+
		"the load tool's process answering a GET with a JSON body of the same size. Everything shares the same cores.\n\n", o.concurrency, o.duration, o.warmup)
	b.WriteString(table)
	if err := runbin.WriteSection(o.out, "<!-- rates-load:start -->", "<!-- rates-load:end -->", b.String()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nwrote the rates load section of %s\n", o.out)
	return nil
}

// get sends GET target and reads the answer; anything but 200 is an error.
func get(ctx context.Context, c *http.Client, target string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d: %.200s", resp.StatusCode, body)
	}
	if len(body) == 0 {
		return errors.New("empty answer")
	}
	return nil
}
