package payment

import (
	"time"

	"github.com/crebit/crebit/internal/money"
)

// Record is one payer's stored payment: the locked quote's amounts, where the
// money comes from (Pix or SPEI deposit instructions) and where it goes (a
// bank account or a check to the school), and its lifecycle state.
type Record struct {
	ID                string // the transaction id shown to the payer
	SessionID         string
	AccountID         string
	IdempotencyKey    string
	RequestHash       string
	QuoteID           string
	CustomerID        string
	ExternalAccountID string
	Method            string // pix or spei
	Delivery          Delivery
	State             State
	AmountLocal       money.Amount
	AmountUSD         money.Amount
	TotalFeesUSD      money.Amount
	USDC              money.Amount
	GrossUSD          money.Amount
	EffectiveRate     string
	SenderName        string
	PartnerPayinID    string
	DepositAddress    string // BR Code for Pix, CLABE for SPEI
	PixCode           string
	DepositBankName   string
	BeneficiaryName   string
	OfframpID         string
	OfframpStatus     string
	TrackingNumber    string
	CheckDetails      string // JSON of the school and student details (check delivery)
	FailureReason     string
	ExpiresAt         time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
	// OnHold says an operator holds the payment (an open hold in
	// payment_holds): set and cleared only by holdstore, in the
	// transaction that opens or closes the hold. As read by a locking
	// read it is current until the transaction itself opens or closes a
	// hold.
	OnHold bool
	// RailReferenceStored says the row holds the rail's reference for the
	// pay-in (store.Tx.SetPaymentRailReference; read with the row, not
	// written through it): a step that reports it again has nothing to add.
	RailReferenceStored bool
}

// Snapshot is the part of a payment the lifecycle rules look at.
func (p Record) Snapshot() Payment {
	return Payment{ID: p.ID, State: p.State, Delivery: p.Delivery, Amounts: Amounts{
		Local: p.AmountLocal, USDC: p.USDC, GrossUSD: p.GrossUSD, AmountUSD: p.AmountUSD}}
}

// Change is one state a payment entered, with when and what caused it:
// the payment's history.
type Change struct {
	State      State
	Source     string // "api", "webhook:<id>", "job:expire"
	OccurredAt time.Time
}

// Authorization is the payer's step-5 agreement, kept as evidence.
type Authorization struct {
	PaymentID      string
	AcceptedAt     time.Time // server time
	ClientSignedAt string    // what the browser showed as the signature time
	IP             string
	DeviceHash     string // the SHA-256 of the browser's device token, "" without one
	UserAgent      string
	SignerName     string
	SchoolName     string
	AmountUSD      money.Amount
	AmountLocal    money.Amount
	Delivery       Delivery
	OnRampQuoteID  string
	OffRampQuoteID string
	Lang           string // the language the payer read the authorization in
}
