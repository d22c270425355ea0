package payment

import (
	"fmt"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
)

// Kinds of the ledger transactions Apply returns. Each is recorded when the
// payment enters the state that proves the money moved, and at most once
// per payment, because Apply never enters a state twice.
const (
	// KindPayinReceived: the payer's local currency arrived; recorded on
	// entering payin_completed, or on entering refunded for a late pay-in.
	KindPayinReceived = "payin_received"
	// KindConvertedToUSDC: the on-ramp sold the local currency for USDC;
	// recorded on entering offramp_created.
	KindConvertedToUSDC = "converted_to_usdc"
	// KindPayout: the off-ramp sold the USDC for USD, withheld its fee and
	// delivered the rest; recorded on entering completed or check_mailed.
	KindPayout = "payout"
	// KindRefund: a late, short or wrong-currency pay-in, or one an operator
	// refunded, is owed back to the payer: the payment account's local
	// currency moves to ledger.ReturnsOwed, recorded on entering refunded
	// or payin_mismatch.
	KindRefund = "refund"
	// KindPayinExcess: what arrived beyond the quoted amount; recorded with
	// payin_received when an over-payment enters payin_completed.
	KindPayinExcess = "payin_excess"
	// KindRefundExcess: the excess is owed back to the payer (to
	// ledger.ReturnsOwed), recorded with payin_excess.
	KindRefundExcess = "refund_excess"
	// KindReturned: the partner returned an owed refund to the payer
	// (ledger.ReturnsOwed to the payer), recorded when an operator confirms
	// it (Returned), never by Apply.
	KindReturned = "returned"
	// KindReturnedExcess: likewise for an owed excess, so each kind stays
	// at most once per payment.
	KindReturnedExcess = "returned_excess"
)

// Returned is the ledger transaction of an owed refund the partner has
// returned to the payer: of the excess of an over-payment when excess is
// set, else of the whole receipt.
func Returned(amount money.Amount, excess bool) (ledger.Transaction, error) {
	kind := KindReturned
	if excess {
		kind = KindReturnedExcess
	}
	return build(kind, ledger.Posting{Source: ledger.ReturnsOwed, Destination: ledger.PayerAccount, Amount: amount})
}

// owed moves amount from the payment's account to what Crebit owes back.
func owed(p Payment, kind string, amount money.Amount) (ledger.Transaction, error) {
	return build(kind, ledger.Posting{Source: ledger.PaymentAccount(p.ID), Destination: ledger.ReturnsOwed, Amount: amount})
}

// ledgerFor returns the transactions recorded when p enters state s.
func ledgerFor(p Payment, s State) ([]ledger.Transaction, error) {
	switch s {
	case StatePayinCompleted:
		tx, err := payinReceived(p)
		if err != nil {
			return nil, err
		}
		out := []ledger.Transaction{tx}
		if extra := excess(p); extra.Minor > 0 {
			ex, err := build(KindPayinExcess, ledger.Posting{
				Source: ledger.PayerAccount, Destination: ledger.PaymentAccount(p.ID), Amount: extra,
			})
			if err != nil {
				return nil, err
			}
			back, err := owed(p, KindRefundExcess, extra)
			if err != nil {
				return nil, err
			}
			out = append(out, ex, back)
		}
		return out, nil
	case StateOfframpCreated:
		tx, err := convertedToUSDC(p)
		return []ledger.Transaction{tx}, err
	case StateCompleted, StateCheckMailed:
		tx, err := payout(p)
		return []ledger.Transaction{tx}, err
	case StateRefunded, StatePayinMismatch:
		if p.State == StatePayinCompleted {
			// An operator refunds a received pay-in (EventRefund): its
			// receipt is already recorded and its excess already owed.
			back, err := owed(p, KindRefund, p.Amounts.Local)
			return []ledger.Transaction{back}, err
		}
		got := p.received
		if got.Minor <= 0 { // Apply without a reported amount: the quoted one
			got = p.Amounts.Local
		}
		tx, err := build(KindPayinReceived, ledger.Posting{
			Source: ledger.PayerAccount, Destination: ledger.PaymentAccount(p.ID), Amount: got,
		})
		if err != nil {
			return nil, err
		}
		back, err := owed(p, KindRefund, got)
		if err != nil {
			return nil, err
		}
		return []ledger.Transaction{tx, back}, nil
	}
	return nil, nil
}

// payinReceived moves the local currency from the payer into the payment's
// account, where it stays until it is converted or refunded.
func payinReceived(p Payment) (ledger.Transaction, error) {
	return build(KindPayinReceived, ledger.Posting{
		Source: ledger.PayerAccount, Destination: ledger.PaymentAccount(p.ID), Amount: p.Amounts.Local,
	})
}

// convertedToUSDC gives the local currency to the partner's desk and takes
// back the USDC it bought, leaving the payment account holding only USDC.
func convertedToUSDC(p Payment) (ledger.Transaction, error) {
	account := ledger.PaymentAccount(p.ID)
	return build(KindConvertedToUSDC,
		ledger.Posting{Source: account, Destination: ledger.PartnerFX, Amount: p.Amounts.Local},
		ledger.Posting{Source: ledger.PartnerFX, Destination: account, Amount: p.Amounts.USDC},
	)
}

// payout sells the USDC to the partner's desk for the gross USD, tops up a
// rounding shortfall from Crebit's rounding account when the gross is short
// of the promise, pays the promised USD to the payee, and books what is
// left as the off-ramp fee. The payment account ends at zero in USDC and
// USD, and the payee receives exactly AmountUSD.
func payout(p Payment) (ledger.Transaction, error) {
	account := ledger.PaymentAccount(p.ID)
	a := p.Amounts
	postings := []ledger.Posting{
		{Source: account, Destination: ledger.PartnerFX, Amount: a.USDC},
		{Source: ledger.PartnerFX, Destination: account, Amount: a.GrossUSD},
	}
	diff := a.GrossUSD.Minor - a.AmountUSD.Minor
	if diff < 0 {
		shortfall := a.AmountUSD
		shortfall.Minor = -diff
		postings = append(postings, ledger.Posting{Source: ledger.RoundingAccount, Destination: account, Amount: shortfall})
	}
	postings = append(postings, ledger.Posting{Source: account, Destination: ledger.PayeeAccount, Amount: a.AmountUSD})
	if diff > 0 {
		fee := a.GrossUSD
		fee.Minor = diff
		postings = append(postings, ledger.Posting{Source: account, Destination: ledger.OfframpFees, Amount: fee})
	}
	return build(KindPayout, postings...)
}

// build wraps ledger.NewTransaction so an invalid posting, which validated
// amounts make impossible, still surfaces as an error rather than a panic.
func build(kind string, postings ...ledger.Posting) (ledger.Transaction, error) {
	tx, err := ledger.NewTransaction(kind, postings...)
	if err != nil {
		return ledger.Transaction{}, fmt.Errorf("payment: building %s: %w", kind, err)
	}
	return tx, nil
}
