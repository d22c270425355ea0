package bpwire

import (
	"context"
	"net/http"
	"runtime/pprof"
)

// The sandbox's part in CPU profiles: what it runs is labelled
// part=sandbox, so a measurement (cmd/loadtest's per-lifecycle CPU) can
// tell Crebit's own work from the partner's work the embedded sandbox
// stands in for, which a deployment talking to BlindPay does not do.
var profileLabels = pprof.Labels("part", "sandbox")

// AsSandbox runs fn with the sandbox's profile label.
func AsSandbox(ctx context.Context, fn func(context.Context) error) (err error) {
	pprof.Do(ctx, profileLabels, func(ctx context.Context) { err = fn(ctx) })
	return err
}

// Profiled serves h with the sandbox's profile label.
func Profiled(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pprof.Do(r.Context(), profileLabels, func(ctx context.Context) { h.ServeHTTP(w, r.WithContext(ctx)) })
	})
}
