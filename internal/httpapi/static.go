package httpapi

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"mime"
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
			if s.servePrecompressed(w, r, name) {
				return
			}
			if rs, ok := f.(io.ReadSeeker); ok {
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
	if s.servePrecompressed(w, r, "index.html") {
		return
	}
	http.ServeContent(w, r, "index.html", s.mod, bytes.NewReader(s.index))
}

// encodings the build precompresses (web/scripts/precompress.mjs), best first.
var encodings = []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// servePrecompressed sends name's .br or .gz sibling when the browser
// accepts it: the smallest bytes, and no compression work per request.
func (s *static) servePrecompressed(w http.ResponseWriter, r *http.Request, name string) bool {
	accept := r.Header.Get("Accept-Encoding")
	if accept == "" || r.Header.Get("Range") != "" {
		return false
	}
	for _, e := range encodings {
		if !acceptsEncoding(accept, e.token) {
			continue
		}
		b, err := fs.ReadFile(s.files, name+e.ext)
		if err != nil {
			continue
		}
		h := w.Header()
		if h.Get("Content-Type") == "" {
			if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
				h.Set("Content-Type", ct)
			}
		}
		h.Set("Content-Encoding", e.token)
		h.Add("Vary", "Accept-Encoding")
		http.ServeContent(w, r, name, s.mod, bytes.NewReader(b))
		return true
	}
	return false
}

// acceptsEncoding reports whether an Accept-Encoding value allows token
// (present, and not with q=0).
func acceptsEncoding(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), token) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
