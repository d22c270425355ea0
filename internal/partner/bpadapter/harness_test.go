package bpadapter_test

import (
	"context"
	"fmt"
	"github.com/crebit/crebit/internal/bpsandbox/bpsandboxtest"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/bpsandbox"
	"github.com/crebit/crebit/internal/bpsandbox/bpspec"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/partner/bpadapter"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

const (
	testKey      = "sk_test_adapter_key"
	testInstance = "in_adaptertest1"
)

var spec struct {
	once sync.Once
	spec *bpspec.Spec
	err  error
}

// loadSpec is the vendor's OpenAPI document (cut to the paths the client
// uses, plus the FX operations): the sandbox refuses any request of the
// adapter that breaks it.
func loadSpec(t *testing.T) *bpspec.Spec {
	t.Helper()
	spec.once.Do(func() {
		spec.spec, spec.err = bpspec.Load("../blindpay/testdata/openapi.json", "../../bpsandbox/testdata/openapi-fx.json")
	})
	if spec.err != nil {
		t.Fatalf("load the vendor's OpenAPI document: %v", spec.err)
	}
	return spec.spec
}

// harness is a BlindPay sandbox on one database, served by httptest under
// /bpsandbox, an Adapter over a client of it, and Crebit's webhook
// endpoint, registered through the adapter, which verifies and translates
// every delivery.
type harness struct {
	t      *testing.T
	sb     *bpsandbox.Sandbox
	srv    *httptest.Server
	cfg    bpsandbox.Config
	a      *bpadapter.Adapter
	hooks  *receiver
	offset atomic.Int64 // added to the sandbox's clock
}

func setup(t *testing.T, db *store.DB, mod ...func(*bpsandbox.Config)) *harness {
	t.Helper()
	h := &harness{t: t}
	sp := loadSpec(t)
	h.sb, h.srv, h.cfg = bpsandboxtest.Start(t, db, bpsandboxtest.Options{InstanceID: testInstance, APIKey: testKey,
		StepDelay: 80 * time.Millisecond, Offset: &h.offset,
		Check: func(r *http.Request, body []byte) error {
			return sp.Request(r.Header, r.Method, r.URL.RequestURI(), body)
		}}, mod...)
	h.a = h.adapter(testKey, testInstance)
	h.hooks = newReceiver(t)
	_, secret, err := h.a.EnsureWebhook(context.Background(), "setup-webhook", h.hooks.srv.URL+"/api/webhook/payout-events")
	if err != nil {
		t.Fatalf("register the webhook endpoint: %v", err)
	}
	h.hooks.setSecret(secret)
	return h
}

// adapter returns an Adapter over a client of the sandbox with key and
// instance, with short backoffs.
func (h *harness) adapter(key, instance string) *bpadapter.Adapter {
	h.t.Helper()
	c, err := blindpay.New(blindpay.Config{BaseURL: h.srv.URL + "/bpsandbox/v1", APIKey: key, InstanceID: instance,
		BaseBackoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond, CallTimeout: 10 * time.Second})
	if err != nil {
		h.t.Fatal(err)
	}
	a, err := bpadapter.New(c, bpadapter.Config{Network: "base_sepolia", Token: "USDB"})
	if err != nil {
		h.t.Fatal(err)
	}
	return a
}

// delivery is one webhook Crebit's endpoint accepted, translated.
type delivery struct {
	ID   string
	Name string // webhook_event
	Obj  string // the object's id (payin, payout, customer) or the tos_id
	Tr   bpadapter.Translation
}

// receiver is Crebit's webhook endpoint in the tests: bpadapter.Receive
// verifies (svix signature and timestamp) and translates each delivery;
// a failure is recorded and answered 401.
type receiver struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	secret string
	got    []delivery
	seen   map[string]bool
	bad    []string
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{t: t, seen: map[string]bool{}}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) setSecret(s string) { r.mu.Lock(); r.secret = s; r.mu.Unlock() }

var objectID = regexp.MustCompile(`"(?:id|tos_id)":"([a-z]{2}_[0-9A-Za-z]{12})"`)

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	tr, err := bpadapter.Receive(r.secret, req.Header, body, time.Now())
	if err != nil {
		r.bad = append(r.bad, fmt.Sprintf("%s: %v", req.Header.Get("svix-id"), err))
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	id := blindpay.WebhookID(req.Header)
	if r.seen[id] { // deduplicated by svix-id, as Crebit does
		w.WriteHeader(http.StatusOK)
		return
	}
	r.seen[id] = true
	d := delivery{ID: id, Name: tr.Name, Tr: tr}
	if m := objectID.FindSubmatch(body); m != nil {
		d.Obj = string(m[1])
	}
	r.got = append(r.got, d)
	w.WriteHeader(http.StatusNoContent)
}

// wait returns the first delivery of webhook name about obj that ok
// accepts, waiting up to storetest.Patience.
func (r *receiver) wait(name, obj string, ok func(delivery) bool) delivery {
	r.t.Helper()
	deadline := time.Now().Add(storetest.Patience)
	for {
		r.mu.Lock()
		for _, d := range r.got {
			if d.Name == name && (obj == "" || d.Obj == obj) && (ok == nil || ok(d)) {
				r.mu.Unlock()
				return d
			}
		}
		bad := r.bad
		r.mu.Unlock()
		if len(bad) > 0 {
			r.t.Fatalf("deliveries failed verification: %v", bad)
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("no %s webhook for %q within 20 s; got %v", name, obj, r.names(""))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitFor waits until n deliveries about obj have arrived: each is its own
// job, so the last one sent is not always the last to arrive.
func (r *receiver) waitFor(obj string, n int) {
	r.t.Helper()
	deadline := time.Now().Add(storetest.Patience)
	for len(r.names(obj)) < n {
		if time.Now().After(deadline) {
			r.t.Fatalf("%d webhooks for %q, want %d: %v", len(r.names(obj)), obj, n, r.names(obj))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// events are the Crebit events translated from the deliveries about obj,
// in the order BlindPay sent them. Deliveries, as with Svix, may arrive
// out of order (each is its own job), so they are put back in the
// lifecycle's order: *.new, then the updates (a payout's on_hold before
// its processing again), then *.complete; a webhook's own events keep
// their order.
func (r *receiver) events(obj string) []string {
	r.mu.Lock()
	ds := slices.Clone(r.got)
	r.mu.Unlock()
	ds = slices.DeleteFunc(ds, func(d delivery) bool { return d.Obj != obj })
	slices.SortStableFunc(ds, func(a, b delivery) int { return rank(a) - rank(b) })
	var out []string
	for _, d := range ds {
		for _, e := range d.Tr.Events {
			out = append(out, e.Type)
		}
	}
	return out
}

// rank is a webhook's place in its object's lifecycle.
func rank(d delivery) int {
	_, kind, _ := strings.Cut(d.Name, ".")
	switch kind {
	case "new":
		return 0
	case "update":
		if len(d.Tr.Events) > 0 && d.Tr.Events[0].Data.Offramp != nil && d.Tr.Events[0].Data.Offramp.Status != "on_hold" {
			return 2 // a payout sent on after its review
		}
		return 1
	}
	return 3
}

// names are the webhooks received about obj (all when empty).
func (r *receiver) names(obj string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, d := range r.got {
		if obj == "" || d.Obj == obj {
			out = append(out, d.Name+" "+d.Obj)
		}
	}
	return out
}

// acceptTerms runs the terms of service as the payer's browser would and
// returns the tos_id, checking that the tos.accept webhook translates to
// the same acceptance with the session's key.
func (h *harness) acceptTerms() string {
	h.t.Helper()
	ctx := context.Background()
	s, err := h.a.StartTerms(ctx, "pt-BR", "https://crebit.example/terms-done", "")
	if err != nil {
		h.t.Fatalf("StartTerms: %v", err)
	}
	page, err := url.Parse(s.URL)
	if err != nil || !strings.HasPrefix(s.URL, h.srv.URL+"/bpsandbox/e/terms-of-service?") || page.Query().Get("idempotency_key") != s.Key {
		h.t.Fatalf("terms URL %q (key %s)", s.URL, s.Key)
	}
	get, err := http.Get(s.URL)
	if err != nil {
		h.t.Fatal(err)
	}
	html, _ := io.ReadAll(get.Body)
	get.Body.Close()
	if get.StatusCode != http.StatusOK || !strings.Contains(string(html), "Accept terms of service") {
		h.t.Fatalf("terms page: %d %s", get.StatusCode, html)
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post, err := noRedirect.PostForm(s.URL, url.Values{"session_token": {page.Query().Get("session_token")}})
	if err != nil {
		h.t.Fatal(err)
	}
	post.Body.Close()
	loc, _ := url.Parse(post.Header.Get("Location"))
	tosID := loc.Query().Get("tos_id")
	if post.StatusCode != http.StatusSeeOther || loc.Host != "crebit.example" || !strings.HasPrefix(tosID, "to_") {
		h.t.Fatalf("accept: %d, Location %q", post.StatusCode, post.Header.Get("Location"))
	}
	d := h.hooks.wait("tos.accept", tosID, nil)
	if d.Tr.Terms == nil || d.Tr.Terms.TosID != tosID || d.Tr.Terms.Key != s.Key || len(d.Tr.Events) != 0 {
		h.t.Fatalf("tos.accept translated to %+v (want tos_id %s, key %s)", d.Tr, tosID, s.Key)
	}
	return tosID
}

// payer is a customer of the tests.
type payer struct {
	country, first, last, taxType, taxID string
}

var (
	brazilian = payer{"BR", "Ana", "Souza", "cpf", "52998224725"}
	mexican   = payer{"MX", "Luis", "Pérez", "curp", "PEGL850101HDFRRS09"}
)

func (p payer) request() partner.CustomerRequest {
	return partner.CustomerRequest{FirstName: p.first, LastName: p.last, Email: strings.ToLower(p.first) + "@example.com",
		Phone: "+5511912345678", DateOfBirth: "1990-01-02", TaxIDType: p.taxType, TaxID: p.taxID, Country: p.country,
		Address: partner.Address{Street: "Rua 1", City: "Cidade", State: "SP", PostalCode: "01000-000", Country: p.country}}
}

// customer accepts the terms and creates the payer's customer, which
// starts under review.
func (h *harness) customer(p payer) string {
	h.t.Helper()
	tos := h.acceptTerms()
	c, err := h.a.CreateCustomerWithTerms(context.Background(), "customer-"+tos, p.request(), tos)
	if err != nil {
		h.t.Fatalf("CreateCustomerWithTerms: %v", err)
	}
	// Under review at creation; the sandbox may have decided already by
	// the time the adapter reads it back (its KYC takes 50 ms here).
	if !strings.HasPrefix(c.ID, "re_") || (c.KYCStatus != partner.KYCUnderReview && p.last == "Review") ||
		!slices.Contains([]string{partner.KYCUnderReview, partner.KYCApproved, partner.KYCRejected}, c.KYCStatus) {
		h.t.Fatalf("new customer %+v: want re_… under_review", c)
	}
	return c.ID
}

// kyc waits for the customer.update that decides the customer, and
// returns its translation.
func (h *harness) kyc(id string) partner.Customer {
	h.t.Helper()
	d := h.hooks.wait("customer.update", id, func(d delivery) bool {
		return d.Tr.Customer != nil && d.Tr.Customer.KYCStatus != partner.KYCUnderReview
	})
	return *d.Tr.Customer
}

// approved is a customer KYC approved, with a US bank account and a
// managed wallet.
func (h *harness) approved(p payer) (customerID, accountID string, w partner.Wallet) {
	h.t.Helper()
	ctx := context.Background()
	customerID = h.customer(p)
	if c := h.kyc(customerID); c.KYCStatus != partner.KYCApproved {
		h.t.Fatalf("KYC of %s: %+v", p.last, c)
	}
	acct, err := h.a.CreateExternalAccount(ctx, "account-"+customerID, partner.ExternalAccountRequest{CustomerID: customerID,
		AccountName: "College fund", BeneficiaryName: p.first + " " + p.last, BankName: "Chase", AccountNumber: "3211237578",
		RoutingNumber: "121000358", Address: partner.Address{Street: "1 Main St", City: "Dover", State: "DE", PostalCode: "19901", Country: "USA"}})
	if err != nil || !strings.HasPrefix(acct.ID, "ba_") || acct.Last4 != "7578" {
		h.t.Fatalf("CreateExternalAccount: %+v, %v", acct, err)
	}
	w, err = h.a.EnsureWallet(ctx, "wallet-"+customerID, customerID, "")
	if err != nil || !strings.HasPrefix(w.ID, "bl_") || !strings.HasPrefix(w.Address, "0x") || w.Chain != "base_sepolia" {
		h.t.Fatalf("EnsureWallet: %+v, %v", w, err)
	}
	return customerID, acct.ID, w
}

func brl(s string) money.Amount { return mustParse(s, money.BRL) }
func mxn(s string) money.Amount { return mustParse(s, money.MXN) }
func usd(s string) money.Amount { return mustParse(s, money.USD) }

func mustParse(s string, c money.Currency) money.Amount {
	a, err := money.Parse(s, c)
	if err != nil {
		panic(err)
	}
	return a
}
