package main

import (
	"runtime/debug"
	"testing"
)

// The collector runs at gcPercent unless GOGC is set, and then GOGC's
// value (which the runtime read at start) stays.
func TestDefaultGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(before) })

	defaultGC(func(string) (string, bool) { return "", false })
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Fatalf("GOGC unset: the collector's target is %d, want %d", got, gcPercent)
	}
	defaultGC(func(k string) (string, bool) { return "100", k == "GOGC" })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("GOGC=100: the collector's target is %d, want it left at 100", got)
	}
}
