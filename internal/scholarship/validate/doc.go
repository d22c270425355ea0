// Package validate decides what of the scholarship catalog may be served:
// each record decoded strictly against the schema, with every problem
// named (Decode, LoadDir), and the catalog's freshness report that
// crebit scholarships check prints (CheckCatalog).
package validate
