// Package runbin holds what the repo's measuring commands (cmd/loadtest,
// cmd/livebench) share: starting and stopping the real binary, waiting for
// it to be healthy, a throw-away PostgreSQL database and the pids of its
// backends, a process's memory and CPU time, a free port, and rewriting one
// marked section of docs/PERFORMANCE.md.
package runbin

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// StartServer runs bin serve with only the given CREBIT_ variables (none
// inherited; later ones win), logging to logPath. stop sends SIGTERM and
// waits, then kills; exited closes when the process ends.
func StartServer(bin string, env []string, logPath string) (stop func(), exited <-chan struct{}, err error) {
	stop, exited, _, err = StartServerPID(bin, env, logPath)
	return stop, exited, err
}

// StartServerPID is StartServer that also returns the process id (for
// reading /proc/PID: Memory).
func StartServerPID(bin string, env []string, logPath string) (stop func(), exited <-chan struct{}, pid int, err error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, nil, 0, err
	}
	cmd := exec.Command(bin, "serve")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "CREBIT_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, nil, 0, err
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	return func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		logFile.Close()
	}, done, cmd.Process.Pid, nil
}

// WaitHealthy waits until base answers /healthz with 200, the server exits, or limit passes.
func WaitHealthy(ctx context.Context, base string, limit time.Duration, exited <-chan struct{}) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-exited:
			return errors.New("the server exited before answering /healthz")
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("no healthy answer from %s/healthz within %s", base, limit)
}

// CreateDatabase makes a fresh database named prefix + 8 random hex
// characters on the server at serverURL, and returns its URL and a function
// that drops it.
func CreateDatabase(ctx context.Context, serverURL, prefix string) (string, func(), error) {
	u, err := url.Parse(serverURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "", nil, errors.New("-postgres must be a postgres:// URL")
	}
	b := make([]byte, 4)
	rand.Read(b)
	name := prefix + hex.EncodeToString(b)
	// pool_* settings (pool_max_conns=16) are for the server's pgxpool; a
	// single pgx connection would send them to PostgreSQL as parameters.
	admin := *u
	q := admin.Query()
	for k := range q {
		if strings.HasPrefix(k, "pool_") {
			q.Del(k)
		}
	}
	admin.RawQuery = q.Encode()
	execSQL := func(ctx context.Context, sql string) error {
		conn, err := pgx.Connect(ctx, admin.String())
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, sql)
		return err
	}
	if err := execSQL(ctx, "CREATE DATABASE "+name); err != nil {
		return "", nil, fmt.Errorf("create database: %w", err)
	}
	drop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := execSQL(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			fmt.Fprintf(os.Stderr, "drop database %s: %v\n", name, err)
		}
	}
	u.Path = "/" + name
	return u.String(), drop, nil
}

// WriteSection replaces the text between the start and end markers of the
// file at path, creating the file or appending the markers when missing.
// Nothing outside the markers changes.
func WriteSection(path, start, end, content string) error {
	old, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		old, err = []byte("# Performance\n"), nil
	}
	if err != nil {
		return err
	}
	s := string(old)
	i, j := strings.Index(s, start), strings.Index(s, end)
	switch {
	case i < 0 && j < 0:
		s = strings.TrimRight(s, "\n") + "\n\n" + start + content + "\n" + end + "\n"
	case i < 0 || j < i:
		return fmt.Errorf("%s: markers %s and %s are missing or out of order", path, start, end)
	default:
		s = s[:i+len(start)] + content + "\n" + s[j:]
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

// FreePort is a free TCP port on 127.0.0.1.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// SharedSecrets are fresh secrets for instances that share one database
// (the same webhook secret, encryption key and sandbox API key).
func SharedSecrets() []string {
	random := func(n int) string {
		b := make([]byte, n)
		rand.Read(b)
		return base64.StdEncoding.EncodeToString(b)
	}
	return []string{"CREBIT_WEBHOOK_SECRET=whsec_" + random(32), "CREBIT_ENCRYPTION_KEY=" + random(32),
		"CREBIT_PARTNER_API_KEY=sk_sandbox_" + hex.EncodeToString([]byte(random(12)))}
}

// LedgerCheck runs `crebit ledger check` with env (the run's database) and
// reports what it printed and whether it passed.
func LedgerCheck(ctx context.Context, bin string, env []string) (string, bool) {
	cmd := exec.CommandContext(ctx, bin, "ledger", "check")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "CREBIT_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return strings.TrimSpace(out.String()), err == nil
}
