package payment_test

import (
	"errors"
	"testing"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

func TestApplyRejectsInvalidInput(t *testing.T) {
	t.Parallel()
	amount := func(minor int64, c money.Currency) money.Amount { return money.Amount{Minor: minor, Currency: c} }
	tests := []struct {
		name   string
		change func(p *payment.Payment)
		event  payment.Event
		want   error
	}{
		{"unknown event", func(*payment.Payment) {}, "payin_refunded", payment.ErrUnknownEvent},
		{"unknown state", func(p *payment.Payment) { p.State = "paid" }, eOpened, payment.ErrUnknownState},
		{"unknown delivery", func(p *payment.Payment) { p.Delivery = "wire" }, eOpened, payment.ErrUnknownDelivery},
		{"empty ID", func(p *payment.Payment) { p.ID = "" }, eOpened, payment.ErrInvalidPayment},
		{"check_mailed for bank transfer", func(p *payment.Payment) { p.State = sM }, eOpened, payment.ErrInvalidPayment},
		{"completed for check", func(p *payment.Payment) { p.State, p.Delivery = sD, check }, eOpened, payment.ErrInvalidPayment},
		{"local in USD", func(p *payment.Payment) { p.Amounts.Local = amount(100, money.USD) }, eOpened, payment.ErrInvalidAmounts},
		{"local zero", func(p *payment.Payment) { p.Amounts.Local = amount(0, money.MXN) }, eOpened, payment.ErrInvalidAmounts},
		{"USDC in USD", func(p *payment.Payment) { p.Amounts.USDC = amount(100, money.USD) }, eOpened, payment.ErrInvalidAmounts},
		{"USDC negative", func(p *payment.Payment) { p.Amounts.USDC = amount(-1, money.USDC) }, eOpened, payment.ErrInvalidAmounts},
		{"gross in USDC", func(p *payment.Payment) { p.Amounts.GrossUSD = amount(9_990, money.USDC) }, eOpened, payment.ErrInvalidAmounts},
		{"gross zero", func(p *payment.Payment) { p.Amounts.GrossUSD = amount(0, money.USD) }, eOpened, payment.ErrInvalidAmounts},
		{"delivered in BRL", func(p *payment.Payment) { p.Amounts.AmountUSD = amount(9_900, money.BRL) }, eOpened, payment.ErrInvalidAmounts},
		{"delivered zero", func(p *payment.Payment) { p.Amounts.AmountUSD = amount(0, money.USD) }, eOpened, payment.ErrInvalidAmounts},
		{"shortfall of two cents", func(p *payment.Payment) { p.Amounts.AmountUSD = amount(9_992, money.USD) }, eOpened, payment.ErrInvalidAmounts},
		{"missing amounts", func(p *payment.Payment) { p.Amounts = payment.Amounts{} }, eExpire, payment.ErrInvalidAmounts},
		{"bad amounts on a finished payment", func(p *payment.Payment) { p.State, p.Amounts.USDC = sR, amount(0, money.USDC) }, eOpened, payment.ErrInvalidAmounts},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := newPayment(sC, bank)
			tt.change(&p)
			out, err := payment.Apply(p, tt.event)
			if !errors.Is(err, tt.want) {
				t.Errorf("Apply() error = %v, want %v", err, tt.want)
			}
			if out.To != "" || out.Ledger != nil {
				t.Errorf("Apply() returned outcome %+v with an error", out)
			}
		})
	}
}

func TestAmountsValidateAcceptsOneCentShortfallAndMXN(t *testing.T) {
	t.Parallel()
	a := testAmounts()
	a.Local.Currency = money.MXN
	a.AmountUSD.Minor = a.GrossUSD.Minor + 1
	if err := a.Validate(); err != nil {
		t.Errorf("Validate() = %v, want nil", err)
	}
}

func TestFailureEventsRepeated(t *testing.T) {
	t.Parallel()
	for _, ev := range []payment.Event{eExpire, eFailed} {
		_, txs, outs := run(t, newPayment(sA, bank), ev, ev, ev)
		if outs[0].Ignored || len(txs) != 0 {
			t.Errorf("first %s: %+v, ledger %v; want a move without ledger", ev, outs[0], txs)
		}
		for _, out := range outs[1:] {
			if !out.Ignored || out.To != outs[0].To || out.Reason != "duplicate: payment is already "+string(outs[0].To) {
				t.Errorf("repeated %s: %+v, want ignored as duplicate", ev, out)
			}
		}
	}
}
