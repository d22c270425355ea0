// Package corridor is the one table of Crebit's corridors: where a payer pays
// from, in which currency, by which local rail, with which tax id, from which
// amount, and how the USD may be delivered. Every other package reads an
// entry here instead of branching on the country, so a third corridor is one
// entry (plus its tax id and rail validators, its locale strings and its
// wizard's fields; docs/architecture/corridor.md).
//
// The web app's copy of this table (web/src/features/payments/lib/corridors.gen.ts)
// is generated from it by cmd/gencorridor; a test fails when it is stale.
//
// The package is pure: no I/O, and it imports only other pure packages.
package corridor

import (
	"github.com/crebit/crebit/internal/money"
)

// Corridor is one country Crebit collects from.
type Corridor struct {
	// Country is the ISO 3166-1 alpha-2 code ("BR"): the partner's country
	// field and the operations console's corridor filter.
	Country string
	// Alpha3 is its ISO 3166-1 alpha-3 code ("BRA"), which clients send too.
	Alpha3 string
	// Name is the API's and the web's lower-case name ("brazil"): the
	// create-customer country, the wizard's path.
	Name string
	// Names is the country as each language writes it.
	Names map[string]string
	// Locale is the language the country's payers read ("pt-BR"), in which
	// its currency is always formatted.
	Locale string
	// TimeZone is the IANA zone a payer there is shown times in.
	TimeZone string
	// Currency is what the payer pays in.
	Currency money.Currency
	// CurrencySign is written before an amount of Currency, with its
	// space if any ("R$ ", "MX$"): never a bare "$" where pesos and
	// dollars can meet.
	CurrencySign string
	// Symbol is the quote symbol ("USDC/BRL").
	Symbol string
	// Method is the local rail's API name ("pix"): a payment's method, the
	// create endpoint's name (create-<method>-payment).
	Method string
	// WizardPath is the web app's payment wizard of the corridor (the
	// spec's routes: /get-started for Brazil, /get-started-mexico).
	WizardPath string
	// MethodName is the rail as payers write it ("Pix", "SPEI").
	MethodName string
	// PartnerMethod is BlindPay's payment_method for a pay-in on this rail.
	PartnerMethod string
	// MinimumUSD is the smallest payment, in USD; the server refuses less.
	// It is never below PayoutMinimum.
	MinimumUSD money.Amount
	// MinimumShown says whether the wizards state the minimum and open the
	// spec's "Minimum Transfer Amount" dialog below it (Brazil's USD 16).
	// Mexico's USD 5.00 is the partner's floor (PayoutMinimum), which no
	// tuition payment meets in practice, and the spec shows no minimum.
	MinimumShown bool
	// PayinMinimum is the smallest pay-in the partner takes on this rail,
	// in the corridor's currency: BlindPay's payin quotes are 10.00 to
	// 100,000 per currency (docs/BLINDPAY.md §6). A quote whose total is
	// less is refused before it is shown.
	PayinMinimum money.Amount
	// TaxID is the payer's tax id.
	TaxID TaxID
	// Rail is the rail's own reference of a received transfer.
	Rail Rail
	// Instructions is how the payer is told where to pay.
	Instructions Instructions
	// Check says whether a USD check can be mailed to the school.
	Check Availability
	// EffectiveRateDecimals is how many decimals the authorization step
	// shows the effective rate with (the spec: 3 for Mexico).
	EffectiveRateDecimals int
	// Request names the create-payment request's corridor-specific fields.
	Request Request
}

// Request is the spelling of a corridor's create-<method>-payment request,
// as the spec gives it (the two seed endpoints differ in these names).
type Request struct {
	// AmountField carries the local amount ("amount_brl").
	AmountField string
	// TaxIDField carries the sender's tax id ("sender_document"; the
	// spec's SPEI request calls the CURP "sender_clabe").
	TaxIDField string
	// WalletField names how the payer's USDC wallet is identified besides
	// wallet_address: "wallet_id" for SPEI, none for Pix.
	WalletField string
}

// Availability is whether a delivery option can be chosen.
type Availability string

// Availabilities.
const (
	Available  Availability = "available"
	ComingSoon Availability = "coming-soon"
)

// Instructions is the shape of what the payer is shown to pay.
type Instructions string

// Kinds of instructions.
const (
	// InstructionsCode is a code to copy or scan (Pix copia e cola, a BR Code).
	InstructionsCode Instructions = "code"
	// InstructionsBankAccount is an account to transfer to (a CLABE).
	InstructionsBankAccount Instructions = "bank-account"
)

// NameIn is the country in lang, else in English.
func (c Corridor) NameIn(lang string) string {
	if n, ok := c.Names[lang]; ok {
		return n
	}
	return c.Names["en"]
}

// CheckAvailable reports whether a check to the school can be chosen.
func (c Corridor) CheckAvailable() bool { return c.Check == Available }

// PayoutMinimum is the smallest USD payout the partner makes: a BlindPay
// payout quote's request_amount is at least 500 (USD 5.00,
// docs/BLINDPAY.md §6), and Crebit pays out exactly the payment's USD
// amount after the pay-in settles. A smaller payment would be paid in and
// never paid out, so it is refused when quoted.
var PayoutMinimum = money.Amount{Minor: 500, Currency: money.USD}
