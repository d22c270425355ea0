// Package receipt renders a completed payment's PDF receipt with
// github.com/go-pdf/fpdf. Pure: data in, PDF bytes out; amounts are
// formatted from their exact minor units (package money), never floats.
package receipt

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/crebit/crebit/internal/money"
)

// Data is everything a receipt shows. Empty optional fields are left out.
type Data struct {
	TransactionID string
	IssuedAt      time.Time

	Payer     string
	Student   string // check delivery
	StudentID string
	School    string

	Method       string // "pix" or "spei"
	AmountLocal  money.Amount
	AmountUSD    money.Amount // delivered
	TotalFeesUSD money.Amount
	Rate         string // local currency per USD, exact decimal text

	Delivery       string // "usd-bank-transfer" or "check-to-school"
	BankName       string
	AccountLast4   string
	TrackingNumber string // the mailed check's

	AuthorizedAt time.Time // zero when no authorization was recorded
	Stages       []Stage

	PixEndToEndID   string
	SPEITrackingKey string
	CEPURL          string // Banxico's lookup, with the tracking key
}

// Stage is one step of the payment and when it was reached.
type Stage struct {
	Label string
	At    time.Time
}

// Render returns the receipt as a PDF.
func Render(d Data) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle("Crebit receipt "+d.TransactionID, true)
	pdf.SetAuthor("Crebit", true)
	pdf.SetCreationDate(d.IssuedAt)
	pdf.SetModificationDate(d.IssuedAt)
	pdf.SetMargins(18, 18, 18)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("") // core fonts speak cp1252: São, Pérez

	pdf.SetFont("Helvetica", "B", 18)
	pdf.CellFormat(0, 10, "Crebit - Payment receipt", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.CellFormat(0, 6, tr("Transaction ID: "+d.TransactionID), "", 1, "L", false, 0, "")
	pdf.CellFormat(0, 6, "Issued: "+stamp(d.IssuedAt), "", 1, "L", false, 0, "")
	pdf.Ln(4)

	row := func(label, value string) {
		if value == "" {
			return
		}
		pdf.SetFont("Helvetica", "B", 10)
		pdf.CellFormat(62, 6, tr(label), "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 10)
		pdf.MultiCell(0, 6, tr(value), "", "L", false)
	}
	section := func(title string) {
		pdf.Ln(2)
		pdf.SetFont("Helvetica", "B", 12)
		pdf.CellFormat(0, 8, title, "B", 1, "L", false, 0, "")
		pdf.Ln(1)
	}

	section("Parties")
	row("Payer", d.Payer)
	row("Student", d.Student)
	row("Student ID", d.StudentID)
	row("School", d.School)

	section("Amounts")
	row("You paid", Format(d.AmountLocal)+" by "+methodName(d.Method))
	row("Delivered", Format(d.AmountUSD))
	row("Exchange rate", fmt.Sprintf("1 USD = %s %s", d.Rate, d.AmountLocal.Currency))
	row("Fees (included)", Format(d.TotalFeesUSD))

	section("Delivery")
	row("Method", deliveryName(d.Delivery))
	if d.AccountLast4 != "" {
		row("Bank account", strings.TrimSpace(d.BankName+" account ending in "+d.AccountLast4))
	}
	row("Check tracking number", d.TrackingNumber)

	section("Rail reference")
	switch {
	case d.PixEndToEndID != "":
		row("Pix end-to-end ID", d.PixEndToEndID)
	case d.SPEITrackingKey != "":
		row("SPEI tracking key", d.SPEITrackingKey)
		// The lookup is a live link in the PDF.
		pdf.SetFont("Helvetica", "B", 10)
		pdf.CellFormat(62, 6, "Proof of transfer (CEP)", "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "U", 10)
		pdf.SetTextColor(0, 64, 192)
		pdf.WriteLinkString(6, d.CEPURL, d.CEPURL)
		pdf.SetTextColor(0, 0, 0)
		pdf.Ln(6)
	default:
		row("Reference", "not reported by the bank")
	}

	section("Timeline")
	if !d.AuthorizedAt.IsZero() {
		row("Authorized", stamp(d.AuthorizedAt))
	}
	for _, s := range d.Stages {
		row(s.Label, stamp(s.At))
	}

	pdf.Ln(6)
	pdf.SetFont("Helvetica", "", 8)
	pdf.MultiCell(0, 4, "Times are UTC. Amounts are exact; fees are included in the amount you paid. "+
		"Keep this receipt with your records; the transaction ID identifies this payment at Crebit.", "", "L", false)

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("receipt: %w", err)
	}
	return buf.Bytes(), nil
}

// Format writes an amount as its currency code and the exact figure with
// thousands separators: "BRL 1,367.52".
func Format(a money.Amount) string {
	s := a.String()
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	return string(a.Currency) + " " + sign + b.String()
}

// stamp is a time as the receipt prints it (UTC, to the second).
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") }

func methodName(m string) string {
	switch m {
	case "pix":
		return "Pix"
	case "spei":
		return "SPEI"
	}
	return m
}

func deliveryName(d string) string {
	switch d {
	case "usd-bank-transfer":
		return "USD bank transfer"
	case "check-to-school":
		return "Check mailed to the school"
	}
	return d
}
