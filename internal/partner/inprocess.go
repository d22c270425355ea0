package partner

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
)

// InProcess is a transport that hands each request to h in this process,
// with no connection: for a partner embedded in the same binary (the
// sandbox), so a call keeps the partner's HTTP contract — method, path,
// headers, JSON bodies, status codes — without a loopback TCP round trip
// through the public listener. The handler runs on the calling goroutine
// with the request's context (the client's timeout still ends it).
func InProcess(h http.Handler) http.RoundTripper { return inProcess{h} }

type inProcess struct{ h http.Handler }

func (t inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	// A handler gets what a server would give it; the caller's request
	// stays untouched.
	in := req.Clone(req.Context())
	if in.Body == nil {
		in.Body = http.NoBody
	}
	in.RequestURI, in.RemoteAddr = req.URL.RequestURI(), "in-process"
	in.Proto, in.ProtoMajor, in.ProtoMinor = "HTTP/1.1", 1, 1
	if in.Host == "" {
		in.Host = req.URL.Host
	}
	w := &recorder{header: http.Header{}}
	t.h.ServeHTTP(w, in)
	if req.Body != nil {
		req.Body.Close()
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return &http.Response{
		Status: strconv.Itoa(w.status) + " " + http.StatusText(w.status), StatusCode: w.status,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: w.header, Body: io.NopCloser(bytes.NewReader(w.body.Bytes())),
		ContentLength: int64(w.body.Len()), Request: req,
	}, nil
}

// recorder is the response a handler writes in process.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}
