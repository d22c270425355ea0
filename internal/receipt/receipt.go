// Package receipt renders a completed payment's PDF receipt with
// github.com/go-pdf/fpdf. Pure: data in, PDF bytes out. It is written in the
// payer's language, with amounts, the rate and times as that language reads
// them (package locale: exact minor units, never floats; times in the
// payer's zone, named), in DejaVu Sans, embedded, so that any name a payer
// writes (Łucja Nguyễn Şahin) prints as written.
package receipt

import (
	"bytes"
	_ "embed"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/money"
)

// The receipt's fonts: DejaVu Sans from Debian's fonts-dejavu-core (see
// fonts/README.md and fonts/LICENSE). The PDF embeds the glyphs it uses.
var (
	//go:embed fonts/DejaVuSans.ttf
	sansRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	sansBold []byte
)

const (
	family     = "DejaVuSans"
	labelSize  = 9.5 // points, labels in bold and values
	labelWidth = 70  // mm, the label column; every label fits (a test measures them)
)

// Data is everything a receipt shows. Empty optional fields are left out.
type Data struct {
	TransactionID string
	IssuedAt      time.Time
	// Lang is the language the receipt is written in (en, pt-BR, es-MX;
	// English when another), and Zone the time zone its times are shown in
	// (the zero Zone is UTC, stated).
	Lang string
	Zone locale.Zone

	Payer     string
	Recipient string // whom the payer named the payment for
	Student   string // check delivery
	StudentID string
	School    string

	Method       string // the corridor's method ("pix")
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

	// The rail's reference of the pay-in, labelled by its kind
	// (corridor.Rail.Kind: "pix_end_to_end_id"), and where the transfer is
	// looked up by it, if anywhere (Banxico's CEP for a SPEI tracking key).
	RailKind      string
	RailReference string
	LookupURL     string
}

// Stage is one state the payment reached (payment.State's name:
// "payin_completed") and when.
type Stage struct {
	State string
	At    time.Time
}

// Render returns the receipt as a PDF.
//
// It is drawn in the first of these faces that has every character it
// prints: the Windows-1252 fonts made ahead of time (winAnsiFonts: nearly
// every receipt), the Unicode fonts cut once per process to the Latin
// alphabets (commonFonts: Łucja, Nguyễn), the whole fonts (Greek,
// Cyrillic, Armenian). All three are DejaVu Sans, glyph for glyph and width
// for width, so a receipt reads and looks the same in any of them; the
// earlier ones cost fpdf far less work per document.
func Render(d Data) ([]byte, error) {
	for _, f := range []face{winAnsiFonts(), commonFonts()} {
		if pdf, drawn, err := render(d, f, false); err != nil || drawn {
			return pdf, err
		}
	}
	pdf, _, err := render(d, wholeFonts(), true)
	return pdf, err
}

// render draws the receipt in the face f. drawn is false when a character
// of the receipt is not in f; the PDF is then made only when always.
func render(d Data, f face, always bool) (out []byte, drawn bool, err error) {
	w := textFor(d.Lang)
	l := locale.For(d.Lang)
	stamp := func(t time.Time) string { return l.Time(t, d.Zone) }
	drawn = true
	// in is every text drawn, as f draws it.
	in := func(s string) string {
		t, ok := f.text(s)
		if !ok {
			drawn = false
			return s
		}
		return t
	}

	pdf := fpdf.New("P", "mm", "A4", "")
	f.add(pdf)
	pdf.SetTitle(w.Title+" "+printable(d.TransactionID), true)
	pdf.SetAuthor("Crebit", true)
	pdf.SetCreationDate(d.IssuedAt)
	pdf.SetModificationDate(d.IssuedAt)
	pdf.SetMargins(18, 18, 18)
	pdf.AddPage()

	line := func(h float64, s string) { pdf.CellFormat(0, h, in(s), "", 1, "L", false, 0, "") }
	pdf.SetFont(family, "B", 17)
	line(10, w.Title)
	pdf.SetFont(family, "", 10)
	line(6, w.TransactionID+": "+printable(d.TransactionID))
	line(6, w.Issued+": "+stamp(d.IssuedAt))
	pdf.Ln(4)

	label := func(s string) {
		pdf.SetFont(family, "B", labelSize)
		pdf.CellFormat(labelWidth, 6, in(s), "", 0, "L", false, 0, "")
	}
	row := func(name, value string) {
		if value == "" {
			return
		}
		label(name)
		pdf.SetFont(family, "", labelSize)
		pdf.MultiCell(0, 6, in(printable(value)), "", "L", false)
	}
	section := func(title string) {
		pdf.Ln(2)
		pdf.SetFont(family, "B", 12)
		pdf.CellFormat(0, 8, in(title), "B", 1, "L", false, 0, "")
		pdf.Ln(1)
	}

	section(w.Parties)
	row(w.Payer, d.Payer)
	row(w.Recipient, d.Recipient)
	row(w.Student, d.Student)
	row(w.StudentID, d.StudentID)
	row(w.School, d.School)

	section(w.Amounts)
	row(w.YouPaid, fmt.Sprintf(w.PaidBy, l.Money(d.AmountLocal), methodName(d.Method)))
	row(w.Delivered, l.Money(d.AmountUSD))
	row(w.Rate, l.Rate(d.Rate, d.AmountLocal.Currency))
	row(w.Fees, l.Money(d.TotalFeesUSD))

	section(w.Delivery)
	row(w.DeliveryMethod, name(w.Deliveries, d.Delivery))
	if d.AccountLast4 != "" {
		bank := d.BankName
		if bank == "" {
			bank = w.BankAccount
		}
		row(w.BankAccount, fmt.Sprintf(w.AccountEnding, bank, d.AccountLast4))
	}
	row(w.Tracking, d.TrackingNumber)

	section(w.RailReference)
	if d.RailReference == "" {
		row(w.Reference, w.NoRef)
	} else {
		railLabel, ok := w.Rails[d.RailKind]
		if !ok {
			railLabel = w.Reference
		}
		row(railLabel, d.RailReference)
		if d.LookupURL != "" {
			// The lookup is a live link in the PDF.
			label(w.CEP)
			pdf.SetFont(family, "U", labelSize)
			pdf.SetTextColor(0, 64, 192)
			pdf.WriteLinkString(6, in(printable(d.LookupURL)), d.LookupURL)
			pdf.SetTextColor(0, 0, 0)
			pdf.Ln(6)
		}
	}

	section(w.Timeline)
	if !d.AuthorizedAt.IsZero() {
		row(w.Authorized, stamp(d.AuthorizedAt))
	}
	for _, s := range d.Stages {
		row(name(w.Stages, s.State), stamp(s.At))
	}

	pdf.Ln(6)
	pdf.SetFont(family, "", 8)
	pdf.MultiCell(0, 4, in(fmt.Sprintf(w.Footer, l.ZoneName(d.Zone, d.IssuedAt))), "", "L", false)

	if !drawn && !always {
		return nil, false, nil
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, false, fmt.Errorf("receipt: %w", err)
	}
	return buf.Bytes(), drawn, nil
}

// name is a code's name in a table, or the code itself.
func name(names map[string]string, code string) string {
	if n, ok := names[code]; ok {
		return n
	}
	return code
}

func methodName(m string) string {
	if c, ok := corridor.ByMethod(m); ok {
		return c.MethodName
	}
	return m
}
