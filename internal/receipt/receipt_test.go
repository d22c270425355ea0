package receipt_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/receipt"
)

// PDFText reads a PDF back as text with pdftotext (Debian's poppler-utils;
// make test installs it through scripts/ensure-pdftotext.sh).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: run scripts/ensure-pdftotext.sh")
	}
	path := filepath.Join(t.TempDir(), "receipt.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func at(h, m int) time.Time { return time.Date(2026, 11, 23, h, m, 7, 0, time.UTC) }

func TestReceiptShowsEveryFigure(t *testing.T) {
	tests := []struct {
		name string
		data receipt.Data
		want []string
		not  []string
	}{{
		name: "pix to a bank account",
		data: receipt.Data{TransactionID: "txn_0123456789abcdef", IssuedAt: at(21, 0), Payer: "Maria Silva",
			Method: "pix", AmountLocal: money.New(136752, money.BRL), AmountUSD: money.New(25000, money.USD),
			TotalFeesUSD: money.New(1234, money.USD), Rate: "5.4701", Delivery: "usd-bank-transfer",
			BankName: "JPMorgan Chase", AccountLast4: "6789", AuthorizedAt: at(20, 1),
			Stages:        []receipt.Stage{{"Payment received", at(20, 5)}, {"Delivered", at(20, 9)}},
			PixEndToEndID: "E18236120202611232005AbCdEfGh123"},
		want: []string{"txn_0123456789abcdef", "Maria Silva", "BRL 1,367.52 by Pix", "USD 250.00", "1 USD = 5.4701 BRL",
			"USD 12.34", "USD bank transfer", "JPMorgan Chase account ending in 6789", "2026-11-23 20:01:07 UTC",
			"Payment received", "2026-11-23 20:05:07 UTC", "Delivered", "2026-11-23 20:09:07 UTC",
			"Pix end-to-end ID", "E18236120202611232005AbCdEfGh123"},
		not: []string{"Student", "School", "SPEI", "banxico"},
	}, {
		name: "spei to a school by check",
		data: receipt.Data{TransactionID: "txn_fedcba9876543210", IssuedAt: at(22, 0), Payer: "Juan Pérez",
			Student: "Ana Pérez", StudentID: "S-2024-001", School: "Boston University", Method: "spei",
			AmountLocal: money.New(1875000, money.MXN), AmountUSD: money.New(100000, money.USD),
			TotalFeesUSD: money.New(2500, money.USD), Rate: "18.7500", Delivery: "check-to-school",
			TrackingNumber: "1Z0000123456789012", Stages: []receipt.Stage{{"Check mailed", at(21, 30)}},
			SPEITrackingKey: "MBAN01202611230123456789", CEPURL: "https://www.banxico.org.mx/cep/"},
		want: []string{"Juan Pérez", "Ana Pérez", "S-2024-001", "Boston University", "MXN 18,750.00 by SPEI", "USD 1,000.00",
			"1 USD = 18.7500 MXN", "USD 25.00", "Check mailed to the school", "1Z0000123456789012", "Check mailed",
			"2026-11-23 21:30:07 UTC", "SPEI tracking key", "MBAN01202611230123456789", "https://www.banxico.org.mx/cep/"},
		not: []string{"Authorized", "ending in", "Pix end-to-end"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pdf, err := receipt.Render(tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(pdf), "%PDF-") {
				t.Fatal("not a PDF")
			}
			text := pdfText(t, pdf)
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("receipt lacks %q:\n%s", w, text)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(text, n) {
					t.Errorf("receipt shows %q, which does not apply", n)
				}
			}
		})
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		a    money.Amount
		want string
	}{
		{money.New(0, money.USD), "USD 0.00"},
		{money.New(5, money.USD), "USD 0.05"},
		{money.New(99999, money.BRL), "BRL 999.99"},
		{money.New(100000, money.BRL), "BRL 1,000.00"},
		{money.New(123456789012, money.MXN), "MXN 1,234,567,890.12"},
		{money.New(-150000, money.USD), "USD -1,500.00"},
		{money.New(1234567, money.USDC), "USDC 1.234567"},
	}
	for _, tt := range tests {
		if got := receipt.Format(tt.a); got != tt.want {
			t.Errorf("Format(%d %s) = %q, want %q", tt.a.Minor, tt.a.Currency, got, tt.want)
		}
	}
}
