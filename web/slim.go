//go:build !embed

package web

import (
	"io/fs"
	"testing/fstest"
)

// FS returns a stand-in app for builds without the "embed" tag.
func FS() fs.FS {
	return fstest.MapFS{
		"index.html": {Data: []byte("<!doctype html><html lang=\"en\"><head><title>Crebit</title></head>" +
			"<body><p>This binary was built without the web app. Run make build.</p></body></html>")},
		"robots.txt": {Data: []byte("User-agent: *\nAllow: /\n")},
	}
}

// Embedded reports whether the real build is compiled in.
const Embedded = false
