package pricing_test

import (
	"math/big"
	"testing"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/pricing"
)

// Defaults configured elsewhere in Crebit (not in this package): BRL
// on-ramp 5.39 BRL/USDC, MXN on-ramp 18.45 MXN/USDC, off-ramp 0.999
// USD/USDC, fee 50 bps. With them 1 USD costs about 5.42 BRL or 18.56 MXN.
const (
	defaultOnBRL = "5.39"
	defaultOnMXN = "18.45"
	defaultOff   = "0.999"
	defaultBps   = 50
)

// quote is one hand-worked row: inputs as decimal strings, expected outputs
// as the exact fixed-scale text of each Amount. The comment on each row is
// the arithmetic: F = A*b/10000 + Ff, G = A+F, U = G/off, L* = U*on.
type quote struct {
	name              string
	amount, on, off   string
	bps               int64
	fixed             string
	local             money.Currency
	total, fees, usdc string
	rate              string
}

var handWorked = []quote{
	// F=0.005 G=1.005 U=1.006006006.. L*=5.422372372.. -> 5.42; fee 0.005 half-up 0.01
	{"1 USD BRL defaults", "1", defaultOnBRL, defaultOff, defaultBps, "0", money.BRL, "5.42", "0.01", "1.006007", "5.4200"},
	// L* = 1.006006006.. * 18.45 = 18.560810810.. -> 18.56
	{"1 USD MXN defaults", "1", defaultOnMXN, defaultOff, defaultBps, "0", money.MXN, "18.56", "0.01", "1.006007", "18.5600"},
	// F=0.50 G=100.50 U=100.600600600.. L*=542.237237237.. -> 542.23; rate 5.4223
	{"100 USD BRL", "100", defaultOnBRL, defaultOff, defaultBps, "0", money.BRL, "542.23", "0.50", "100.600601", "5.4223"},
	// F=25 G=5025 U=5030.030030030.. L*=27111.861861861.. -> 27111.86; 27111.86/5000=5.422372
	{"5000 USD BRL", "5000", defaultOnBRL, defaultOff, defaultBps, "0", money.BRL, "27111.86", "25.00", "5030.030031", "5.4224"},
	// L*=100.600600600..*18.45=1856.081081081.. -> 1856.08
	{"100 USD MXN", "100", defaultOnMXN, defaultOff, defaultBps, "0", money.MXN, "1856.08", "0.50", "100.600601", "18.5608"},
	// L*=5030.030030030..*18.45=92804.054054054.. -> 92804.05; /5000=18.56081
	{"5000 USD MXN", "5000", defaultOnMXN, defaultOff, defaultBps, "0", money.MXN, "92804.05", "25.00", "5030.030031", "18.5608"},
	// F=0.00005 (fee shows 0.00) G=0.01005 U=0.010060060.. L*=0.054223723.. -> 0.05; rate 5.0000
	{"0.01 USD", "0.01", defaultOnBRL, defaultOff, defaultBps, "0", money.BRL, "0.05", "0.00", "0.010061", "5.0000"},
	// F=0.07995 -> 0.08; G=16.06995 U=16.086036036.. L*=86.703734234.. -> 86.70; 86.70/15.99=5.422138..
	{"15.99 USD", "15.99", defaultOnBRL, defaultOff, defaultBps, "0", money.BRL, "86.70", "0.08", "16.086037", "5.4221"},
	// F=0.08 G=16.08 U=16.096096096.. L*=86.757957957.. -> 86.75; 86.75/16=5.421875
	{"16 USD", "16", defaultOnBRL, defaultOff, defaultBps, "0", money.BRL, "86.75", "0.08", "16.096097", "5.4219"},
	// F=4999.99995 -> 5000.00; G=1004999.98995 U=1006005.995945945.. L*=5422372.318148648.. -> 5422372.31
	{"999999.99 USD", "999999.99", defaultOnBRL, defaultOff, defaultBps, "0", money.BRL, "5422372.31", "5000.00", "1006005.995946", "5.4224"},
	// F=0 G=100 U=100.100100100.. L*=539.539539539.. -> 539.53
	{"zero fee", "100", defaultOnBRL, defaultOff, 0, "0", money.BRL, "539.53", "0.00", "100.100101", "5.3953"},
	// Exact all the way: U=100, L*=500, nothing to round.
	{"zero fee at par", "100", "5", "1", 0, "0", money.BRL, "500.00", "0.00", "100.000000", "5.0000"},
	// Exact: 5.39 BRL for 1 USDC = 1 USD.
	{"exact 5.39", "1", defaultOnBRL, "1", 0, "0", money.BRL, "5.39", "0.00", "1.000000", "5.3900"},
	// F=0.50+2.99=3.49 G=103.49 U=103.593593593.. L*=558.369469469.. -> 558.36
	{"fixed fee", "100", defaultOnBRL, defaultOff, defaultBps, "2.99", money.BRL, "558.36", "3.49", "103.593594", "5.5836"},
	// F=1.00 G=1.01 U=1.011011011.. L*=5.449349349.. -> 5.44; rate 5.44/0.01=544
	{"fixed fee dominates", "0.01", defaultOnBRL, defaultOff, 0, "1.00", money.BRL, "5.44", "1.00", "1.011012", "544.0000"},
	// b=10000 (100%): F=100 G=200 U=200.200200200.. L*=1079.079079079.. -> 1079.07
	{"100% fee", "100", defaultOnBRL, defaultOff, 10000, "0", money.BRL, "1079.07", "100.00", "200.200201", "10.7907"},
	// b=2500: F=3.085 -> half-up 3.09 (a tie); G=15.425 U=15.440440440.. L*=83.223973973.. -> 83.22
	{"25% fee tie", "12.34", defaultOnBRL, defaultOff, 2500, "0", money.BRL, "83.22", "3.09", "15.440441", "6.7439"},
	// L*=100.600600600..*5.123456789=515.422830124.. -> 515.42
	{"on-ramp 9 decimals", "100", "5.123456789", defaultOff, defaultBps, "0", money.BRL, "515.42", "0.50", "100.600601", "5.1542"},
	// F=1234.56*0.0037+0.15=4.717872 -> 4.72; G=1239.277872 U=1240.809738478.. L*=22487.761678691.. -> 22487.76
	{"many decimals MXN", "1234.56", "18.123456789", "0.99876543", 37, "0.15", money.MXN, "22487.76", "4.72", "1240.809739", "18.2152"},
}

func TestPriceHandWorked(t *testing.T) {
	for _, q := range handWorked {
		t.Run(q.name, func(t *testing.T) {
			b, err := pricing.Price(q.input(t))
			if err != nil {
				t.Fatal(err)
			}
			got := [5]string{b.AmountUSD.String(), b.TotalLocal.String(), b.TotalFeesUSD.String(), b.USDC.String(), b.EffectiveRate}
			want := [5]string{usd(t, q.amount).String(), q.total, q.fees, q.usdc, q.rate}
			if got != want {
				t.Errorf("got  %q\nwant %q", got, want)
			}
			if b.TotalLocal.Currency != q.local || b.TotalFeesUSD.Currency != money.USD || b.USDC.Currency != money.USDC {
				t.Errorf("currencies %s %s %s", b.TotalLocal.Currency, b.TotalFeesUSD.Currency, b.USDC.Currency)
			}
			if r := rate(t, q.rate); b.EffectiveRateRat.Cmp(r) != 0 {
				t.Errorf("EffectiveRateRat = %s, want %s", b.EffectiveRateRat.RatString(), q.rate)
			}
		})
	}
}

// input builds the Input of a hand-worked row.
func (q quote) input(t testing.TB) pricing.Input {
	return pricing.Input{
		AmountUSD:        usd(t, q.amount),
		OnRampQuotation:  rate(t, q.on),
		OffRampQuotation: rate(t, q.off),
		FeeBps:           q.bps,
		FeeFixed:         usd(t, q.fixed),
		Local:            q.local,
	}
}

// usd parses a USD test amount, failing the test on error.
func usd(t testing.TB, s string) money.Amount {
	t.Helper()
	a, err := money.Parse(s, money.USD)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// rate parses a test quotation, failing the test on error.
func rate(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, err := money.ParseRate(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func BenchmarkPrice(b *testing.B) {
	in := handWorked[3].input(b) // 5000 USD, BRL defaults
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pricing.Price(in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWholeUnitsRoundsUpToAWholePeso: for a partner that takes no centavos,
// the payer is shown (and pays) the total rounded up to a whole peso, never
// less than the exact price and never a full peso more; whole totals stay.
func TestWholeUnitsRoundsUpToAWholePeso(t *testing.T) {
	for _, amount := range []string{"100", "250.5", "300", "1234.56", "9999.99"} {
		in := pricing.Input{AmountUSD: usd(t, amount), OnRampQuotation: rate(t, defaultOnMXN), OffRampQuotation: rate(t, defaultOff),
			FeeBps: defaultBps, Local: money.MXN}
		cents, err := pricing.Price(in)
		if err != nil {
			t.Fatal(err)
		}
		in.WholeUnits = true
		whole, err := pricing.Price(in)
		if err != nil {
			t.Fatal(err)
		}
		if whole.TotalLocal.Minor%100 != 0 {
			t.Errorf("%s USD: %s MXN has centavos", amount, whole.TotalLocal)
		}
		if d := whole.TotalLocal.Minor - cents.TotalLocal.Minor; d < 0 || d > 100 {
			t.Errorf("%s USD: whole %s vs exact-down %s MXN: differs by %d centavos, want 0..100", amount, whole.TotalLocal, cents.TotalLocal, d)
		}
		if whole.USDC != cents.USDC || whole.AmountUSD != cents.AmountUSD {
			t.Errorf("%s USD: rounding the total must not change what is bought and delivered", amount)
		}
	}
}
