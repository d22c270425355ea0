package bpadapter_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/bpsandbox"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/bpadapter"
	"github.com/crebit/crebit/internal/pix"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
	"github.com/crebit/crebit/internal/taxid"
)

// TestKYC: the terms, then a customer approved, one rejected (last name
// "Rejected") and one left under review (last name "Review") until
// compliance decides; a customer without terms is refused; no wallet
// before approval.
func TestKYC(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		ctx := context.Background()

		if _, err := h.a.CreateCustomerWithTerms(ctx, "no-terms", brazilian.request(), ""); !errors.Is(err, bpadapter.ErrTermsRequired) ||
			partner.StatusOf(err) != 400 {
			t.Fatalf("CreateCustomer without terms: %v", err)
		}

		ok := h.customer(brazilian)
		rejected := h.customer(payer{"BR", "Bruno", "Rejected", "cpf", "11144477735"})
		review := h.customer(payer{"MX", "Rosa", "Review", "curp", mexican.taxID})

		if c := h.kyc(ok); c.KYCStatus != partner.KYCApproved || c.ID != ok {
			t.Errorf("approved customer: %+v", c)
		}
		if c := h.kyc(rejected); c.KYCStatus != partner.KYCRejected || c.KYCReason == "" {
			t.Errorf("rejected customer: %+v", c)
		}
		if c, err := h.a.GetCustomer(ctx, review); err != nil || c.KYCStatus != partner.KYCUnderReview {
			t.Fatalf("customer under review: %+v, %v", c, err)
		}
		// No wallet before approval: BlindPay's kyc_not_approved, which
		// the payer sees as "still under review".
		_, err := h.a.EnsureWallet(ctx, "wallet-"+review, review, "")
		if bpadapter.Code(err) != "CUSTOMERS_KYC_NOT_APPROVED" {
			t.Fatalf("wallet before approval: %v", err)
		}
		if got := apperrCode(bpadapter.MapError(err, apperr.E(apperr.PartnerUnavailable, "wallet"))); got != "kyc_review" {
			t.Errorf("wallet before approval maps to %s", got)
		}
		if err := h.sb.Simulate(ctx, "customer", review, "approve"); err != nil {
			t.Fatal(err)
		}
		if c := h.kyc(review); c.KYCStatus != partner.KYCApproved {
			t.Errorf("customer after review: %+v", c)
		}
		w, err := h.a.EnsureWallet(ctx, "wallet-"+review, review, "")
		if err != nil {
			t.Fatal(err)
		}
		// Ensured again, by the stored id and without it: the same wallet.
		for _, stored := range []string{w.ID, ""} {
			if again, err := h.a.EnsureWallet(ctx, "wallet2-"+review, review, stored); err != nil || again.ID != w.ID {
				t.Errorf("EnsureWallet(%q) again: %+v, %v (first %s)", stored, again, err, w.ID)
			}
		}
	})
}

// TestPayments: Pix and SPEI from quote to USD delivered, on both engines:
// indicative quotes for the calculator, the firm quote at the payment
// step, the payin with its deposit instructions, the webhooks translated
// into Crebit's events in order, the payout Crebit creates after the
// payin settled, and the same states read back by polling.
func TestPayments(t *testing.T) {
	t.Parallel()
	for _, method := range []string{"pix", "spei"} {
		t.Run(method, func(t *testing.T) {
			t.Parallel()
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				// Pix moves by itself, like a development instance; SPEI only
				// when the test simulates each step (the Simulate panel).
				manual := method == "spei"
				var mods []func(*bpsandbox.Config)
				if manual {
					mods = append(mods, func(c *bpsandbox.Config) { c.PayinDelay, c.PayoutDelay, c.StepDelay = 0, 0, 0 })
				}
				h := setup(t, db, mods...)
				ctx := context.Background()
				simulate := func(kind, id, action, webhook, status string) {
					t.Helper()
					if err := h.sb.Simulate(ctx, kind, id, action); err != nil {
						t.Fatalf("simulate %s %s: %v", kind, action, err)
					}
					h.hooks.wait(webhook, id, func(d delivery) bool {
						return len(d.Tr.Events) > 0 && (d.Tr.Events[0].Data.Status == status ||
							d.Tr.Events[0].Data.Offramp != nil && d.Tr.Events[0].Data.Offramp.Status == status)
					})
				}
				p, symbol, local, promise := brazilian, "USDC/BRL", brl("2500.00"), usd("440.00")
				if method == "spei" {
					p, symbol, local, promise = mexican, "USDC/MXN", mxn("9000.00"), usd("460.00")
				}
				customerID, accountID, w := h.approved(p)

				on, err := h.a.CreateQuote(ctx, "quote-on", partner.QuoteRequest{Symbol: symbol, Side: partner.OnRamp})
				if err != nil || !strings.HasPrefix(on.ID, "fx_") {
					t.Fatalf("on-ramp quote: %+v, %v", on, err)
				}
				off, err := h.a.CreateQuote(ctx, "quote-off", partner.QuoteRequest{Symbol: "USDC/USD", Side: partner.OffRamp})
				if err != nil || off.FeeBps != 100 || off.FeeFixed != "1.00" {
					t.Fatalf("off-ramp quote: %+v, %v", off, err)
				}
				onRate, _ := money.ParseRate(on.Quotation)
				offRate, _ := money.ParseRate(off.Quotation)
				// The sandbox's payin quotation is 5.39 (18.45) plus 1%, with
				// 0.5% + 0.50 in fees; its payout quotation 0.999 less 1%.
				bounds := map[string][2]float64{"pix": {5.44, 5.49}, "spei": {18.6, 19.0}}[method]
				lo, hi := bounds[0], bounds[1]
				if f, _ := onRate.Float64(); f < lo || f > hi {
					t.Errorf("on-ramp quotation %s, want %v..%v", on.Quotation, lo, hi)
				}
				if f, _ := offRate.Float64(); f < 0.98 || f > 0.99 {
					t.Errorf("off-ramp quotation %s", off.Quotation)
				}

				var pi partner.Payin
				if method == "pix" {
					// The proposed interface: the firm quote, stored, then the payin.
					q, err := h.a.QuotePayment(ctx, "txn_pix", bpadapter.PaymentQuoteRequest{WalletID: w.ID, Method: "pix",
						AmountLocal: local, AmountUSD: promise, PayerTaxID: "529.982.247-25"})
					if err != nil || q.PayinQuoteID == "" || q.Local != local || q.Tokens.Cmp(q.TokensNeeded) <= 0 || q.ExpiresAt.IsZero() {
						t.Fatalf("QuotePayment: %+v, %v", q, err)
					}
					if pi, err = h.a.OpenPayin(ctx, "txn_pix", q.PayinQuoteID); err != nil {
						t.Fatal(err)
					}
					// A recovery replays the same request: the same payin.
					again, found, err := h.a.RecoverPayin(ctx, "txn_pix", q.PayinQuoteID)
					if err != nil || !found || again.ID != pi.ID {
						t.Fatalf("RecoverPayin: %+v %v %v (payin %s)", again, found, err, pi.ID)
					}
					code, err := pix.Decode(pi.Pix.Code)
					if err != nil || code.Amount != "2500.00" || code.PointOfInitiation != pix.DynamicInitiation || pi.SPEI != nil {
						t.Fatalf("BR Code %q: %+v, %v", pi.Pix.Code, code, err)
					}
				} else {
					// Today's interface: one call.
					pi, err = h.a.CreatePayin(ctx, "txn_spei", partner.PayinRequest{CustomerID: customerID, WalletAddress: w.Address,
						ExternalAccountID: accountID, Method: "spei", Amount: "9000.00", Currency: "MXN", AmountUSD: "460.00",
						Delivery: "usd-bank-transfer", Reference: "txn_spei", SenderDocument: mexican.taxID})
					if err != nil {
						t.Fatal(err)
					}
					if pi.SPEI == nil || taxid.ValidateCLABE(pi.SPEI.CLABE) != nil || pi.SPEI.BankName != "STP" || pi.Pix != nil {
						t.Fatalf("SPEI instructions: %+v", pi.SPEI)
					}
				}
				if !strings.HasPrefix(pi.ID, "pi_") || pi.Status != bpadapter.PayinAwaiting || pi.Amount != local.String() || pi.Currency != string(local.Currency) {
					t.Fatalf("payin: %+v", pi)
				}

				if manual {
					simulate("payin", pi.ID, "receive", "payin.update", bpadapter.PayinProcessing)
					simulate("payin", pi.ID, "complete", "payin.complete", bpadapter.PayinCompleted)
				}
				settled := h.hooks.wait("payin.complete", pi.ID, nil)
				h.hooks.waitFor(pi.ID, 3) // payin.new, payin.update and payin.complete
				if !slices.Equal(eventTypes(settled.Tr.Events), []string{"payin_completed", "payin_settled"}) {
					t.Fatalf("payin.complete translated to %v", eventTypes(settled.Tr.Events))
				}
				if got := h.hooks.events(pi.ID); !slices.Equal(got, []string{"payin_completed", "payin_completed", "payin_settled"}) {
					t.Errorf("payin events in order: %v (webhooks %v)", got, h.hooks.names(pi.ID))
				}
				d := settled.Tr.Events[0].Data
				if d.PayinID != pi.ID || d.Amount != local.String() || d.Currency != string(local.Currency) {
					t.Errorf("payin_completed data: %+v", d)
				}
				if method == "pix" && !strings.HasPrefix(d.EndToEndID, "E") || method == "spei" && !strings.HasPrefix(d.TrackingKey, "MBAN01") {
					t.Errorf("rail reference: e2e %q, tracking key %q", d.EndToEndID, d.TrackingKey)
				}
				if evs, err := h.a.PayinEvents(ctx, pi.ID); err != nil || !slices.Equal(eventTypes(evs), []string{"payin_completed", "payin_settled"}) {
					t.Errorf("PayinEvents: %v, %v", eventTypes(evs), err)
				}

				// payin_settled: Crebit pays the promise out.
				off2, err := h.a.CreatePayout(ctx, "txn_"+method, bpadapter.PayoutRequest{WalletAddress: w.Address, BankAccountID: accountID,
					Amount: promise, Reference: "txn_" + method})
				if err != nil || !strings.HasPrefix(off2.ID, "pa_") || off2.Amount != promise.String() || off2.Status != "processing" {
					t.Fatalf("CreatePayout: %+v, %v", off2, err)
				}
				if manual {
					simulate("payout", off2.ID, "hold", "payout.update", "on_hold")
					simulate("payout", off2.ID, "send", "payout.update", "processing")
					simulate("payout", off2.ID, "complete", "payout.complete", "completed")
				}
				done := h.hooks.wait("payout.complete", off2.ID, nil)
				h.hooks.waitFor(off2.ID, 4) // payout.new, two payout.update and payout.complete
				if got := h.hooks.events(off2.ID); !slices.Equal(got, []string{"offramp_created", "offramp_created", "offramp_created", "offramp_completed"}) {
					t.Errorf("payout events in order: %v (webhooks %v)", got, h.hooks.names(off2.ID))
				}
				if o := done.Tr.Events[0].Data.Offramp; o == nil || o.ID != off2.ID || o.Status != "completed" || done.Tr.Events[0].Data.TrackingNumber == "" {
					t.Errorf("offramp_completed data: %+v", done.Tr.Events[0].Data)
				}
				if evs, err := h.a.PayoutEvents(ctx, off2.ID); err != nil || !slices.Equal(eventTypes(evs), []string{"offramp_completed"}) || evs[0].ID != "poll:"+off2.ID+":offramp_completed" {
					t.Errorf("PayoutEvents: %+v, %v", evs, err)
				}
				if o, err := h.a.GetPayout(ctx, off2.ID); err != nil || o.Amount != promise.String() || o.Status != "completed" {
					t.Errorf("GetPayout: %+v, %v", o, err)
				}
			})
		})
	}
}

// TestSentinels: the development instance's sentinel amounts, 66600
// (failed) and 77700 (refunded), on a payin and on a payout.
func TestSentinels(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		ctx := context.Background()
		_, accountID, w := h.approved(brazilian)

		open := func(key string, local money.Amount, promise money.Amount) partner.Payin {
			t.Helper()
			q, err := h.a.QuotePayment(ctx, key, bpadapter.PaymentQuoteRequest{WalletID: w.ID, Method: "pix", AmountLocal: local, AmountUSD: promise, PayerTaxID: brazilian.taxID})
			if err != nil {
				t.Fatalf("QuotePayment %s: %v", local, err)
			}
			pi, err := h.a.OpenPayin(ctx, key, q.PayinQuoteID)
			if err != nil {
				t.Fatal(err)
			}
			return pi
		}
		failed := open("txn_failed", brl("666.00"), usd("100.00"))
		refunded := open("txn_refunded", brl("777.00"), usd("100.00"))
		funded := open("txn_funded", brl("9000.00"), usd("1600.00"))

		h.hooks.wait("payin.complete", failed.ID, nil)
		if got := h.hooks.events(failed.ID); !slices.Equal(got, []string{"payin_failed"}) {
			t.Errorf("failed payin: %v (webhooks %v)", got, h.hooks.names(failed.ID))
		}
		h.hooks.wait("payin.complete", refunded.ID, nil)
		if got := h.hooks.events(refunded.ID); !slices.Equal(got, []string{"payin_completed", "payin_refunded"}) {
			t.Errorf("refunded payin: %v (webhooks %v)", got, h.hooks.names(refunded.ID))
		}
		if pi, err := h.a.GetPayin(ctx, refunded.ID); err != nil || pi.Status != bpadapter.PayinRefunded {
			t.Errorf("GetPayin refunded: %+v, %v", pi, err)
		}
		h.hooks.wait("payin.complete", funded.ID, nil)

		for _, c := range []struct {
			amount money.Amount
			event  string
		}{{usd("777.00"), "offramp_refunded"}, {usd("666.00"), "offramp_failed"}} {
			o, err := h.a.CreatePayout(ctx, "payout-"+c.amount.String(), bpadapter.PayoutRequest{WalletAddress: w.Address, BankAccountID: accountID, Amount: c.amount})
			if err != nil {
				t.Fatalf("CreatePayout %s: %v", c.amount, err)
			}
			done := h.hooks.wait("payout.complete", o.ID, nil)
			if got := eventTypes(done.Tr.Events); !slices.Equal(got, []string{c.event}) {
				t.Errorf("payout of USD %s: %v", c.amount, got)
			}
		}
		// The refunded payout's tokens came back: the wallet still pays
		// a payout in full.
		if _, err := h.a.CreatePayout(ctx, "payout-rest", bpadapter.PayoutRequest{WalletAddress: w.Address, BankAccountID: accountID, Amount: usd("700.00")}); err != nil {
			t.Errorf("payout after the refund: %v", err)
		}
	})
}

func eventTypes(evs []partner.Event) []string {
	out := []string{}
	for _, e := range evs {
		out = append(out, e.Type)
	}
	return out
}

// TestLostWebhooks: every webhook of a payin is lost on the way; polling
// (PayinEvents) still yields the events Crebit would have applied, with
// ids that make a second poll a duplicate. The deposit arrives when the
// test says (Simulate), after it has polled once: with the sandbox's
// 100 ms deposit, a slow machine polled after it had come (CI, 2026-11-27).
func TestLostWebhooks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db, func(c *bpsandbox.Config) { c.PayinDelay = 0 })
		ctx := context.Background()
		_, _, w := h.approved(brazilian)
		start := time.Now()
		h.sb.LoseWebhooks(3) // payin.new, payin.update, payin.complete
		q, err := h.a.QuotePayment(ctx, "txn_lost", bpadapter.PaymentQuoteRequest{WalletID: w.ID, Method: "pix",
			AmountLocal: brl("1000.00"), AmountUSD: usd("150.00"), PayerTaxID: brazilian.taxID})
		if err != nil {
			t.Fatal(err)
		}
		pi, err := h.a.OpenPayin(ctx, "txn_lost", q.PayinQuoteID)
		if err != nil {
			t.Fatal(err)
		}
		if evs, err := h.a.PayinEvents(ctx, pi.ID); err != nil || len(evs) != 0 {
			t.Fatalf("PayinEvents before the deposit: %v, %v", eventTypes(evs), err)
		}
		// The deposit; the sandbox completes the payin StepDelay later.
		if err := h.sb.Simulate(ctx, "payin", pi.ID, "receive"); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(storetest.Patience)
		for {
			p, err := h.a.GetPayin(ctx, pi.ID)
			if err != nil {
				t.Fatal(err)
			}
			if p.Status == bpadapter.PayinCompleted {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("payin still %s after %s", p.Status, storetest.Patience)
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("payin completed after %v", time.Since(start))
		evs, err := h.a.PayinEvents(ctx, pi.ID)
		if err != nil || !slices.Equal(eventTypes(evs), []string{"payin_completed", "payin_settled"}) {
			t.Fatalf("PayinEvents: %v, %v", eventTypes(evs), err)
		}
		if evs[0].ID != "poll:"+pi.ID+":payin_completed" || evs[0].Data.Amount != "1000.00" || evs[0].Data.Currency != "BRL" || evs[0].Data.EndToEndID == "" {
			t.Errorf("polled payin_completed: %+v", evs[0])
		}
		if got := h.hooks.names(pi.ID); len(got) != 0 {
			t.Errorf("webhooks that should have been lost arrived: %v", got)
		}
	})
}
