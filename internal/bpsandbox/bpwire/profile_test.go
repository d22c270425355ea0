package bpwire

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime/pprof"
	"testing"
)

// What the sandbox runs carries its profile label, and what runs after it
// on the same goroutine does not.
func TestSandboxWorkIsLabelled(t *testing.T) {
	ctx := context.Background()
	var in string
	if err := AsSandbox(ctx, func(ctx context.Context) error {
		in, _ = pprof.Label(ctx, "part")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if in != "sandbox" {
		t.Errorf("inside AsSandbox part=%q, want sandbox", in)
	}
	var served string
	Profiled(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served, _ = pprof.Label(r.Context(), "part")
	})).ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	if served != "sandbox" {
		t.Errorf("served by Profiled part=%q, want sandbox", served)
	}
	if v, ok := pprof.Label(ctx, "part"); ok {
		t.Errorf("outside: part=%q", v)
	}
}
