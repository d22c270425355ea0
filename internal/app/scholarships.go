package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/crebit/crebit/internal/scholarship/validate"
	"github.com/crebit/crebit/internal/scholarships"
)

// scholarshipsImport validates the catalog shipped in the binary and writes
// it into the database (serve does the same at start-up).
func scholarshipsImport(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	ps, err := scholarships.LoadCatalog(time.Now())
	if err != nil {
		return err
	}
	_, db, err := openDB(ctx, args, getenv)
	if err != nil {
		return err
	}
	defer db.Close()
	w, r, err := scholarships.ImportCatalog(ctx, db, ps, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "scholarships import: %d programs valid; %d written, %d removed (%s database)\n", len(ps), w, r, db.Engine())
	return nil
}

// errPastDue makes `crebit scholarships check` exit non-zero (CI runs it).
var errPastDue = errors.New("scholarships check: records past 24 months without a check_note")

// scholarshipsCheck reports the facts whose newest source content is more
// than 12 months old, the facts no source dates, and the programs with no
// official source; it fails when a record's sources are all more than 24
// months old and no check_note says why it is still shipped.
func scholarshipsCheck(stdout io.Writer, now time.Time) error {
	ps, err := scholarships.LoadCatalog(now)
	if err != nil {
		return err
	}
	r := validate.CheckCatalog(ps, now)
	for _, f := range r.StaleFacts {
		fmt.Fprintf(stdout, "stale\t%s\t%s\tsource content %s\n", f.ID, f.Fact, f.Content)
	}
	for _, f := range r.Undated {
		fmt.Fprintf(stdout, "undated\t%s\t%s\tno source shows a content date\n", f.ID, f.Fact)
	}
	for _, id := range r.NoOfficial {
		fmt.Fprintf(stdout, "no-official-source\t%s\n", id)
	}
	for _, id := range r.PastDue {
		fmt.Fprintf(stdout, "past-24-months\t%s\tadd a check_note, refresh the record or mark it discontinued\n", id)
	}
	fmt.Fprintf(stdout, "scholarships check: %d programs; %d stale facts (source content over 12 months old), %d undated facts, %d programs without an official source, %d past 24 months without a note\n",
		r.Programs, len(r.StaleFacts), len(r.Undated), len(r.NoOfficial), len(r.PastDue))
	pct := func(n int) string { return fmt.Sprintf("%d (%d%%)", n, (n*200+r.Programs)/max(2*r.Programs, 1)) } // rounded
	fmt.Fprintf(stdout, "scholarships check: with an amount or range %s; with a dated deadline %s, of the current or last cycle (at most 24 months past) %s; with an official source %s\n",
		pct(r.WithAmount), pct(r.WithDate), pct(r.WithRecentDate), pct(r.WithOfficial))
	if len(r.PastDue) > 0 {
		return errPastDue
	}
	return nil
}
