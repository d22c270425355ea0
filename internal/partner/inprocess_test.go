package partner

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestInProcessKeepsTheHTTPContract: a request handed to a handler in
// process arrives as a server would pass it (method, path, headers, body)
// and its answer comes back with its status, headers and body.
func TestInProcessKeepsTheHTTPContract(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /sandbox/v1/quotes", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.Header.Get("Authorization") != "Bearer k" || string(b) != `{"a":1}` || r.RequestURI != "/sandbox/v1/quotes?x=1" {
			http.Error(w, "bad request: "+r.Header.Get("Authorization")+" "+string(b)+" "+r.RequestURI, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"id":"q_1"}`)
	})
	c := &http.Client{Transport: InProcess(mux)}
	req, _ := http.NewRequestWithContext(t.Context(), "POST", "http://127.0.0.1:1/sandbox/v1/quotes?x=1", strings.NewReader(`{"a":1}`))
	req.Header.Set("Authorization", "Bearer k")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated || resp.Header.Get("Content-Type") != "application/json" || string(b) != `{"id":"q_1"}` {
		t.Fatalf("got %d %q %s", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	// An unknown route is the handler's 404, not a transport error.
	resp, err = c.Get("http://127.0.0.1:1/sandbox/v1/nowhere")
	if err != nil || resp.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown route: %v %v", resp, err)
	}
}
