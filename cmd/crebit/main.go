// Command crebit serves Crebit: the web app, the JSON API, the background
// jobs and (by default) the embedded sandbox partner, from one binary.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/crebit/crebit/internal/app"
)

// gcPercent is the garbage collector's target when GOGC is not set: the
// heap may grow to three times what is live before a collection, not twice.
// At 64 payers that took 17-19% off Crebit's CPU per payment for about
// 25 MiB more memory (docs/PERFORMANCE.md, "GOGC"). GOGC, when set, wins.
const gcPercent = 200

func main() {
	defaultGC(os.LookupEnv)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// defaultGC sets the collector's target to gcPercent unless GOGC is set.
func defaultGC(lookup func(string) (string, bool)) {
	if _, set := lookup("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
}
