package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/crebit/crebit/internal/runbin"
	"github.com/jackc/pgx/v5"
)

// instance is one crebit process on 127.0.0.1 that can be killed -9 and
// started again with the same configuration.
type instance struct {
	bin, base, log string
	env            []string

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
	up   bool
}

// sharedEnv is the configuration every instance of one scenario shares:
// the secrets (so any instance reads the same sealed data and calls the
// sandbox with the same key), the embedded BlindPay sandbox with its
// payouts moved by the driver (no auto-advance), fast recovery, and no rate
// limits (all traffic comes from 127.0.0.1).
func sharedEnv(dataDir, dbURL string) []string {
	env := append(runbin.SharedSecrets(),
		"CREBIT_DATA_DIR="+dataDir, "CREBIT_PARTNER=blindpay-sandbox", "CREBIT_SANDBOX_AUTO_ADVANCE=0",
		"CREBIT_RATE_LIMIT_SCALE=0", "CREBIT_RECOVER_AFTER=2s", "CREBIT_RESCUE_AFTER=10s",
		"CREBIT_LOG_LEVEL=warn",
	)
	if dbURL != "" {
		env = append(env, "CREBIT_DATABASE_URL="+dbURL)
	}
	return env
}

func envValue(env []string, key string) string {
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

func newInstance(bin string, shared []string, logPath string) (*instance, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	return &instance{bin: bin, base: fmt.Sprintf("http://127.0.0.1:%d", port), log: logPath,
		env: append(append([]string{}, shared...), fmt.Sprintf("CREBIT_ADDR=127.0.0.1:%d", port))}, nil
}

// start runs the binary and waits for /healthz.
func (in *instance) start(ctx context.Context) error {
	logFile, err := os.OpenFile(in.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	cmd := exec.Command(in.bin, "serve")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "CREBIT_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, in.env...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return err
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); logFile.Close(); close(done) }()
	in.mu.Lock()
	in.cmd, in.done = cmd, done
	in.mu.Unlock()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(in.base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				in.mu.Lock()
				in.up = true
				in.mu.Unlock()
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-done:
			return fmt.Errorf("%s exited before answering /healthz (log %s)", in.base, in.log)
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("%s: no /healthz within a minute", in.base)
}

// kill sends SIGKILL: no shutdown, no flushing, whatever was in flight is cut.
func (in *instance) kill() {
	in.mu.Lock()
	cmd, done := in.cmd, in.done
	in.up = false
	in.mu.Unlock()
	if cmd != nil {
		cmd.Process.Kill()
		<-done
	}
}

// stop ends the process gracefully (SIGTERM), for the final checks.
func (in *instance) stop() {
	in.mu.Lock()
	cmd, done := in.cmd, in.done
	in.up = false
	in.mu.Unlock()
	if cmd == nil {
		return
	}
	cmd.Process.Signal(os.Interrupt)
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
	}
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// createDatabase makes a fresh database on the PostgreSQL at serverURL
// and returns its URL and a function that drops it.
func createDatabase(ctx context.Context, serverURL string) (string, func(), error) {
	u, err := url.Parse(serverURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "", nil, errors.New("-postgres must be a postgres:// URL")
	}
	b := make([]byte, 4)
	rand.Read(b)
	name := "crebit_chaos_" + hex.EncodeToString(b)
	execSQL := func(ctx context.Context, sql string) error {
		conn, err := pgx.Connect(ctx, u.String())
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
		execSQL(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	}
	db := *u
	db.Path = "/" + name
	return db.String(), drop, nil
}

// postgresReachable reports why the PostgreSQL server at serverURL cannot
// be used for scratch databases, or nil.
func postgresReachable(ctx context.Context, serverURL string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	return conn.Ping(ctx)
}
