package app

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/crebit/crebit/internal/scholarship"
	"github.com/crebit/crebit/internal/service"
)

// scholarshipsImport validates the catalog shipped in the binary and writes
// it into the database (serve does the same at start-up).
func scholarshipsImport(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	ps, err := service.LoadCatalog(time.Now())
	if err != nil {
		return err
	}
	_, db, err := openDB(ctx, args, getenv)
	if err != nil {
		return err
	}
	defer db.Close()
	w, r, err := service.ImportCatalog(ctx, db, ps, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "scholarships import: %d programs valid; %d written, %d removed (%s database)\n", len(ps), w, r, db.Engine())
	return nil
}

// scholarshipsCheck lists the programs whose verified_at is more than 12
// months old, so the catalog can be refreshed; it does not fail on them.
func scholarshipsCheck(stdout io.Writer, now time.Time) error {
	ps, err := service.LoadCatalog(now)
	if err != nil {
		return err
	}
	stale := scholarship.Stale(ps, now)
	for _, p := range stale {
		fmt.Fprintf(stdout, "%s\tverified %s\t%s\n", p.ID, p.VerifiedAt, p.OfficialURL)
	}
	fmt.Fprintf(stdout, "scholarships check: %d of %d programs verified more than 12 months ago\n", len(stale), len(ps))
	return nil
}
