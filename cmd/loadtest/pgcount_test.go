package main

import "testing"

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
