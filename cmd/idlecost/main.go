// Command idlecost measures what an idle crebit server costs: it starts the
// binary on a free loopback port with a fresh data directory (SQLite, or a
// PostgreSQL database it creates and drops), waits for /healthz and for the
// start-up work to settle, then reads the process's CPU time from
// /proc/<pid>/stat over a window in which nothing is sent to it.
//
//	go run ./cmd/idlecost -bin bin/crebit [-engine sqlite|postgres|both] [-seconds 60]
//	    [-settle 5s] [-postgres postgres://postgres@127.0.0.1:5432/test?sslmode=disable]
//	    [-compare other/crebit] [-out docs/PERFORMANCE.md]
//
// With -compare, a second binary is measured the same way right after each
// engine's run of the first, so a before/after pair comes from the same
// minutes. PostgreSQL's own backends are counted separately (the server's
// connections are the only ones to the fresh database), read from
// pg_stat_activity's pids in /proc when PostgreSQL runs on this machine.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/crebit/crebit/internal/runbin"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "idlecost:", err)
		os.Exit(1)
	}
}

type options struct {
	bins     []string
	engines  []string
	window   time.Duration
	settle   time.Duration
	postgres string
	out      string
}

// result is one binary's idle window on one engine.
type result struct {
	bin, engine string
	window      time.Duration
	ticks       int64 // the server's user+system clock ticks in the window
	pgTicks     int64 // PostgreSQL backends serving it, -1 when unknown
}

// share is the fraction of one core the ticks are over the window.
func share(ticks int64, window time.Duration) float64 {
	return float64(ticks) / float64(clockTicks) / window.Seconds()
}

// clockTicks is USER_HZ, the unit of /proc/<pid>/stat's times: 100 on Linux.
const clockTicks = 100

func run(ctx context.Context, args []string, stdout io.Writer) error {
	var o options
	var bin, compare, engine string
	var seconds int
	fs := flag.NewFlagSet("idlecost", flag.ContinueOnError)
	fs.StringVar(&bin, "bin", "", "crebit binary to start (required)")
	fs.StringVar(&compare, "compare", "", "a second binary measured the same way right after (before/after pairs)")
	fs.StringVar(&engine, "engine", "sqlite", "sqlite, postgres or both")
	fs.IntVar(&seconds, "seconds", 60, "measured idle window")
	fs.DurationVar(&o.settle, "settle", 5*time.Second, "unmeasured time after /healthz answers (start-up work: migrations, the catalog import, periodic jobs run on start)")
	fs.StringVar(&o.postgres, "postgres", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "PostgreSQL server for -engine postgres (a database is created and dropped there)")
	fs.StringVar(&o.out, "out", "", "Markdown file whose idle section is rewritten (empty: print only)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if bin == "" || seconds < 1 {
		return errors.New("usage: idlecost -bin PATH [-compare PATH] [-engine sqlite|postgres|both] [-seconds 60] [-out FILE]")
	}
	for _, b := range []string{bin, compare} {
		if b == "" {
			continue
		}
		abs, err := filepath.Abs(b)
		if err != nil {
			return err
		}
		o.bins = append(o.bins, abs)
	}
	switch engine {
	case "sqlite", "postgres":
		o.engines = []string{engine}
	case "both":
		o.engines = []string{"sqlite", "postgres"}
	default:
		return fmt.Errorf("unknown -engine %q", engine)
	}
	o.window = time.Duration(seconds) * time.Second

	loadBefore := loadAverage()
	var results []result
	for _, eng := range o.engines {
		for _, b := range o.bins {
			fmt.Fprintf(stdout, "%s on %s: idle for %s after start-up\n", b, eng, o.window)
			r, err := measure(ctx, o, b, eng)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", b, eng, err)
			}
			fmt.Fprintf(stdout, "  %s\n", r.line())
			results = append(results, r)
		}
	}
	table := render(results)
	fmt.Fprint(stdout, "\n"+table)
	if o.out == "" {
		return nil
	}
	section := fmt.Sprintf("\nMeasured by `go run ./cmd/idlecost` on %s: %s/%s, %d CPUs, %s. Load average (1, 5, 15 min) before: %s; after: %s "+
		"(other sessions' work on the same cores; it does not enter the server's own ticks, but it delays them).\n\n%s",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(),
		loadBefore, loadAverage(), table)
	if err := runbin.WriteSection(o.out, "<!-- idle:start -->", "<!-- idle:end -->", section); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nwrote the idle section of %s\n", o.out)
	return nil
}

func (r result) line() string {
	s := fmt.Sprintf("crebit %d ticks in %s = %.2f%% of a core", r.ticks, r.window, 100*share(r.ticks, r.window))
	if r.pgTicks >= 0 {
		s += fmt.Sprintf("; its PostgreSQL backends %d ticks = %.2f%%", r.pgTicks, 100*share(r.pgTicks, r.window))
	}
	return s
}

func render(results []result) string {
	var b strings.Builder
	b.WriteString("| binary | engine | window | crebit CPU ticks | crebit, % of a core | PostgreSQL backends, % of a core |\n")
	b.WriteString("|---|---|--:|--:|--:|--:|\n")
	for _, r := range results {
		pg := "—"
		if r.pgTicks >= 0 {
			pg = fmt.Sprintf("%.2f%%", 100*share(r.pgTicks, r.window))
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %d | %.2f%% | %s |\n", filepath.Base(r.bin), r.engine, r.window, r.ticks,
			100*share(r.ticks, r.window), pg)
	}
	return b.String()
}

// measure starts bin on engine, lets it settle, and reads its CPU ticks
// (and its PostgreSQL backends') over the window.
func measure(ctx context.Context, o options, bin, engine string) (result, error) {
	r := result{bin: bin, engine: engine, window: o.window, pgTicks: -1}
	dir, err := os.MkdirTemp("", "crebit-idlecost-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(dir)
	port, err := runbin.FreePort()
	if err != nil {
		return r, err
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	// The binary's default partner (the embedded BlindPay sandbox since
	// 2026-11-27; the removed in-house sandbox before), so a -compare binary
	// of either age starts with its own.
	env := []string{"CREBIT_ADDR=127.0.0.1:" + strconv.Itoa(port), "CREBIT_DATA_DIR=" + dir, "CREBIT_LOG_LEVEL=warn"}
	var dbURL string
	if engine == "postgres" {
		u, drop, err := runbin.CreateDatabase(ctx, o.postgres, "crebit_idle_")
		if err != nil {
			return r, err
		}
		defer drop()
		dbURL = u
		env = append(env, "CREBIT_DATABASE_URL="+dbURL)
	}
	logPath := filepath.Join(dir, "crebit.log")
	stop, exited, pid, err := startServer(bin, env, logPath)
	if err != nil {
		return r, err
	}
	defer stop()
	if err := runbin.WaitHealthy(ctx, base, 60*time.Second, exited); err != nil {
		return r, err
	}
	select {
	case <-ctx.Done():
		return r, ctx.Err()
	case <-exited:
		return r, errors.New("the server exited")
	case <-time.After(o.settle):
	}
	var pgPIDs []int
	if dbURL != "" {
		pgPIDs = runbin.Backends(ctx, dbURL)
	}
	t0, err := runbin.CPUTicks(pid)
	if err != nil {
		return r, err
	}
	pg0 := runbin.SumCPUTicks(pgPIDs)
	select {
	case <-ctx.Done():
		return r, ctx.Err()
	case <-exited:
		return r, errors.New("the server exited during the window")
	case <-time.After(o.window):
	}
	t1, err := runbin.CPUTicks(pid)
	if err != nil {
		return r, err
	}
	r.ticks = t1 - t0
	if len(pgPIDs) > 0 {
		r.pgTicks = runbin.SumCPUTicks(pgPIDs) - pg0
	}
	return r, nil
}

// startServer is runbin.StartServer that also returns the process id.
func startServer(bin string, env []string, logPath string) (stop func(), exited <-chan struct{}, pid int, err error) {
	before := children()
	stop, exited, err = runbin.StartServer(bin, env, logPath)
	if err != nil {
		return nil, nil, 0, err
	}
	for p := range children() {
		if !before[p] && strings.HasSuffix(exeOf(p), filepath.Base(bin)) {
			return stop, exited, p, nil
		}
	}
	stop()
	return nil, nil, 0, errors.New("cannot find the started server's process id")
}

// children lists this process's child process ids.
func children() map[int]bool {
	out := map[int]bool{}
	me := os.Getpid()
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f := runbin.StatFields(p); len(f) > 1 && f[1] == strconv.Itoa(me) {
			out[p] = true
		}
	}
	return out
}

func exeOf(pid int) string {
	s, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	return s
}

func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}
