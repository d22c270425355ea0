package runbin

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Backends are the pids of the PostgreSQL backends connected to the
// database at dbURL, other than the one asking; none when PostgreSQL runs
// elsewhere (its pids are then not in this machine's /proc) or cannot be
// read. pgxpool-only settings in dbURL are dropped for the one connection.
func Backends(ctx context.Context, dbURL string) []int {
	conn, err := pgx.Connect(ctx, stripPool(dbURL))
	if err != nil {
		return nil
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
	if err != nil {
		return nil
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var p int
		if rows.Scan(&p) == nil {
			if _, err := os.Stat(fmt.Sprintf("/proc/%d/stat", p)); err == nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// stripPool drops pgxpool-only settings from a URL for a single connection.
func stripPool(s string) string {
	i := strings.IndexByte(s, '?')
	if i < 0 {
		return s
	}
	var keep []string
	for _, kv := range strings.Split(s[i+1:], "&") {
		if !strings.HasPrefix(kv, "pool_") {
			keep = append(keep, kv)
		}
	}
	if len(keep) == 0 {
		return s[:i]
	}
	return s[:i] + "?" + strings.Join(keep, "&")
}
