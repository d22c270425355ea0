package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/runbin"
)

// instance is one running binary.
type instance struct {
	base string
	stop func()
}

func startInstance(ctx context.Context, o options, bin, dir, dbURL, name string) (*instance, error) {
	port, err := runbin.FreePort()
	if err != nil {
		return nil, err
	}
	// The per-IP limits would refuse one address's 50 payments an hour: off, as in loadtest and chaos.
	env := append([]string{"CREBIT_LOG_LEVEL=warn", "CREBIT_SANDBOX_AUTO_ADVANCE=0", "CREBIT_RATE_LIMIT_SCALE=0"}, o.env...)
	env = append(env, fmt.Sprintf("CREBIT_ADDR=127.0.0.1:%d", port), "CREBIT_DATA_DIR="+dir, "CREBIT_PARTNER=sandbox")
	if dbURL != "" {
		env = append(env, "CREBIT_DATABASE_URL="+dbURL)
	}
	stop, exited, err := runbin.StartServer(bin, env, filepath.Join(dir, name+".log"))
	if err != nil {
		return nil, err
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	if err := runbin.WaitHealthy(ctx, base, 60*time.Second, exited); err != nil {
		stop()
		return nil, err
	}
	return &instance{base: base, stop: stop}, nil
}

// measure runs one target: SQLite with one instance (dbURL empty) or
// PostgreSQL with two.
func measure(ctx context.Context, stdout io.Writer, o options, bin, dbURL string) (result, error) {
	dir, err := os.MkdirTemp("", "livebench-")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	a, err := startInstance(ctx, o, bin, dir, dbURL, "a")
	if err != nil {
		return result{}, err
	}
	defer a.stop()
	hook, name := a, "SQLite, one instance"
	if dbURL != "" {
		// B shares A's data directory, so both hold the same secrets.
		if hook, err = startInstance(ctx, o, bin, dir, dbURL, "b"); err != nil {
			return result{}, err
		}
		defer hook.stop()
		name = "PostgreSQL, stream on A, webhook to B"
	}
	secret, err := webhookSecret(dir)
	if err != nil {
		return result{}, err
	}
	c := newClient(a.base)
	if err := c.setup(); err != nil {
		return result{}, err
	}
	res := result{name: name}
	events := []string{partner.EventPayinProcessing, partner.EventPayinCompleted, partner.EventOfframpCreated, partner.EventOfframpCompleted}
	states := []string{"payin_processing", "payin_completed", "offramp_created", "completed"}
	for n := 0; len(res.samples) < o.events; n++ {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		txn, amount, err := c.pay()
		if err != nil {
			return res, err
		}
		st, err := c.stream(ctx, txn)
		if err != nil {
			return res, err
		}
		if _, err := st.waitFor("awaiting_payin"); err != nil {
			st.close()
			return res, err
		}
		for i, ev := range events {
			if len(res.samples) >= o.events {
				break
			}
			// A random pause first, so sends do not keep step with the job
			// queue's polling (which would flatter or punish the figures).
			time.Sleep(time.Duration(rand.Int64N(int64(250 * time.Millisecond))))
			sent := time.Now()
			if err := postWebhook(hook.base, secret, fmt.Sprintf("evt_bench_%d_%d_%d", time.Now().UnixNano(), n, i), ev, txn, amount); err != nil {
				st.close()
				return res, err
			}
			at, err := st.waitFor(states[i])
			if err != nil {
				st.close()
				return res, err
			}
			res.samples = append(res.samples, at.Sub(sent))
		}
		st.close()
	}
	fmt.Fprintln(stdout, res)
	return res, nil
}

func webhookSecret(dir string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(dir, "secrets.json"))
	if err != nil {
		return nil, err
	}
	var s struct {
		WebhookSecret string `json:"webhook_secret"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	return config.DecodeWebhookSecret(s.WebhookSecret)
}

// postWebhook sends a signed partner event for the payment (matched by its
// reference, the transaction id) with the amount the partner received
// (events that prove the pay-in are reconciled against the quote).
func postWebhook(base string, secret []byte, id, typ, txn, amountBRL string) error {
	now := time.Now()
	ev := partner.Event{ID: id, Type: typ, CreatedAt: now, Data: partner.EventData{Reference: txn, Status: typ,
		Amount: amountBRL, Currency: string(corridor.Brazil.Currency)}}
	if typ == partner.EventOfframpCreated || typ == partner.EventOfframpCompleted {
		status := "pending"
		if typ == partner.EventOfframpCompleted {
			status = "completed"
		}
		ev.Data.Offramp = &partner.Offramp{ID: "off_" + txn, Currency: "USD", Status: status}
	}
	body, _ := json.Marshal(ev)
	req, _ := http.NewRequest("POST", base+"/api/webhook/payout-events", bytes.NewReader(body))
	for k, v := range partner.Sign(secret, id, now, body) {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("webhook %s: %d", typ, resp.StatusCode)
	}
	return nil
}

// client is one payer's browser on instance A.
type client struct {
	base       string
	http       *http.Client
	customerID string
	wallet     string
}

func newClient(base string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{base: base, http: &http.Client{Jar: jar}}
}

func (c *client) call(method, path string, body any) (map[string]any, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, raw)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out map[string]any
	return out, dec.Decode(&out)
}

func (c *client) setup() error {
	cust, err := c.call("POST", "/api/create-customer", map[string]any{
		"first_name": "Maria", "last_name": "Silva", "email": "maria@example.com", "phone_number": "5511987654321",
		"type": "individual", "date_of_birth": "1990-05-10",
		"identity_documents": []map[string]any{{"type": "national_id", "value": "529.982.247-25", "country": "brazil"}},
		"address": map[string]any{"street_line_1": "Rua Augusta 100", "city": "São Paulo", "state": "SP",
			"postal_code": "01305-000", "country": "brazil"}})
	if err != nil {
		return err
	}
	c.customerID, _ = cust["customer_id"].(string)
	c.wallet, _ = cust["wallet_address"].(string)
	_, err = c.call("POST", "/api/create-external-account", map[string]any{
		"customer_id": c.customerID, "account_name": "Maria Silva's USD Account", "beneficiary_name": "Maria Silva",
		"bank_name": "JPMorgan Chase", "bank_account_number": "000123456789", "routing_number": "021000021",
		"address": map[string]any{"street_line_1": "270 Park Ave", "city": "New York", "state": "NY", "postal_code": "10017", "country": "USA"}})
	return err
}

// pay locks a quote and opens a Pix payment, returning its transaction id
// and the reais to pay.
func (c *client) pay() (string, string, error) {
	q, err := c.call("POST", "/api/create-quote", map[string]any{"symbol": corridor.Brazil.Symbol, "amount_usd": json.Number("100")})
	if err != nil {
		return "", "", err
	}
	onRamp, _ := q["on_ramp"].(map[string]any)
	p, err := c.call("POST", "/api/create-pix-payment", map[string]any{"amount_brl": q["total_local_amount"], "customer_id": c.customerID,
		"wallet_address": c.wallet, "quote_id": onRamp["id"], "sender_name": "Maria Silva", "sender_document": "529.982.247-25"})
	if err != nil {
		return "", "", err
	}
	txn, _ := p["transaction_id"].(string)
	return txn, fmt.Sprint(p["amount_brl"]), nil
}

// eventStream is an open SSE stream; statuses carries (state, arrival).
type eventStream struct {
	resp     *http.Response
	statuses chan arrival
}

type arrival struct {
	state string
	at    time.Time
}

func (c *client) stream(ctx context.Context, txn string) (*eventStream, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/payments/"+txn+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("stream: %d", resp.StatusCode)
	}
	s := &eventStream{resp: resp, statuses: make(chan arrival, 16)}
	go func() {
		defer close(s.statuses)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			line := sc.Text()
			if !strings.HasPrefix(line, "data: ") {
				continue
			}
			at := time.Now()
			var d struct {
				Status string `json:"status"`
			}
			if json.Unmarshal([]byte(line[6:]), &d) == nil {
				s.statuses <- arrival{d.Status, at}
			}
		}
	}()
	return s, nil
}

// waitFor returns when the stream delivered state.
func (s *eventStream) waitFor(state string) (time.Time, error) {
	deadline := time.After(30 * time.Second)
	for {
		select {
		case a, ok := <-s.statuses:
			if !ok {
				return time.Time{}, errors.New("stream ended")
			}
			if a.state == state {
				return a.at, nil
			}
		case <-deadline:
			return time.Time{}, fmt.Errorf("no %s event within 30 s", state)
		}
	}
}

func (s *eventStream) close() { s.resp.Body.Close() }
