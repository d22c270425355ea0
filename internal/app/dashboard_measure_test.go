package app_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestMeasureDashboard measures GET /api/dashboard/overview and the first
// page of transactions for an account with 1,000 payments, on both engines,
// and prints the query plans (docs/PERFORMANCE.md). It runs only with
// CREBIT_MEASURE_DASHBOARD=1:
//
//	CREBIT_MEASURE_DASHBOARD=1 CREBIT_REQUIRE_POSTGRES=1 go test ./internal/app -run TestMeasureDashboard -v -timeout 20m
func TestMeasureDashboard(t *testing.T) {
	if os.Getenv("CREBIT_MEASURE_DASHBOARD") != "1" {
		t.Skip("set CREBIT_MEASURE_DASHBOARD=1 to measure")
	}
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			h := apptest.New(t, e, apptest.Env("CREBIT_RATE_LIMIT_SCALE", "0"))
			p := h.NewAccountPayer("measure@example.com", apptest.CPF)
			// Another account's payments share the tables, as in production.
			o := h.NewAccountPayer("other@example.com", apptest.CPF2)
			const payments = 1000
			for i := range payments {
				p.Pay(fmt.Sprintf("%d.%02d", 20+i%500, i%100))
				if i%4 == 0 {
					o.Pay("25.00")
				}
			}
			var acc string
			ctx := context.Background()
			h.DB.Tx(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT account_id FROM payments WHERE customer_id = ? LIMIT 1`, p.CustomerID).Scan(&acc)
			})
			for _, path := range []string{"/api/dashboard/overview", "/api/dashboard/transactions?page=1", "/api/dashboard/transactions?page=50"} {
				for range 20 { // warm up
					p.MustOK("GET", path, nil)
				}
				var lat []time.Duration
				for range 500 {
					t0 := time.Now()
					p.MustOK("GET", path, nil)
					lat = append(lat, time.Since(t0))
				}
				slices.Sort(lat)
				t.Logf("%s %s, %d payments: p50 %v, p99 %v", e, path, payments, lat[len(lat)/2].Round(10*time.Microsecond),
					lat[len(lat)*99/100].Round(10*time.Microsecond))
			}
			for _, q := range []string{
				`SELECT SUM(amount_usd), COUNT(*) FROM payments WHERE account_id = ?`,
				`SELECT p.id FROM payments p LEFT JOIN payment_authorizations a ON a.payment_id = p.id
					LEFT JOIN external_accounts e ON e.id = p.external_account_id
					WHERE p.account_id = ? ORDER BY p.created_at DESC, p.id DESC LIMIT 20 OFFSET 0`,
			} {
				var lines []string
				if err := h.DB.Tx(ctx, func(tx *store.Tx) (err error) { lines, err = tx.Explain(ctx, q, acc); return }); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s plan of %s:\n  %s", e, strings.Join(strings.Fields(q), " "), strings.Join(lines, "\n  "))
			}
		})
	}
}
