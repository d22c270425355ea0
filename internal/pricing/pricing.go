// Package pricing is the quote arithmetic of Crebit, stated in one place.
//
// A payer in Brazil or Mexico pays local currency (BRL by Pix, MXN by SPEI);
// a partner buys USDC with it (the on-ramp), sells the USDC for USD (the
// off-ramp), and exactly the quoted USD amount arrives in a US bank account.
//
// # Inputs
//
//	A     = AmountUSD, the USD that must arrive (> 0, cents)
//	q_on  = OnRampQuotation, local currency paid per USDC bought (> 0)
//	q_off = OffRampQuotation, USD received per USDC sold (> 0)
//	b     = FeeBps, off-ramp fee in basis points of A (>= 0)
//	Ff    = FeeFixed, flat off-ramp fee in USD (>= 0)
//
// # Exact model
//
// Everything below is exact rational arithmetic (math/big); nothing is
// rounded until the final outputs, so no intermediate rounding can compound.
//
//	F  = A * b / 10000 + Ff        total fee in USD
//	G  = A + F                     gross USD the off-ramp must pay out
//	U  = G / q_off                 USDC that must be sold
//	L* = U * q_on                  local currency that buys U
//	   = (A * (1 + b/10000) + Ff) * q_on / q_off
//
// # Outputs and their rounding
//
//	TotalLocal    = Down(L*, local minor unit)     payer's favour
//	TotalFeesUSD  = HalfUp(F, 0.01 USD)            display; F itself is exact
//	USDC          = Up(U, 0.000001 USDC)           enough USDC to pay out G
//	EffectiveRate = HalfUp(TotalLocal / A, 4 decimals)
//
// TotalLocal rounds down, so the payer is never charged more than the exact
// price, and is charged less than it by under one local minor unit (one
// centavo); Crebit absorbs that sub-centavo. Consequently
// 0 <= L* - TotalLocal < 0.01, and the USD that TotalLocal buys falls short
// of G by less than one centavo's worth.
// A quote whose TotalLocal rounds to zero is refused with ErrTooSmall,
// because a payment of zero local currency must be impossible.
//
// USDC rounds up because it is what must be bought to cover G; a micro-USDC
// short would leave the payout short.
//
// TotalFeesUSD is F rounded half-up to the cent (0.005 -> 0.01); it is the
// fee shown to the payer. It is never negative, and A + TotalFeesUSD may
// differ from the exact G by at most half a cent.
//
// EffectiveRate is computed from the rounded TotalLocal (not from L*), so
// the displayed rate reproduces the displayed total: "effective rate =
// total local amount / amount USD to the displayed precision" of RateScale
// decimals, rounded half-up.
//
// # Indicative rates
//
//	Indicative        = HalfUp(q_on / q_off * (1 + b/10000), 4 decimals)
//	IndicativeReverse = HalfUp(q * (1 - b/10000), 4 decimals)
//
// Indicative is the all-in local-per-USD rate of a large quote: it equals
// L*/A when Ff = 0, and EffectiveRate approaches it as A grows. The reverse
// rate is local currency received per USD sent, fee taken out.
//
// The package is pure: no I/O, no clock, no state, and no binary floating
// point anywhere.
package pricing

import (
	"errors"
)

// RateScale is the number of decimals to which rates are displayed and
// rounded (half-up): 5.4224 BRL per USD.
const RateScale = 4

// bpsPerUnit is the number of basis points in 1 (100%).
const bpsPerUnit = 10000

// Errors returned by Price and ValidateRates; they are wrapped with detail,
// so test for them with errors.Is.
var (
	// ErrAmount reports an AmountUSD that is zero or negative.
	ErrAmount = errors.New("pricing: amount must be positive")
	// ErrCurrency reports an AmountUSD or FeeFixed not in USD, or a Local
	// currency that is not a local fiat currency (BRL, MXN).
	ErrCurrency = errors.New("pricing: wrong currency")
	// ErrQuotation reports a missing, zero or negative quotation.
	ErrQuotation = errors.New("pricing: quotation must be positive")
	// ErrFee reports a negative FeeBps or FeeFixed.
	ErrFee = errors.New("pricing: fee must not be negative")
	// ErrOverflow reports an output that does not fit an int64 of minor
	// units; errors carrying it also wrap money.ErrRange.
	ErrOverflow = errors.New("pricing: result out of range")
	// ErrTooSmall reports a quote whose TotalLocal rounds down to zero
	// local currency, which must never be offered as a payment.
	ErrTooSmall = errors.New("pricing: amount too small to quote")
)
