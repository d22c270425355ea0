// Package payment is the lifecycle of a Crebit payment: a payer in Brazil
// or Mexico pays local currency, the partner converts it to USDC (on-ramp)
// and sells the USDC for USD (off-ramp), and the USD reaches a US bank
// account or is mailed as a check to a school.
//
// Every state change goes through Apply, which takes the stored snapshot
// and one event and returns the new state together with the ledger
// transactions to record in the same database transaction. Apply is pure
// (no I/O, no clock) and never moves a payment backwards, so duplicated,
// late and out-of-order webhooks are safe to feed it as they come.
package payment

import (
	"errors"
	"fmt"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
)

// Delivery is how the USD reaches the beneficiary. It decides the success
// end of the payment: completed for a bank transfer, check_mailed for a
// check.
type Delivery string

// The deliveries Crebit offers. Values match the product's API names.
const (
	// DeliveryBankTransfer sends the USD to the payer's US bank account.
	DeliveryBankTransfer Delivery = "usd-bank-transfer"
	// DeliveryCheck mails a USD check to the school.
	DeliveryCheck Delivery = "check-to-school"
)

// Errors returned by Apply for invalid input. They are distinct from
// ignored events: an ignored event is normal (a duplicate webhook), an
// error means the caller passed something that can never be valid.
var (
	// ErrUnknownDelivery wraps errors about an undefined delivery.
	ErrUnknownDelivery = errors.New("payment: unknown delivery")
	// ErrInvalidAmounts wraps errors about amounts in the wrong currency,
	// not positive, or with a rounding shortfall above one minor unit.
	ErrInvalidAmounts = errors.New("payment: invalid amounts")
	// ErrInvalidPayment wraps errors about a snapshot that cannot exist:
	// no ID, or a success end that does not match the delivery.
	ErrInvalidPayment = errors.New("payment: invalid payment")
)

// Valid reports whether d is one of the deliveries above.
func (d Delivery) Valid() bool {
	_, ok := successState(d)
	return ok
}

// ParseDelivery returns the Delivery spelled s, or an error wrapping
// ErrUnknownDelivery.
func ParseDelivery(s string) (Delivery, error) {
	d := Delivery(s)
	if !d.Valid() {
		return "", fmt.Errorf("%w: %q", ErrUnknownDelivery, clip(s))
	}
	return d, nil
}

// successState is the end a payment with delivery d reaches when the
// off-ramp completes.
func successState(d Delivery) (State, bool) {
	switch d {
	case DeliveryBankTransfer:
		return StateCompleted, true
	case DeliveryCheck:
		return StateCheckMailed, true
	}
	return "", false
}

// Amounts are the figures of a payment, computed by the caller from the
// locked quote. Apply only moves them through the ledger; it never rounds
// or converts, so the quote alone decides what the payer pays and what the
// beneficiary gets.
type Amounts struct {
	// Local is what the payer pays, in BRL (Pix) or MXN (SPEI).
	Local money.Amount
	// USDC is what the on-ramp buys with Local.
	USDC money.Amount
	// GrossUSD is what selling USDC on the off-ramp yields, before fees.
	GrossUSD money.Amount
	// AmountUSD is what arrives at the beneficiary. GrossUSD minus
	// AmountUSD is the off-ramp fee; a negative difference of one cent is a
	// rounding shortfall that Crebit absorbs.
	AmountUSD money.Amount
}

// Validate reports why a cannot be moved through the ledger: a currency
// other than a corridor's, USDC, USD, USD in that order, an amount that is not
// strictly positive, or AmountUSD above GrossUSD by more than one minor unit
// (more than a rounding shortfall means the quote is wrong).
func (a Amounts) Validate() error {
	if _, ok := corridor.ByCurrency(a.Local.Currency); !ok {
		return fmt.Errorf("%w: local amount is in %q, no corridor's currency", ErrInvalidAmounts, a.Local.Currency)
	}
	checks := []struct {
		name   string
		amount money.Amount
		want   money.Currency
	}{
		{"local", a.Local, a.Local.Currency},
		{"USDC", a.USDC, money.USDC},
		{"gross USD", a.GrossUSD, money.USD},
		{"delivered USD", a.AmountUSD, money.USD},
	}
	for _, c := range checks {
		if c.amount.Currency != c.want {
			return fmt.Errorf("%w: %s amount is in %q, want %s", ErrInvalidAmounts, c.name, c.amount.Currency, c.want)
		}
		if c.amount.Minor <= 0 {
			return fmt.Errorf("%w: %s amount is %d, want positive", ErrInvalidAmounts, c.name, c.amount.Minor)
		}
	}
	if a.AmountUSD.Minor-a.GrossUSD.Minor > maxRoundingShortfall {
		return fmt.Errorf("%w: delivered USD %d exceeds gross USD %d by more than %d",
			ErrInvalidAmounts, a.AmountUSD.Minor, a.GrossUSD.Minor, maxRoundingShortfall)
	}
	return nil
}

// maxRoundingShortfall is the most, in USD minor units, that Crebit tops up
// from the rounding account when the gross USD falls short of the promise.
const maxRoundingShortfall = 1

// Payment is the snapshot Apply works on. The caller loads it, calls Apply,
// and stores Outcome.To with Outcome.Ledger in one database transaction.
type Payment struct {
	// ID names the payment and its ledger account.
	ID string
	// State is the stored state.
	State State
	// Delivery decides the success end.
	Delivery Delivery
	// Amounts are the locked figures of the quote.
	Amounts Amounts

	// received is what the event being applied reports as arrived; set by
	// ApplyPayin, read by the pay-in postings.
	received money.Amount
}

// validate reports why p is not a snapshot Apply can work on.
func (p Payment) validate() error {
	if p.ID == "" {
		return fmt.Errorf("%w: empty ID", ErrInvalidPayment)
	}
	if !p.State.Valid() {
		return fmt.Errorf("%w: %q", ErrUnknownState, clip(string(p.State)))
	}
	final, ok := successState(p.Delivery)
	if !ok {
		return fmt.Errorf("%w: %q", ErrUnknownDelivery, clip(string(p.Delivery)))
	}
	if (p.State == StateCompleted || p.State == StateCheckMailed) && p.State != final {
		return fmt.Errorf("%w: state %s cannot be reached with delivery %s", ErrInvalidPayment, p.State, p.Delivery)
	}
	return p.Amounts.Validate()
}
