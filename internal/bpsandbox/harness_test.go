package bpsandbox_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"github.com/crebit/crebit/internal/bpsandbox/bpsandboxtest"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/bpsandbox"
	"github.com/crebit/crebit/internal/bpsandbox/bpspec"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// The vendor's OpenAPI document (cut to the adapter's paths), plus the two
// FX operations from the same vendor snapshot (testdata/openapi-fx.json).
var spec struct {
	once sync.Once
	spec *bpspec.Spec
	err  error
}

func loadSpec(t *testing.T) *bpspec.Spec {
	t.Helper()
	spec.once.Do(func() {
		spec.spec, spec.err = bpspec.Load("../partner/blindpay/testdata/openapi.json", "testdata/openapi-fx.json")
	})
	if spec.err != nil {
		t.Fatalf("load the vendor's OpenAPI document: %v", spec.err)
	}
	return spec.spec
}

// harness is one sandbox on one database, mounted under /bpsandbox of a
// test server, with a webhook receiver.
type harness struct {
	t      *testing.T
	sb     *bpsandbox.Sandbox
	srv    *httptest.Server
	cfg    bpsandbox.Config
	hooks  *receiver
	offset atomic.Int64 // added to the sandbox's clock
}

const (
	testKey      = "sk_test_sandbox_key"
	testInstance = "in_crebittest01"
)

// setup starts a sandbox with fast automatic steps and a tiny retry
// schedule (mod adjusts the configuration).
func setup(t *testing.T, db *store.DB, mod ...func(*bpsandbox.Config)) *harness {
	t.Helper()
	h := &harness{t: t, hooks: newReceiver(t)}
	sp := loadSpec(t)
	h.sb, h.srv, h.cfg = bpsandboxtest.Start(t, db, bpsandboxtest.Options{InstanceID: testInstance, APIKey: testKey,
		StepDelay: 50 * time.Millisecond, Offset: &h.offset,
		Check: func(r *http.Request, body []byte) error {
			return sp.Request(r.Header, r.Method, r.URL.RequestURI(), body)
		}}, mod...)
	return h
}

// response is one answer of the sandbox.
type response struct {
	Status int
	Header http.Header
	Body   []byte
	JSON   map[string]any
}

func (r response) str(key string) string { s, _ := r.JSON[key].(string); return s }
func (r response) num(key string) int64  { f, _ := r.JSON[key].(float64); return int64(f) }

// call sends a request to /bpsandbox + path with the API key (headers
// given as name, value pairs override it; an empty value removes it) and
// validates the request and the answer against the vendor's document.
func (h *harness) call(method, path string, body any, headers ...string) response {
	h.t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	case []byte:
		raw = b
	default:
		raw, _ = json.Marshal(b)
	}
	req, _ := http.NewRequest(method, h.srv.URL+"/bpsandbox"+path, bytes.NewReader(raw))
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+testKey)
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" {
			req.Header.Del(headers[i])
		} else {
			req.Header.Set(headers[i], headers[i+1])
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	out := response{Status: resp.StatusCode, Header: resp.Header}
	out.Body, _ = io.ReadAll(resp.Body)
	json.Unmarshal(out.Body, &out.JSON)
	if !strings.HasPrefix(path, "/simulate/") { // the Simulate panel's endpoint is not BlindPay's
		h.validate(req.Header, method, path, raw, out)
	}
	return out
}

// validate checks a request and its answer against the vendor's document:
// a documented status with openapi3filter.ValidateResponse; a status the
// operation does not list (the 404 of another instance, the idempotency
// errors) against the Error envelope's schema, and it is logged.
func (h *harness) validate(header http.Header, method, path string, body []byte, out response) {
	h.t.Helper()
	for _, err := range checkAgainstSpec(h.t, header, method, path, body, out) {
		h.t.Error(err)
	}
}

func checkAgainstSpec(t *testing.T, header http.Header, method, path string, body []byte, out response) []error {
	t.Helper()
	sp := loadSpec(t)
	var errs []error
	if out.Status < 400 {
		if err := sp.Request(header, method, path, body); err != nil {
			errs = append(errs, fmt.Errorf("%s %s: the request breaks the vendor's document: %v", method, path, err))
		}
	}
	undeclared, err := sp.Response(header, method, path, body, out.Status, out.Header, out.Body)
	if undeclared {
		t.Logf("%s %s answered %d, a status the operation does not list: checked against the Error schema", method, path, out.Status)
	}
	if err != nil {
		errs = append(errs, fmt.Errorf("%s %s: the %d answer breaks the vendor's document: %v\n%s", method, path, out.Status, err, out.Body))
	}
	return errs
}

// in is the path of an instance's resource.
func in(rest string) string { return "/v1/instances/" + testInstance + rest }

// event is one webhook the receiver accepted.
type event struct {
	ID      string
	Type    string
	Payload map[string]any
	Raw     []byte
}

// receiver is the webhook endpoint of the tests. It verifies every
// delivery with its own svix verification (not the sandbox's code), answers
// 401 to a bad one, and can refuse the first attempts.
type receiver struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	secret string
	events []event
	bad    []string
	refuse int // answer 500 to this many more deliveries
	seen   map[string]int
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{t: t, seen: map[string]int{}}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) setSecret(s string) { r.mu.Lock(); r.secret = s; r.mu.Unlock() }

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	id := req.Header.Get("svix-id")
	if err := verifySvix(r.secret, req.Header, body, time.Now()); err != nil {
		r.bad = append(r.bad, fmt.Sprintf("%s: %v", id, err))
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	r.seen[id]++
	if r.refuse > 0 {
		r.refuse--
		http.Error(w, "not now", http.StatusInternalServerError)
		return
	}
	if r.seen[id] > 1 && r.delivered(id) {
		w.WriteHeader(http.StatusOK) // a redelivery of an event already taken: acknowledged, not recorded twice
		return
	}
	var p map[string]any
	json.Unmarshal(body, &p)
	typ, _ := p["webhook_event"].(string)
	r.events = append(r.events, event{ID: id, Type: typ, Payload: p, Raw: body})
	w.WriteHeader(http.StatusNoContent)
}

func (r *receiver) delivered(id string) bool {
	for _, e := range r.events {
		if e.ID == id {
			return true
		}
	}
	return false
}

// verifySvix is the documented verification [docs/BLINDPAY.md §11],
// written here independently of the sandbox: HMAC-SHA256 keyed with the
// base64-decoded part of the secret after whsec_, over
// "svix-id.svix-timestamp.body", compared in constant time with every v1,
// candidate; the timestamp within 5 minutes.
func verifySvix(secret string, h http.Header, body []byte, now time.Time) error {
	id, ts, sigs := h.Get("svix-id"), h.Get("svix-timestamp"), h.Get("svix-signature")
	if id == "" || ts == "" || sigs == "" {
		return fmt.Errorf("missing svix headers")
	}
	if !strings.HasPrefix(id, "msg_") {
		return fmt.Errorf("svix-id %q is not msg_…", id)
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("svix-timestamp %q", ts)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return fmt.Errorf("svix-timestamp %s is %v away", ts, d)
	}
	b64, ok := strings.CutPrefix(secret, "whsec_")
	if !ok {
		return fmt.Errorf("no whsec_ secret yet")
	}
	key, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "." + string(body)))
	want := []byte(base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	for _, cand := range strings.Fields(sigs) {
		v, sig, _ := strings.Cut(cand, ",")
		if v == "v1" && subtle.ConstantTimeCompare([]byte(sig), want) == 1 {
			return nil
		}
	}
	return fmt.Errorf("no v1 signature matches")
}

// wait returns the first event of type typ about object id (any object
// when id is empty) that satisfies ok, waiting up to storetest.Patience.
func (r *receiver) wait(typ, id string, ok func(event) bool) event {
	r.t.Helper()
	deadline := time.Now().Add(storetest.Patience)
	for {
		r.mu.Lock()
		for _, e := range r.events {
			if e.Type == typ && (id == "" || e.Payload["id"] == id || e.Payload["tos_id"] == id) && (ok == nil || ok(e)) {
				r.mu.Unlock()
				return e
			}
		}
		bad := r.bad
		r.mu.Unlock()
		if len(bad) > 0 {
			r.t.Fatalf("deliveries failed verification: %v", bad)
		}
		if time.Now().After(deadline) {
			r.mu.Lock()
			var got []string
			for _, e := range r.events {
				got = append(got, e.Type+" "+fmt.Sprint(e.Payload["id"], e.Payload["status"], e.Payload["kyc_status"]))
			}
			r.mu.Unlock()
			r.t.Fatalf("no %s event for %q within 20 s; received: %v", typ, id, got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func status(want string) func(event) bool {
	return func(e event) bool { return e.Payload["status"] == want || e.Payload["kyc_status"] == want }
}

// count is how many events of type typ about id were received.
func (r *receiver) count(typ, id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, e := range r.events {
		if e.Type == typ && e.Payload["id"] == id {
			n++
		}
	}
	return n
}

// checkEvents validates every received payload against the vendor's
// webhook schema for its type.
func (h *harness) checkEvents() {
	h.t.Helper()
	sp := loadSpec(h.t)
	h.hooks.mu.Lock()
	defer h.hooks.mu.Unlock()
	for _, e := range h.hooks.events {
		if err := sp.Event(e.Type, e.Raw); err != nil {
			h.t.Errorf("event %s breaks the vendor's schema: %v\n%s", e.Type, err, e.Raw)
		}
	}
}

// register registers the receiver for every event and gives it the secret.
func (h *harness) register() string {
	h.t.Helper()
	r := h.call("POST", in("/webhook-endpoints"), map[string]any{"url": h.hooks.srv.URL + "/api/webhook/payout-events", "events": []string{}})
	if r.Status != http.StatusOK || !strings.HasPrefix(r.str("id"), "we_") || len(r.str("id")) != 15 {
		h.t.Fatalf("register webhook endpoint: %d %s", r.Status, r.Body)
	}
	sec := h.call("GET", in("/webhook-endpoints/"+r.str("id")+"/secret"), nil)
	if !strings.HasPrefix(sec.str("key"), "whsec_") {
		h.t.Fatalf("secret: %s", sec.Body)
	}
	h.hooks.setSecret(sec.str("key"))
	return r.str("id")
}
