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

	"github.com/crebit/crebit/cmd/internal/bpflow"
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
	env = append(env, fmt.Sprintf("CREBIT_ADDR=127.0.0.1:%d", port), "CREBIT_DATA_DIR="+dir, "CREBIT_PARTNER=blindpay-sandbox")
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
		name = "PostgreSQL, stream on A, trigger to B"
	}
	c := newClient(a.base)
	if err := c.setup(ctx); err != nil {
		return result{}, err
	}
	res := result{name: name}
	for n := 0; len(res.samples) < o.events; n++ {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		txn, err := c.pay()
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
		for _, step := range steps {
			if len(res.samples) >= o.events {
				break
			}
			// A random pause first, so sends do not keep step with the job
			// queue's polling (which would flatter or punish the figures).
			time.Sleep(time.Duration(rand.Int64N(int64(250 * time.Millisecond))))
			sent := time.Now()
			if err := c.trigger(ctx, hook.base, txn, step.trigger); err != nil {
				st.close()
				return res, err
			}
			at, err := st.waitFor(step.state)
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

// steps are what the bench asks of the sandbox for each payment, and the
// state the payer's screen then shows: the deposit arrives (BlindPay's
// payin.update with the bank's transaction), the pay-in completes
// (payin.complete: Crebit asks the partner for the payout, a job), the
// payout completes (payout.update, held then sent, and payout.complete).
var steps = []struct{ trigger, state string }{
	{partner.EventPayinProcessing, "payin_completed"},
	{partner.EventPayinCompleted, "offramp_created"},
	{partner.EventOfframpCompleted, "completed"},
}

// trigger asks the sandbox, through the instance at base, to move the
// payment (the payer's own: the session cookie goes along).
func (c *client) trigger(ctx context.Context, base, txn, event string) error {
	b, _ := json.Marshal(map[string]string{"transaction_id": txn, "event": event})
	req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/trigger-mock-webhook", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		return fmt.Errorf("trigger %s: %d %s", event, resp.StatusCode, raw)
	}
	return nil
}

// client is one payer's browser on instance A.
type client struct {
	base       string
	http       *http.Client
	customerID string
	wallet     string
	account    string
}

func newClient(base string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{base: base, http: &http.Client{Jar: jar}}
}

func (c *client) call(method, path string, body any) (map[string]any, error) {
	st, out, raw, err := c.request(context.Background(), method, path, body)
	if err == nil && st/100 != 2 {
		err = fmt.Errorf("%s %s: %d %s", method, path, st, raw)
	}
	return out, err
}

func (c *client) request(ctx context.Context, method, path string, body any) (int, map[string]any, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil && resp.StatusCode/100 == 2 {
		return 0, nil, raw, err
	}
	return resp.StatusCode, out, raw, nil
}

// setup accepts the partner's terms, makes the customer, waits for the
// partner's approval and the wallet, and adds the bank account.
func (c *client) setup(ctx context.Context) error {
	do := func(ctx context.Context, method, path string, body any) (int, map[string]any, error) {
		st, out, _, err := c.request(ctx, method, path, body)
		return st, out, err
	}
	p, err := bpflow.Onboard(ctx, do, bpflow.Options{Client: c.http},
		bpflow.CustomerBR("Maria", "maria@example.com", "529.982.247-25"), bpflow.BankAccount())
	c.customerID, c.wallet, c.account = p.CustomerID, p.WalletAddress, p.AccountID
	return err
}

// pay locks a quote and opens a Pix payment, returning its transaction id.
func (c *client) pay() (string, error) {
	q, err := c.call("POST", "/api/create-quote", map[string]any{"symbol": corridor.Brazil.Symbol, "amount_usd": json.Number("100")})
	if err != nil {
		return "", err
	}
	onRamp, _ := q["on_ramp"].(map[string]any)
	p, err := c.call("POST", "/api/create-pix-payment", map[string]any{"amount_brl": q["total_local_amount"], "customer_id": c.customerID,
		"wallet_address": c.wallet, "quote_id": onRamp["id"], "sender_name": "Maria Silva", "sender_document": "529.982.247-25",
		"external_account_id": c.account})
	if err != nil {
		return "", err
	}
	txn, _ := p["transaction_id"].(string)
	return txn, nil
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
