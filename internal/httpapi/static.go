package httpapi

import (
	"bytes"
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// static serves the embedded web app. Vite's hashed files under /assets/ are
// cached for a year; index.html is revalidated on every visit; any other path
// that is not a file gets index.html, so the client router decides what to
// show (including its 404 page). A missing /assets/ file is a real 404:
// answering HTML for a script would only hide the error.
type static struct {
	files fs.FS
	index []byte
	mod   time.Time
}

func newStatic(files fs.FS) *static {
	s := &static{files: files, mod: time.Now()}
	if b, err := fs.ReadFile(files, "index.html"); err == nil {
		s.index = b
	} else {
		s.index = []byte("<!doctype html><title>Crebit</title><p>The web app is not built. Run make build.</p>")
	}
	return s
}

func (s *static) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" || name == "index.html" {
		s.serveIndex(w, r)
		return
	}
	f, err := s.files.Open(name)
	if err == nil {
		defer f.Close()
		if st, err := f.Stat(); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "public, max-age=3600")
			}
			if rs, ok := f.(interface {
				Read([]byte) (int, error)
				Seek(int64, int) (int64, error)
			}); ok {
				http.ServeContent(w, r, name, s.mod, rs)
				return
			}
		}
	}
	if strings.HasPrefix(name, "assets/") || (err != nil && !errors.Is(err, fs.ErrNotExist)) {
		http.NotFound(w, r)
		return
	}
	s.serveIndex(w, r)
}

func (s *static) serveIndex(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, "index.html", s.mod, bytes.NewReader(s.index))
}
