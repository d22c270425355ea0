package dashboard

import (
	"context"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/dashstore"
	"github.com/crebit/crebit/internal/store/returnstore"
)

// The dashboard: the signed-in account's totals, its transactions and one
// payment's detail. Only an account's own payments are ever read: the
// store's queries take the account id, so another account's payment is
// simply not found.

// DashboardPageSize is how many transactions one page shows.
const DashboardPageSize = 20

// maxDashboardPage bounds the page number (20 × 5,000 = 100,000 payments).
const maxDashboardPage = 5000

// Status groups of the dashboard's badges.
const (
	GroupCompleted  = "completed"  // delivered: green
	GroupProcessing = "processing" // any in-flight state: yellow
	GroupFailed     = "failed"     // failed, expired, refunded, payin_mismatch: red
)

// StatusGroup is the badge a payment in state st shows.
func StatusGroup(st payment.State) string {
	switch st {
	case payment.StateCompleted, payment.StateCheckMailed:
		return GroupCompleted
	case payment.StateExpired, payment.StateFailed, payment.StateRefunded, payment.StatePayinMismatch:
		return GroupFailed
	}
	return GroupProcessing
}

// Overview is the dashboard's three cards, computed from the account's
// payments by the database.
type Overview struct {
	TotalSentUSD     money.Amount `json:"total_sent_usd"`     // delivered payments
	PendingUSD       money.Amount `json:"pending_usd"`        // payments still in flight
	TotalReceivedUSD money.Amount `json:"total_received_usd"` // refunded to the payer
	PaymentCount     int          `json:"payment_count"`
}

// DashboardOverview returns the account's totals.
func (s *Service) DashboardOverview(ctx context.Context, who actor.Actor) (Overview, error) {
	if !who.SignedIn() {
		return Overview{}, actor.ErrNotSignedIn
	}
	var o dashstore.Overview
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) { o, err = dashstore.AccountOverview(ctx, tx, who.AccountID); return })
	return Overview{TotalSentUSD: money.New(o.SentUSD, money.USD), PendingUSD: money.New(o.PendingUSD, money.USD),
		TotalReceivedUSD: money.New(o.RefundedUSD, money.USD), PaymentCount: o.Count}, err
}

// Transaction is one row of Recent Transactions.
type Transaction struct {
	ID          string           `json:"transaction_id"` // the reference
	Recipient   string           `json:"recipient"`      // who the payer named, else the school, else the bank account holder
	Direction   string           `json:"direction"`      // sent, or received (refunded to the payer)
	AmountUSD   money.Amount     `json:"amount_usd"`
	AmountLocal money.Amount     `json:"amount_local"`
	Currency    money.Currency   `json:"local_currency"`
	Delivery    payment.Delivery `json:"delivery_method"`
	State       payment.State    `json:"status"`
	Group       string           `json:"status_group"`
	CreatedAt   time.Time        `json:"created_at"`
}

func transactionOf(t dashstore.Transaction) Transaction {
	p := t.Payment
	recipient := t.HolderName
	if p.Delivery == payment.DeliveryCheck {
		recipient = t.SchoolName
	}
	if t.Recipient != "" {
		recipient = t.Recipient
	}
	dir := "sent"
	if p.State == payment.StateRefunded {
		dir = "received"
	}
	return Transaction{ID: p.ID, Recipient: recipient, Direction: dir, AmountUSD: p.AmountUSD, AmountLocal: p.AmountLocal,
		Currency: p.AmountLocal.Currency, Delivery: p.Delivery, State: p.State, Group: StatusGroup(p.State), CreatedAt: p.CreatedAt}
}

// TransactionPage is one page of Recent Transactions, newest first.
type TransactionPage struct {
	Transactions []Transaction `json:"transactions"`
	Page         int           `json:"page"`
	PageSize     int           `json:"page_size"`
	Total        int           `json:"total"`
}

// DashboardTransactions returns page (from 1) of the account's payments.
func (s *Service) DashboardTransactions(ctx context.Context, who actor.Actor, page int) (TransactionPage, error) {
	if !who.SignedIn() {
		return TransactionPage{}, actor.ErrNotSignedIn
	}
	if page < 1 || page > maxDashboardPage {
		return TransactionPage{}, apperr.E(apperr.Invalid, "page").On("page")
	}
	out := TransactionPage{Transactions: []Transaction{}, Page: page, PageSize: DashboardPageSize}
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		rows, total, err := dashstore.AccountTransactions(ctx, tx, who.AccountID, DashboardPageSize, (page-1)*DashboardPageSize)
		for _, r := range rows {
			out.Transactions = append(out.Transactions, transactionOf(r))
		}
		out.Total = total
		return err
	})
	return out, err
}

// Next actions a payment's detail offers the payer.
const (
	NextPay        = "pay"         // send the Pix or SPEI transfer before the quote window ends
	NextWait       = "wait"        // nothing to do: Crebit is converting and delivering
	NextReceipt    = "receipt"     // done: download the receipt
	NextNewPayment = "new_payment" // it ended unpaid or failed: start a new payment
	NextRefund     = "refund"      // the money is being sent back; contact support with questions
)

func nextAction(st payment.State) string {
	switch st {
	case payment.StateCreated, payment.StateAwaitingPayin:
		return NextPay
	case payment.StateCompleted, payment.StateCheckMailed:
		return NextReceipt
	case payment.StateExpired, payment.StateFailed:
		return NextNewPayment
	case payment.StateRefunded, payment.StatePayinMismatch:
		return NextRefund
	}
	return NextWait
}

// TransactionDetail is one payment as its detail view shows it.
type TransactionDetail struct {
	Transaction
	Method         string               `json:"method"` // pix or spei
	TotalFeesUSD   money.Amount         `json:"total_fees_usd"`
	EffectiveRate  string               `json:"effective_rate"`
	BankName       string               `json:"bank_name,omitempty"`
	AccountMasked  string               `json:"bank_account_number,omitempty"` // ****1234
	Stages         []payments.StageView `json:"stages"`
	NextAction     string               `json:"next_action"`
	ExpiresAt      time.Time            `json:"expires_at"`
	PixCode        string               `json:"pix_code,omitempty"`        // while the payer still has to pay
	DepositAddress string               `json:"deposit_address,omitempty"` // BR Code or CLABE, likewise
	DepositBank    string               `json:"deposit_bank_name,omitempty"`
	Beneficiary    string               `json:"beneficiary_name,omitempty"`
	TrackingNumber string               `json:"tracking_number,omitempty"`
	FailureReason  string               `json:"failure_reason,omitempty"`
	ReceiptURL     string               `json:"receipt_url,omitempty"`
	UpdatedAt      time.Time            `json:"updated_at"`
	Refund         *Refund              `json:"refund,omitempty"` // money owed back, or returned
}

// Refund is money owed back to the payer (in_progress) or returned.
type Refund struct {
	Status     string       `json:"status"`
	Amount     money.Amount `json:"amount"`
	Currency   string       `json:"currency"`
	ReturnedAt *time.Time   `json:"returned_at,omitempty"`
}

// DashboardTransaction returns one of the account's payments in detail;
// any other id answers transaction_not_found.
func (s *Service) DashboardTransaction(ctx context.Context, who actor.Actor, id string) (TransactionDetail, error) {
	if !who.SignedIn() {
		return TransactionDetail{}, actor.ErrNotSignedIn
	}
	notFound := apperr.E(apperr.TransactionNotFound, "")
	if !randid.Valid("txn", id) {
		return TransactionDetail{}, notFound
	}
	var t dashstore.Transaction
	var events []payment.Change
	var rs []returnstore.PaymentReturn
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) {
		if t, err = dashstore.AccountTransaction(ctx, tx, who.AccountID, id); err != nil {
			return err
		}
		if events, err = tx.PaymentEvents(ctx, id); err != nil {
			return err
		}
		rs, err = returnstore.ReturnsOf(ctx, tx, id)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return TransactionDetail{}, notFound
	}
	if err != nil {
		return TransactionDetail{}, err
	}
	p := t.Payment
	d := TransactionDetail{Transaction: transactionOf(t), Method: p.Method, TotalFeesUSD: p.TotalFeesUSD,
		EffectiveRate: p.EffectiveRate, BankName: t.BankName, NextAction: nextAction(p.State), ExpiresAt: p.ExpiresAt,
		TrackingNumber: p.TrackingNumber, FailureReason: p.FailureReason, UpdatedAt: p.UpdatedAt}
	if t.AccountLast != "" {
		d.AccountMasked = customer.MaskAccount(t.AccountLast)
	}
	for _, sg := range (payments.PaymentStatus{Payment: p, Events: events}).Stages() {
		d.Stages = append(d.Stages, payments.StageView{Status: sg.State, Reached: sg.Reached, At: sg.At})
	}
	if d.NextAction == NextPay {
		d.PixCode, d.DepositAddress, d.DepositBank, d.Beneficiary = p.PixCode, p.DepositAddress, p.DepositBankName, p.BeneficiaryName
	}
	if payments.HasReceipt(p.State) {
		d.ReceiptURL = "/api/payments/" + p.ID + "/receipt"
	}
	if r := payments.RefundOf(rs); r != nil {
		d.Refund = &Refund{Status: r.Status, Amount: r.Amount, Currency: string(r.Amount.Currency), ReturnedAt: r.ReturnedAt}
	}
	return d, nil
}
