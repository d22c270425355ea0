package store_test

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// The two migration sets (migrations/sqlite and migrations/postgres) are
// written by hand. TestSchemaParity migrates a fresh database on each engine,
// reads each one's catalog, describes it as one line per fact in a common
// vocabulary and fails on every line only one engine has.

// knownDrift lists differences accepted today, each with why. Patterns are
// path.Match globs over the fact lines printed by the test. An entry that no
// longer matches anything fails the test, so the list only shrinks.
var knownDrift = nullablePrimaryKeys()

// drift is one accepted difference: a fact only one engine has, and why.
type drift struct {
	engine  store.Engine
	pattern string
	why     string
}

// nullablePKColumns are the SQLite tables' keys (table.column) that migrations
// up to 00072 created as TEXT PRIMARY KEY without NOT NULL. SQLite lets such a column
// hold NULL (a documented quirk); PostgreSQL makes every primary key column
// NOT NULL. Every insert supplies an id, so no NULL id is ever written, and
// fixing one needs a table rebuild in a new SQLite migration. Named one by one
// so that a new table cannot join them: declare its key NOT NULL.
var nullablePKColumns = []string{
	"account_tokens.hash", "accounts.id", "auth_limits.key", "authorization_consents.id",
	"check_waitlist.account_id", "customers.id", "external_accounts.id", "ledger_transactions.id",
	"outbox.id", "payment_authorizations.payment_id", "payment_recipients.payment_id",
	"payments.id", "quotes.id", "referral_arrivals.session_id", "referral_codes.code",
	"referral_rewards.id", "referrals.id", "scholarship_filter_sets.id", "scholarship_profiles.id",
	"scholarship_programs.id", "sessions.id", "signin_events.id", "subscribers.email",
	"webhook_events.id",
}

func nullablePrimaryKeys() []drift {
	var out []drift
	for _, c := range nullablePKColumns {
		out = append(out, drift{store.SQLite, "primary key column " + c + " accepts NULL",
			"a TEXT PRIMARY KEY without NOT NULL (see nullablePKColumns)"})
	}
	return out
}

// toolTable reports River's and goose's own tables: they come from their tools'
// migrations (River's differ by driver by design), so only River's table names are compared.
func toolTable(name string) bool {
	return strings.HasPrefix(name, "river_") || name == "goose_db_version"
}

func TestSchemaParity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	facts := map[store.Engine][]string{
		store.SQLite:   sqliteCatalog(ctx, t, storetest.Open(t, store.SQLite)),
		store.Postgres: postgresCatalog(ctx, t, storetest.Open(t, store.Postgres)),
	}
	if len(facts[store.SQLite]) < 50 || len(facts[store.Postgres]) < 50 {
		t.Fatalf("catalog reading found too little: %d SQLite facts, %d PostgreSQL facts",
			len(facts[store.SQLite]), len(facts[store.Postgres]))
	}
	only := map[store.Engine][]string{
		store.SQLite:   minus(facts[store.SQLite], facts[store.Postgres]),
		store.Postgres: minus(facts[store.Postgres], facts[store.SQLite]),
	}
	used := make([]bool, len(knownDrift))
	var diff strings.Builder
	for _, e := range storetest.Engines {
		for _, f := range only[e] {
			allowed := false
			for i, k := range knownDrift {
				if ok, _ := path.Match(k.pattern, f); ok && k.engine == e {
					used[i], allowed = true, true
				}
			}
			if allowed {
				t.Logf("known drift, only on %s: %s", e, f)
			} else {
				fmt.Fprintf(&diff, "  only on %-8s %s\n", string(e)+":", f)
			}
		}
	}
	if diff.Len() > 0 {
		t.Errorf("the SQLite and PostgreSQL schemas differ after migration "+
			"(fix the migrations, or add an entry with a reason to knownDrift):\n%s", diff.String())
	}
	for i, k := range knownDrift {
		if !used[i] {
			t.Errorf("knownDrift entry %q (%s) matches nothing any more: remove it", k.pattern, k.engine)
		}
	}
}

// minus returns the lines of a that are not in b.
func minus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// column describes one column in the common vocabulary.
func column(table, name, typ string, notNull bool, dflt string, generated bool) string {
	s := fmt.Sprintf("column %s.%s %s", table, name, typ)
	if notNull {
		s += " not null"
	} else {
		s += " null"
	}
	if dflt != "" {
		s += " default " + dflt
	}
	if generated {
		s += " generated"
	}
	return s
}

// sqliteType maps a declared SQLite type to the common vocabulary. SQLite's
// INTEGER holds 64 bits, so it matches PostgreSQL's BIGINT.
func sqliteType(decl string) string {
	switch strings.ToUpper(decl) {
	case "TEXT":
		return "text"
	case "INTEGER", "INT", "BIGINT":
		return "int64"
	case "TIMESTAMP", "DATETIME":
		return "timestamp"
	case "BOOLEAN":
		return "boolean"
	case "NUMERIC", "DECIMAL":
		return "numeric"
	case "BLOB":
		return "bytes"
	case "REAL":
		return "float64"
	}
	return "sqlite:" + decl
}

// postgresType maps information_schema.columns.data_type to the common
// vocabulary. A timestamp without time zone is deliberately its own type:
// every time column is TIMESTAMPTZ.
func postgresType(dataType string) string {
	switch dataType {
	case "text":
		return "text"
	case "bigint":
		return "int64"
	case "integer":
		return "int32"
	case "smallint":
		return "int16"
	case "timestamp with time zone":
		return "timestamp"
	case "boolean":
		return "boolean"
	case "numeric":
		return "numeric"
	case "bytea":
		return "bytes"
	case "double precision":
		return "float64"
	}
	return "postgres:" + dataType
}

// normExpr makes a default or an index predicate comparable: PostgreSQL adds
// casts and parentheses that SQLite keeps as written.
func normExpr(s string) string {
	s = strings.ToLower(s)
	for _, c := range []string{"::text", "::bigint", "::integer", "::timestamp with time zone", "(", ")", " "} {
		s = strings.ReplaceAll(s, c, "")
	}
	return s
}

func cols(c []string) string { return "(" + strings.Join(c, ", ") + ")" }

// TestSchemaCatalogSeesChanges proves the catalog readers notice what the
// parity test is meant to catch: the same change made on either engine shows
// up as the same new fact lines.
func TestSchemaCatalogSeesChanges(t *testing.T) {
	t.Parallel()
	catalog := map[store.Engine]func(context.Context, *testing.T, *store.DB) []string{
		store.SQLite: sqliteCatalog, store.Postgres: postgresCatalog,
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		before := catalog[db.Engine()](ctx, t, db)
		err := db.Tx(ctx, func(tx *store.Tx) error {
			for _, ddl := range []string{
				`ALTER TABLE quotes ADD COLUMN note BIGINT NOT NULL DEFAULT 7`,
				`CREATE UNIQUE INDEX quotes_symbol ON quotes (symbol, local_currency) WHERE symbol <> 'x'`,
				`CREATE TABLE extra (id TEXT NOT NULL PRIMARY KEY, quote_id TEXT REFERENCES quotes (id), at TIMESTAMPTZ)`,
			} {
				if db.Engine() == store.SQLite {
					ddl = strings.ReplaceAll(ddl, "TIMESTAMPTZ", "TIMESTAMP")
				}
				if _, err := tx.Exec(ctx, ddl); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		got := minus(catalog[db.Engine()](ctx, t, db), before)
		want := []string{
			"column extra.at timestamp null",
			"column extra.id text not null",
			"column extra.quote_id text null",
			"column quotes.note int64 not null default 7",
			"foreign key extra (quote_id) references quotes (id)",
			"index quotes_symbol on quotes (symbol, local_currency) unique where symbol<>'x'",
			"primary key extra (id)",
			"table extra",
		}
		if !slices.Equal(got, want) {
			t.Fatalf("new facts:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	})
}
