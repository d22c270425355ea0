package store_test

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/store"
)

// sqliteCatalog describes a migrated SQLite database as sorted fact lines,
// read from sqlite_master and the table_info, index_list, index_info and
// foreign_key_list pragmas.
func sqliteCatalog(ctx context.Context, t *testing.T, db *store.DB) []string {
	t.Helper()
	q := db.SQLDB()
	strs := func(query string, args ...any) []string {
		t.Helper()
		rs, err := q.QueryContext(ctx, query, args...)
		if err != nil {
			t.Fatalf("sqlite catalog: %v", err)
		}
		defer rs.Close()
		var out []string
		for rs.Next() {
			var s sql.NullString
			if err := rs.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s.String)
		}
		if err := rs.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	var facts []string
	tables := strs(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	for _, table := range tables {
		if toolTable(table) {
			if strings.HasPrefix(table, "river_") {
				facts = append(facts, "river table "+table)
			}
			continue
		}
		facts = append(facts, "table "+table)

		// Columns and the primary key.
		rs, err := q.QueryContext(ctx, `SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid`, table)
		if err != nil {
			t.Fatal(err)
		}
		type col struct {
			name, typ string
			notNull   bool
			dflt      sql.NullString
			pk        int
		}
		var all []col
		for rs.Next() {
			var c col
			if err := rs.Scan(&c.name, &c.typ, &c.notNull, &c.dflt, &c.pk); err != nil {
				t.Fatal(err)
			}
			all = append(all, c)
		}
		rs.Close()
		var pk []col
		for _, c := range all {
			if c.pk > 0 {
				pk = append(pk, c)
			}
		}
		slices.SortFunc(pk, func(a, b col) int { return a.pk - b.pk })
		// A lone INTEGER PRIMARY KEY is the rowid: never NULL, assigned on insert.
		rowid := len(pk) == 1 && strings.EqualFold(pk[0].typ, "INTEGER")
		var pkNames []string
		for _, c := range pk {
			pkNames = append(pkNames, c.name)
		}
		if len(pk) > 0 {
			facts = append(facts, "primary key "+table+" "+cols(pkNames))
		}
		for _, c := range all {
			notNull := c.notNull
			if c.pk > 0 {
				if !notNull && !rowid {
					facts = append(facts, "primary key column "+table+"."+c.name+" accepts NULL")
				}
				notNull = true // reported above when SQLite does not enforce it
			}
			facts = append(facts, column(table, c.name, sqliteType(c.typ), notNull, normExpr(c.dflt.String), rowid && c.pk > 0))
		}

		// Indexes: explicit ones by name, UNIQUE constraints by their columns;
		// the primary key's own index is the primary key fact above.
		rs, err = q.QueryContext(ctx, `SELECT name, "unique", origin, partial FROM pragma_index_list(?)`, table)
		if err != nil {
			t.Fatal(err)
		}
		type idx struct {
			name, origin    string
			unique, partial bool
		}
		var idxs []idx
		for rs.Next() {
			var i idx
			if err := rs.Scan(&i.name, &i.unique, &i.origin, &i.partial); err != nil {
				t.Fatal(err)
			}
			idxs = append(idxs, i)
		}
		rs.Close()
		for _, i := range idxs {
			columns := strs(`SELECT coalesce(name, '<expression>') FROM pragma_index_info(?) ORDER BY seqno`, i.name)
			switch i.origin {
			case "pk":
				continue
			case "u":
				facts = append(facts, "unique constraint "+table+" "+cols(columns))
				continue
			}
			f := "index " + i.name + " on " + table + " " + cols(columns)
			if i.unique {
				f += " unique"
			}
			if i.partial {
				def := strs(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`, i.name)
				_, where, _ := strings.Cut(strings.ToLower(def[0]), " where ")
				f += " where " + normExpr(where)
			}
			facts = append(facts, f)
		}

		// Foreign keys, one line per constraint.
		rs, err = q.QueryContext(ctx, `SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq`, table)
		if err != nil {
			t.Fatal(err)
		}
		type fk struct {
			ref      string
			from, to []string
		}
		fks := map[int]*fk{}
		var order []int
		for rs.Next() {
			var id int
			var ref, from string
			var to sql.NullString
			if err := rs.Scan(&id, &ref, &from, &to); err != nil {
				t.Fatal(err)
			}
			if fks[id] == nil {
				fks[id] = &fk{ref: ref}
				order = append(order, id)
			}
			fks[id].from = append(fks[id].from, from)
			fks[id].to = append(fks[id].to, to.String)
		}
		rs.Close()
		for _, id := range order {
			f := fks[id]
			facts = append(facts, "foreign key "+table+" "+cols(f.from)+" references "+f.ref+" "+cols(f.to))
		}
	}
	slices.Sort(facts)
	return facts
}

// postgresCatalog describes the migrated PostgreSQL schema (the connection's
// current_schema) as sorted fact lines, read from information_schema.columns,
// pg_index and pg_constraint.
func postgresCatalog(ctx context.Context, t *testing.T, db *store.DB) []string {
	t.Helper()
	pool := db.Pool()
	var facts []string

	rs, err := pool.Query(ctx, `SELECT table_name, column_name, data_type, is_nullable = 'NO',
		coalesce(column_default, ''), is_identity = 'YES' OR coalesce(column_default, '') LIKE 'nextval(%'
		FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`)
	if err != nil {
		t.Fatalf("postgres catalog: %v", err)
	}
	seen := map[string]bool{}
	for rs.Next() {
		var table, name, typ, dflt string
		var notNull, generated bool
		if err := rs.Scan(&table, &name, &typ, &notNull, &dflt, &generated); err != nil {
			t.Fatal(err)
		}
		if toolTable(table) {
			if strings.HasPrefix(table, "river_") && !seen[table] {
				facts = append(facts, "river table "+table)
			}
			seen[table] = true
			continue
		}
		if !seen[table] {
			facts = append(facts, "table "+table)
			seen[table] = true
		}
		if generated {
			dflt = "" // a sequence default is how PostgreSQL generates; SQLite's rowid has none
		}
		facts = append(facts, column(table, name, postgresType(typ), notNull, normExpr(dflt), generated))
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}

	// Indexes, with the constraint (primary key or unique) that owns them, if any.
	rs, err = pool.Query(ctx, `SELECT t.relname, i.relname, ix.indisunique, coalesce(con.contype::text, ''),
		coalesce(pg_get_expr(ix.indpred, ix.indrelid), ''),
		ARRAY(SELECT coalesce(a.attname::text, '<expression>') FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(num, ord)
			LEFT JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.num ORDER BY k.ord)
		FROM pg_index ix
		JOIN pg_class i ON i.oid = ix.indexrelid
		JOIN pg_class t ON t.oid = ix.indrelid
		JOIN pg_namespace n ON n.oid = t.relnamespace
		LEFT JOIN pg_constraint con ON con.conindid = ix.indexrelid AND con.contype IN ('p', 'u')
		WHERE n.nspname = current_schema() ORDER BY t.relname, i.relname`)
	if err != nil {
		t.Fatalf("postgres indexes: %v", err)
	}
	for rs.Next() {
		var table, name, contype, pred string
		var unique bool
		var columns []string
		if err := rs.Scan(&table, &name, &unique, &contype, &pred, &columns); err != nil {
			t.Fatal(err)
		}
		if toolTable(table) {
			continue
		}
		switch contype {
		case "p":
			facts = append(facts, "primary key "+table+" "+cols(columns))
		case "u":
			facts = append(facts, "unique constraint "+table+" "+cols(columns))
		default:
			f := "index " + name + " on " + table + " " + cols(columns)
			if unique {
				f += " unique"
			}
			if pred != "" {
				f += " where " + normExpr(pred)
			}
			facts = append(facts, f)
		}
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}

	rs, err = pool.Query(ctx, `SELECT t.relname, r.relname,
		ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
			JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.ord),
		ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
			JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.ord)
		FROM pg_constraint con
		JOIN pg_class t ON t.oid = con.conrelid
		JOIN pg_class r ON r.oid = con.confrelid
		JOIN pg_namespace n ON n.oid = t.relnamespace
		WHERE con.contype = 'f' AND n.nspname = current_schema()`)
	if err != nil {
		t.Fatalf("postgres foreign keys: %v", err)
	}
	for rs.Next() {
		var table, ref string
		var from, to []string
		if err := rs.Scan(&table, &ref, &from, &to); err != nil {
			t.Fatal(err)
		}
		if !toolTable(table) {
			facts = append(facts, "foreign key "+table+" "+cols(from)+" references "+ref+" "+cols(to))
		}
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(facts)
	return facts
}
