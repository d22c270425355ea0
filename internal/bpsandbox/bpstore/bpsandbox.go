package bpstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// The BlindPay-compatible sandbox's own tables (bpsandbox_*, issue 28). They
// stand for BlindPay's database: nothing of Crebit's reads them, and
// internal/bpsandbox reaches them only through these functions. A resource is
// kept as the JSON the API serves (Body) beside the columns its rules need.

// BPRecord is one stored resource of the BlindPay sandbox: a customer, bank
// account, wallet, quote, payin or payout. Columns a kind does not have stay
// zero.
type BPRecord struct {
	ID         string
	CustomerID string
	Status     string // customers: kyc_status; payins, payouts: status
	Stage      string // payins, payouts: the automatic progression's step
	Body       string // the resource's JSON
	CreatedAt  time.Time
}

// BPTos is one terms-of-service initiation and, once accepted, its tos_id.
type BPTos struct {
	ID, IdempotencyKey, SessionToken, CustomerID, RedirectURL string
	TosID, LinkedCustomer                                     string // empty until accepted / linked
	AcceptedAt                                                time.Time
	CreatedAt                                                 time.Time
}

// BPQuote is a payin or payout quote.
type BPQuote struct {
	BPRecord
	Kind          string // "payin" or "payout"
	RequestAmount int64
	ExpiresAt     time.Time
	UsedBy        string
}

// BPWallet is a managed wallet and its balance in the token's minor units.
type BPWallet struct {
	BPRecord
	Address string
	Balance int64
}

// BPEndpoint is a registered webhook endpoint.
type BPEndpoint struct {
	ID, URL, Events, Secret string // Events: a JSON array, empty meaning every event
	CreatedAt               time.Time
}

// Idempotent returns the stored answer to an Idempotency-Key, or ErrNotFound.
func Idempotent(ctx context.Context, tx *store.Tx, key string) (fingerprint string, status int, response string, err error) {
	err = tx.QueryRow(ctx, `SELECT fingerprint, status, response FROM bpsandbox_idempotency WHERE key = ?`, key).
		Scan(&fingerprint, &status, &response)
	return fingerprint, status, response, err
}

// ClaimIdempotent takes an Idempotency-Key for a request before
// its work runs, so that a concurrent request with the same key waits for
// this transaction (PostgreSQL) and then finds the key taken: claimed is
// false when the key was already there.
func ClaimIdempotent(ctx context.Context, tx *store.Tx, key, fingerprint string, now time.Time) (claimed bool, err error) {
	n, err := tx.Exec(ctx, `INSERT INTO bpsandbox_idempotency (key, fingerprint, status, response, created_at) VALUES (?, ?, 0, '', ?)
		ON CONFLICT (key) DO NOTHING`, key, fingerprint, now)
	return n > 0, err
}

// SaveIdempotent stores the answer to a request under the key it claimed.
func SaveIdempotent(ctx context.Context, tx *store.Tx, key string, status int, response string) error {
	_, err := tx.Exec(ctx, `UPDATE bpsandbox_idempotency SET status = ?, response = ? WHERE key = ?`, status, response, key)
	return err
}

// Forget deletes idempotency records older than cutoff (keys are
// honoured for 24 hours).
func Forget(ctx context.Context, tx *store.Tx, cutoff time.Time) error {
	_, err := tx.Exec(ctx, `DELETE FROM bpsandbox_idempotency WHERE created_at < ?`, cutoff)
	return err
}

// CreateTos stores a terms-of-service initiation; ErrConflict when
// its idempotency_key was used before.
func CreateTos(ctx context.Context, tx *store.Tx, t BPTos) error {
	_, err := tx.Exec(ctx, `INSERT INTO bpsandbox_tos (id, idempotency_key, session_token, customer_id, redirect_url, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, t.ID, t.IdempotencyKey, t.SessionToken, store.Nullable(t.CustomerID), t.RedirectURL, t.CreatedAt)
	return err
}

const bpTosColumns = `id, idempotency_key, session_token, COALESCE(customer_id, ''), redirect_url, COALESCE(tos_id, ''),
	COALESCE(linked_customer, ''), accepted_at, created_at`

func scanTos(r store.Row) (BPTos, error) {
	var t BPTos
	var accepted *time.Time
	err := r.Scan(&t.ID, &t.IdempotencyKey, &t.SessionToken, &t.CustomerID, &t.RedirectURL, &t.TosID, &t.LinkedCustomer, &accepted, &t.CreatedAt)
	if accepted != nil {
		t.AcceptedAt = *accepted
	}
	return t, err
}

// TosBySession returns the initiation a terms page's session token belongs to, or ErrNotFound.
func TosBySession(ctx context.Context, tx *store.Tx, token string) (BPTos, error) {
	return scanTos(tx.QueryRow(ctx, `SELECT `+bpTosColumns+` FROM bpsandbox_tos WHERE session_token = ?`, token))
}

// TosByTosID returns the accepted terms with this tos_id, or ErrNotFound.
func TosByTosID(ctx context.Context, tx *store.Tx, tosID string) (BPTos, error) {
	return scanTos(tx.QueryRow(ctx, `SELECT `+bpTosColumns+` FROM bpsandbox_tos WHERE tos_id = ?`, tosID))
}

// AcceptTos records the acceptance of an initiation under tosID,
// once: it reports false when the initiation was already accepted.
func AcceptTos(ctx context.Context, tx *store.Tx, id, tosID string, now time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE bpsandbox_tos SET tos_id = ?, accepted_at = ? WHERE id = ? AND tos_id IS NULL`, tosID, now, id)
	return n > 0, err
}

// LinkTos links an accepted tos_id to the customer created with it,
// once: ErrConflict when it already belongs to another customer.
func LinkTos(ctx context.Context, tx *store.Tx, tosID, customerID string) error {
	n, err := tx.Exec(ctx, `UPDATE bpsandbox_tos SET linked_customer = ? WHERE tos_id = ? AND linked_customer IS NULL`, customerID, tosID)
	if err == nil && n == 0 {
		return store.ErrConflict
	}
	return err
}

// CreateCustomer stores a new customer.
func CreateCustomer(ctx context.Context, tx *store.Tx, r BPRecord) error {
	_, err := tx.Exec(ctx, `INSERT INTO bpsandbox_customers (id, kyc_status, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		r.ID, r.Status, r.Body, r.CreatedAt, r.CreatedAt)
	return err
}

// Customer returns a customer, or ErrNotFound.
func Customer(ctx context.Context, tx *store.Tx, id string) (BPRecord, error) {
	return bpCustomer(ctx, tx, id, "")
}

// LockCustomer returns a customer locked for update on
// PostgreSQL (its KYC decision is taken once), or ErrNotFound.
func LockCustomer(ctx context.Context, tx *store.Tx, id string) (BPRecord, error) {
	return bpCustomer(ctx, tx, id, store.ForUpdate(tx.Engine()))
}

func bpCustomer(ctx context.Context, tx *store.Tx, id, lock string) (BPRecord, error) {
	r := BPRecord{ID: id, CustomerID: id}
	err := tx.QueryRow(ctx, `SELECT kyc_status, body, created_at FROM bpsandbox_customers WHERE id = ?`+lock, id).Scan(&r.Status, &r.Body, &r.CreatedAt)
	return r, err
}

// UpdateCustomer stores a customer's new KYC status and JSON.
func UpdateCustomer(ctx context.Context, tx *store.Tx, r BPRecord, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE bpsandbox_customers SET kyc_status = ?, body = ?, updated_at = ? WHERE id = ?`, r.Status, r.Body, now, r.ID)
	return err
}

// Customers lists customers, newest first, at most limit.
func Customers(ctx context.Context, tx *store.Tx, status string, limit int) ([]BPRecord, error) {
	return bpList(ctx, tx, `SELECT id, id, kyc_status, '', body, created_at FROM bpsandbox_customers
		WHERE (? = '' OR kyc_status = ?) ORDER BY created_at DESC, id LIMIT ?`, status, status, limit)
}

// bpList scans rows of (id, customer_id, status, stage, body, created_at).
func bpList(ctx context.Context, tx *store.Tx, q string, args ...any) ([]BPRecord, error) {
	rs, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []BPRecord
	for rs.Next() {
		var r BPRecord
		if err := rs.Scan(&r.ID, &r.CustomerID, &r.Status, &r.Stage, &r.Body, &r.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

// CreateBankAccount stores a customer's bank account.
func CreateBankAccount(ctx context.Context, tx *store.Tx, r BPRecord) error {
	_, err := tx.Exec(ctx, `INSERT INTO bpsandbox_bank_accounts (id, customer_id, body, created_at) VALUES (?, ?, ?, ?)`,
		r.ID, r.CustomerID, r.Body, r.CreatedAt)
	return err
}

// BankAccount returns a bank account, or ErrNotFound.
func BankAccount(ctx context.Context, tx *store.Tx, id string) (BPRecord, error) {
	r := BPRecord{ID: id}
	err := tx.QueryRow(ctx, `SELECT customer_id, body, created_at FROM bpsandbox_bank_accounts WHERE id = ?`, id).Scan(&r.CustomerID, &r.Body, &r.CreatedAt)
	return r, err
}

// BankAccounts lists a customer's bank accounts, oldest first.
func BankAccounts(ctx context.Context, tx *store.Tx, customerID string) ([]BPRecord, error) {
	return bpList(ctx, tx, `SELECT id, customer_id, '', '', body, created_at FROM bpsandbox_bank_accounts
		WHERE customer_id = ? ORDER BY created_at, id`, customerID)
}

// CreateWallet stores a managed wallet.
func CreateWallet(ctx context.Context, tx *store.Tx, w BPWallet) error {
	_, err := tx.Exec(ctx, `INSERT INTO bpsandbox_wallets (id, customer_id, address, balance, body, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		w.ID, w.CustomerID, w.Address, w.Balance, w.Body, w.CreatedAt)
	return err
}

const bpWalletColumns = `id, customer_id, address, balance, body, created_at`

func scanWallet(r interface{ Scan(...any) error }) (BPWallet, error) {
	var w BPWallet
	err := r.Scan(&w.ID, &w.CustomerID, &w.Address, &w.Balance, &w.Body, &w.CreatedAt)
	return w, err
}

// Wallet returns a managed wallet, or ErrNotFound.
func Wallet(ctx context.Context, tx *store.Tx, id string) (BPWallet, error) {
	return scanWallet(tx.QueryRow(ctx, `SELECT `+bpWalletColumns+` FROM bpsandbox_wallets WHERE id = ?`, id))
}

// WalletByAddress returns the managed wallet at an address, or ErrNotFound.
func WalletByAddress(ctx context.Context, tx *store.Tx, address string) (BPWallet, error) {
	return scanWallet(tx.QueryRow(ctx, `SELECT `+bpWalletColumns+` FROM bpsandbox_wallets WHERE LOWER(address) = LOWER(?)`, address))
}

// Wallets lists a customer's managed wallets, oldest first.
func Wallets(ctx context.Context, tx *store.Tx, customerID string) ([]BPWallet, error) {
	rs, err := tx.Query(ctx, `SELECT `+bpWalletColumns+` FROM bpsandbox_wallets WHERE customer_id = ? ORDER BY created_at, id`, customerID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []BPWallet
	for rs.Next() {
		w, err := scanWallet(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rs.Err()
}

// MoveBalance adds delta (negative to take) to a wallet's balance;
// it reports false, changing nothing, when the balance would go below zero.
func MoveBalance(ctx context.Context, tx *store.Tx, walletID string, delta int64) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE bpsandbox_wallets SET balance = balance + ? WHERE id = ? AND balance + ? >= 0`, delta, walletID, delta)
	return n > 0, err
}

// CreateQuote stores a payin or payout quote.
func CreateQuote(ctx context.Context, tx *store.Tx, q BPQuote) error {
	_, err := tx.Exec(ctx, `INSERT INTO bpsandbox_quotes (id, kind, customer_id, request_amount, expires_at, body, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, q.ID, q.Kind, q.CustomerID, q.RequestAmount, q.ExpiresAt, q.Body, q.CreatedAt)
	return err
}

// Quote returns a quote, or ErrNotFound.
func Quote(ctx context.Context, tx *store.Tx, id string) (BPQuote, error) {
	q := BPQuote{BPRecord: BPRecord{ID: id}}
	err := tx.QueryRow(ctx, `SELECT kind, customer_id, request_amount, expires_at, COALESCE(used_by, ''), body, created_at
		FROM bpsandbox_quotes WHERE id = ?`, id).Scan(&q.Kind, &q.CustomerID, &q.RequestAmount, &q.ExpiresAt, &q.UsedBy, &q.Body, &q.CreatedAt)
	return q, err
}

// UseQuote marks a quote used by a payin or payout, once: it
// reports false when the quote was already used.
func UseQuote(ctx context.Context, tx *store.Tx, id, usedBy string) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE bpsandbox_quotes SET used_by = ? WHERE id = ? AND used_by IS NULL`, usedBy, id)
	return n > 0, err
}

// CreatePayin stores a new payin.
func CreatePayin(ctx context.Context, tx *store.Tx, r BPRecord, quoteID, clabe string) error {
	_, err := tx.Exec(ctx, `INSERT INTO bpsandbox_payins (id, customer_id, quote_id, status, stage, clabe, body, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, r.CustomerID, quoteID, r.Status, r.Stage, store.Nullable(clabe), r.Body, r.CreatedAt, r.CreatedAt)
	return err
}

// CLABEUsed reports whether a CLABE was already issued to a payin.
func CLABEUsed(ctx context.Context, tx *store.Tx, clabe string) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM bpsandbox_payins WHERE clabe = ?`, clabe).Scan(&n)
	return n > 0, err
}

// CreatePayout stores a new payout.
func CreatePayout(ctx context.Context, tx *store.Tx, r BPRecord, quoteID, walletID string) error {
	_, err := tx.Exec(ctx, `INSERT INTO bpsandbox_payouts (id, customer_id, quote_id, wallet_id, status, stage, body, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, r.CustomerID, quoteID, walletID, r.Status, r.Stage, r.Body, r.CreatedAt, r.CreatedAt)
	return err
}

// bpTransferTable maps a kind to its table; only these two move by stages.
func bpTransferTable(kind string) string {
	if kind == "payout" {
		return "bpsandbox_payouts"
	}
	return "bpsandbox_payins"
}

// Transfer returns a payin (kind "payin") or payout (kind
// "payout"), locked for update on PostgreSQL, or ErrNotFound.
func Transfer(ctx context.Context, tx *store.Tx, kind, id string) (BPRecord, error) {
	r := BPRecord{ID: id}
	err := tx.QueryRow(ctx, `SELECT customer_id, status, stage, body, created_at FROM `+bpTransferTable(kind)+` WHERE id = ?`+store.ForUpdate(tx.Engine()), id).
		Scan(&r.CustomerID, &r.Status, &r.Stage, &r.Body, &r.CreatedAt)
	return r, err
}

// UpdateTransfer stores a payin's or payout's new status, stage and JSON.
func UpdateTransfer(ctx context.Context, tx *store.Tx, kind string, r BPRecord, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE `+bpTransferTable(kind)+` SET status = ?, stage = ?, body = ?, updated_at = ? WHERE id = ?`,
		r.Status, r.Stage, r.Body, now, r.ID)
	return err
}

// TransferQuote returns the quote id and wallet id (payouts) of a payin or payout.
func TransferQuote(ctx context.Context, tx *store.Tx, kind, id string) (quoteID, walletID string, err error) {
	if kind == "payout" {
		err = tx.QueryRow(ctx, `SELECT quote_id, wallet_id FROM bpsandbox_payouts WHERE id = ?`, id).Scan(&quoteID, &walletID)
		return quoteID, walletID, err
	}
	err = tx.QueryRow(ctx, `SELECT quote_id FROM bpsandbox_payins WHERE id = ?`, id).Scan(&quoteID)
	return quoteID, "", err
}

// Transfers lists payins or payouts, newest first, at most limit,
// filtered by customer and status when those are not empty.
func Transfers(ctx context.Context, tx *store.Tx, kind, customerID, status string, limit int) ([]BPRecord, error) {
	return bpList(ctx, tx, `SELECT id, customer_id, status, stage, body, created_at FROM `+bpTransferTable(kind)+`
		WHERE (? = '' OR customer_id = ?) AND (? = '' OR status = ?) ORDER BY created_at DESC, id LIMIT ?`,
		customerID, customerID, status, status, limit)
}

// CreateEndpoint stores a webhook endpoint.
func CreateEndpoint(ctx context.Context, tx *store.Tx, e BPEndpoint) error {
	_, err := tx.Exec(ctx, `INSERT INTO bpsandbox_webhook_endpoints (id, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?)`,
		e.ID, e.URL, e.Events, e.Secret, e.CreatedAt)
	return err
}

// Endpoints lists the webhook endpoints, oldest first.
func Endpoints(ctx context.Context, tx *store.Tx) ([]BPEndpoint, error) {
	rs, err := tx.Query(ctx, `SELECT id, url, events, secret, created_at FROM bpsandbox_webhook_endpoints ORDER BY created_at, id`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []BPEndpoint
	for rs.Next() {
		var e BPEndpoint
		if err := rs.Scan(&e.ID, &e.URL, &e.Events, &e.Secret, &e.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rs.Err()
}

// Endpoint returns a webhook endpoint, or ErrNotFound.
func Endpoint(ctx context.Context, tx *store.Tx, id string) (BPEndpoint, error) {
	e := BPEndpoint{ID: id}
	err := tx.QueryRow(ctx, `SELECT url, events, secret, created_at FROM bpsandbox_webhook_endpoints WHERE id = ?`, id).
		Scan(&e.URL, &e.Events, &e.Secret, &e.CreatedAt)
	return e, err
}

// DeleteEndpoint removes a webhook endpoint; found is false when there was none.
func DeleteEndpoint(ctx context.Context, tx *store.Tx, id string) (found bool, err error) {
	n, err := tx.Exec(ctx, `DELETE FROM bpsandbox_webhook_endpoints WHERE id = ?`, id)
	return n > 0, err
}

// CreateEvent stores an event (a Svix message) and one delivery
// row per endpoint it goes to.
func CreateEvent(ctx context.Context, tx *store.Tx, id, typ, objectID, payload string, endpointIDs []string, now time.Time) error {
	if _, err := tx.Exec(ctx, `INSERT INTO bpsandbox_events (id, type, object_id, payload, created_at) VALUES (?, ?, ?, ?, ?)`,
		id, typ, objectID, payload, now); err != nil {
		return err
	}
	for _, ep := range endpointIDs {
		if _, err := tx.Exec(ctx, `INSERT INTO bpsandbox_deliveries (event_id, endpoint_id) VALUES (?, ?)`, id, ep); err != nil {
			return err
		}
	}
	return nil
}

// Delivery returns what delivering an event to an endpoint needs, the
// event's JSON and the endpoint, in one statement (the delivery job reads
// it alone, without BEGIN and COMMIT on PostgreSQL); ErrNotFound when
// either is gone.
func Delivery(ctx context.Context, tx *store.Tx, eventID, endpointID string) (payload string, ep BPEndpoint, err error) {
	ep.ID = endpointID
	err = tx.QueryRow(ctx, `SELECT ev.payload, ep.url, ep.events, ep.secret, ep.created_at
		FROM bpsandbox_events ev, bpsandbox_webhook_endpoints ep WHERE ev.id = ? AND ep.id = ?`, eventID, endpointID).
		Scan(&payload, &ep.URL, &ep.Events, &ep.Secret, &ep.CreatedAt)
	return payload, ep, err
}

// DeliveryAttempted counts an attempt to deliver an event to an
// endpoint, the status it got (0: no answer) and, when delivered, its time.
func DeliveryAttempted(ctx context.Context, tx *store.Tx, eventID, endpointID string, status int, delivered bool, now time.Time) error {
	var at *time.Time
	if delivered {
		at = &now
	}
	_, err := tx.Exec(ctx, `UPDATE bpsandbox_deliveries SET attempts = attempts + 1, last_status = ?, delivered_at = COALESCE(?, delivered_at)
		WHERE event_id = ? AND endpoint_id = ?`, status, at, eventID, endpointID)
	return err
}
