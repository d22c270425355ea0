package main

import (
	"bytes"
	"sync/atomic"
	"testing"
)

// Statements differing in a constant count together; parameters, and
// digits inside names, are kept.
func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"SELECT  a1\n FROM t WHERE id = $1 LIMIT 50":             "SELECT a1 FROM t WHERE id = $1 LIMIT ?",
		"UPDATE river_job SET state = 'available' WHERE x > 2.5": "UPDATE river_job SET state = ? WHERE x > ?",
		"SELECT 'it''s', $12":                                    "SELECT ?, $12",
	} {
		if got := normalize(in); got != want {
			t.Errorf("normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// A transaction touching the sandbox's tables is the sandbox's; one of
// River's statements only, River's; anything else, Crebit's.
func TestWhose(t *testing.T) {
	for want, stmts := range map[string][]string{
		"the embedded sandbox": {"INSERT INTO bpsandbox_events (id) VALUES ($1)", "-- name: JobInsertFastMany :many WITH …"},
		"River":                {"-- name: JobGetAvailable :many WITH …"},
		"Crebit":               {"SELECT 1 FROM payments", "-- name: JobInsertFastMany :many WITH …"},
	} {
		if got := whose(stmts); got != want {
			t.Errorf("whose(%q) = %q, want %q", stmts, got, want)
		}
	}
}

// The proxy learns a connection's backend from the server's BackendKeyData
// and forwards every byte the server sends unchanged, before and after it.
func TestBackendPID(t *testing.T) {
	msg := func(typ byte, body ...byte) []byte {
		n := len(body) + 4
		return append([]byte{typ, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}, body...)
	}
	var in []byte
	in = append(in, msg('R', 0, 0, 0, 0)...)                       // AuthenticationOk
	in = append(in, msg('S', []byte("TimeZone\x00UTC\x00")...)...) // ParameterStatus
	in = append(in, msg('K', 0, 0, 0x30, 0x39, 1, 2, 3, 4)...)     // BackendKeyData: pid 12345
	in = append(in, msg('Z', 'I')...)                              // ReadyForQuery
	in = append(in, []byte("anything after, as it is")...)
	var out bytes.Buffer
	var pid atomic.Int64
	backendPID(&out, bytes.NewReader(in), &pid)
	if pid.Load() != 12345 {
		t.Errorf("pid %d, want 12345", pid.Load())
	}
	if !bytes.Equal(out.Bytes(), in) {
		t.Errorf("forwarded %q, want %q", out.Bytes(), in)
	}
}
