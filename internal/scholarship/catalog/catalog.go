// Package catalog embeds the scholarship catalog: one JSON record per
// program, <id>.json, in this directory (schema in package scholarship,
// validation in scholarship/validate). The files are shipped in the binary,
// so every instance builds the same index from them at start-up.
package catalog

import (
	"embed"
	"io/fs"
)

//go:embed *
var files embed.FS

// FS is the directory of records.
func FS() fs.FS { return files }
