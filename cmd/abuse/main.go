// Command abuse runs the probes of issue 25 against the real crebit binary
// on 127.0.0.1, as an attacker from outside would (HTTP only, client
// addresses claimed through X-Forwarded-For behind a trusted loopback
// proxy), and prints what each attack achieved. It starts its own servers
// (SQLite, fresh data directories, real rate limits), stops them and exits
// by itself; nothing leaves this machine.
//
//	go run ./cmd/abuse -bin bin/crebit                           # print the table
//	go run ./cmd/abuse -bin bin/crebit -out docs/RELIABILITY.md  # and write it there
//
// It exits 1 when an attack got through (a probe's "held" is false).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/crebit/crebit/internal/runbin"
)

// result is one probe's outcome: what was tried, what happened, and
// whether the defence held.
type result struct {
	item, attack, outcome string
	held                  bool
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "abuse:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("abuse", flag.ContinueOnError)
	bin := fs.String("bin", "bin/crebit", "the crebit binary")
	out := fs.String("out", "", "write the table into this file between the abuse markers")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "crebit-abuse-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	local, stop, pid, err := serve(ctx, *bin, filepath.Join(dir, "main"), "CREBIT_SANDBOX_AUTO_ADVANCE=100ms")
	if err != nil {
		return err
	}
	defer stop()
	public, stopPublic, _, err := serve(ctx, *bin, filepath.Join(dir, "public"),
		"CREBIT_BASE_URL=http://crebit.example", "CREBIT_ALLOW_SANDBOX=1")
	if err != nil {
		return err
	}
	defer stopPublic()

	var results []result
	for _, probe := range []func(*browser) []result{
		referralFarming, invitationText,
		func(*browser) []result { return sandboxExposure(public) },
		lockRace, strangerLockout, signupFlood, twoFactor, weakPasswords, oddAddresses, crossOrigin,
		func(l *browser) []result { return registeredAddressAndTiming(l) },
		func(l *browser) []result { return streams(l, pid) },
	} {
		results = append(results, safely(probe, local)...)
	}
	table := render(results)
	fmt.Fprint(stdout, table)
	if *out != "" {
		if err := runbin.WriteSection(*out, "<!-- abuse:start -->", "<!-- abuse:end -->", "\n"+table); err != nil {
			return err
		}
	}
	for _, r := range results {
		if !r.held {
			return fmt.Errorf("an attack got through: %s (%s)", r.attack, r.outcome)
		}
	}
	return nil
}

// safely runs a probe; a probe that breaks is reported, not fatal.
func safely(probe func(*browser) []result, local *browser) (rs []result) {
	defer func() {
		if p := recover(); p != nil {
			rs = []result{{item: "?", attack: "a probe failed to run", outcome: fmt.Sprint(p)}}
		}
	}()
	return probe(local)
}

func render(rs []result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s by `go run ./cmd/abuse -bin bin/crebit` (SQLite, real limits, 127.0.0.1).\n\n", time.Now().UTC().Format("2006-01-02"))
	b.WriteString("| Item | Attack | Now | Held |\n|---|---|---|---|\n")
	for _, r := range rs {
		held := "yes"
		if !r.held {
			held = "**no**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", r.item, r.attack, r.outcome, held)
	}
	return b.String()
}

// serve starts the binary on a free port with a fresh data directory,
// loopback proxies trusted (so a probe can claim any client address) and
// the given settings; it returns a loopback browser, a stop function and
// the process id.
func serve(ctx context.Context, bin, dataDir string, env ...string) (*browser, func(), int, error) {
	port, err := runbin.FreePort()
	if err != nil {
		return nil, nil, 0, err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, nil, 0, err
	}
	cmd := exec.Command(bin, "serve")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "CREBIT_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "CREBIT_ADDR=127.0.0.1:"+strconv.Itoa(port), "CREBIT_DATA_DIR="+dataDir,
		"CREBIT_TRUSTED_PROXIES=127.0.0.0/8", "CREBIT_LOG_LEVEL=warn")
	cmd.Env = append(cmd.Env, env...)
	logf, err := os.Create(dataDir + ".log")
	if err != nil {
		return nil, nil, 0, err
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return nil, nil, 0, err
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	stop := func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		logf.Close()
	}
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	if err := runbin.WaitHealthy(ctx, base, 60*time.Second, done); err != nil {
		stop()
		b, _ := os.ReadFile(dataDir + ".log")
		return nil, nil, 0, errors.Join(err, errors.New(string(b)))
	}
	return newBrowser(base, ""), stop, cmd.Process.Pid, nil
}

// rss is the process's resident memory in MiB.
func rss(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}
