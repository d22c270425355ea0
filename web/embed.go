//go:build embed

// Package web holds the built React app. With the "embed" build tag (used by
// make build) the Vite output in dist/ is compiled into the binary; without
// it (plain go test) a slim stand-in keeps the Go build independent of npm.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// FS returns the built app, rooted at dist/.
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}

// Embedded reports whether the real build is compiled in.
const Embedded = true
