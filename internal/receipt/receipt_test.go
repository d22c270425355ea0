package receipt_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/receipt"
)

// tool runs one of the PDF tools on pdf (Debian's poppler-utils and qpdf;
// make test installs them through scripts/ensure-pdf-tools.sh) and returns
// its output.
func tool(t *testing.T, pdf []byte, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is missing: run scripts/ensure-pdf-tools.sh", name)
	}
	path := filepath.Join(t.TempDir(), "receipt.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(name, append(args, path)...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, out)
	}
	return string(out)
}

// pdfText reads a PDF back as text with pdftotext.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: run scripts/ensure-pdf-tools.sh")
	}
	path := filepath.Join(t.TempDir(), "receipt.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func at(h, m int) time.Time { return time.Date(2026, 11, 23, h, m, 7, 0, time.UTC) }

func pixPayment(lang string) receipt.Data {
	return receipt.Data{TransactionID: "txn_0123456789abcdef", IssuedAt: at(21, 0), Lang: lang, Zone: locale.Brasilia,
		Payer: "Maria Silva", Recipient: "Boston University — Spring tuition",
		Method: "pix", AmountLocal: money.New(1355593, money.BRL), AmountUSD: money.New(250000, money.USD),
		TotalFeesUSD: money.New(1234, money.USD), Rate: "5.4224", Delivery: "usd-bank-transfer",
		BankName: "JPMorgan Chase", AccountLast4: "6789", AuthorizedAt: at(20, 1),
		Stages:   []receipt.Stage{{"payin_completed", at(20, 5)}, {"completed", at(20, 9)}},
		RailKind: "pix_end_to_end_id", RailReference: "E18236120202611232005AbCdEfGh123"}
}

func speiCheck(lang string) receipt.Data {
	return receipt.Data{TransactionID: "txn_fedcba9876543210", IssuedAt: at(22, 0), Lang: lang, Zone: locale.MexicoCity,
		Payer: "Juan Pérez", Student: "Ana Pérez", StudentID: "S-2024-001", School: "Boston University", Method: "spei",
		AmountLocal: money.New(1875000, money.MXN), AmountUSD: money.New(100000, money.USD),
		TotalFeesUSD: money.New(2500, money.USD), Rate: "18.7500", Delivery: "check-to-school",
		TrackingNumber: "1Z0000123456789012", Stages: []receipt.Stage{{"check_mailed", at(21, 30)}},
		RailKind: "spei_tracking_key", RailReference: "MBAN01202611230123456789", LookupURL: "https://www.banxico.org.mx/cep/"}
}

// Issue 26 item 2: the receipt speaks the payer's language and formats by
// its locale, with times in the payer's zone, named, and the recipient the
// payer named.
func TestReceiptInThePayersLanguage(t *testing.T) {
	tests := []struct {
		name string
		data receipt.Data
		want []string
		not  []string
	}{{
		name: "pt-BR pix to a bank account",
		data: pixPayment("pt-BR"),
		want: []string{"Recibo de pagamento", "ID da transação: txn_0123456789abcdef", "Emitido em: 23/11/2026 18:00:07 BRT",
			"Pagador", "Maria Silva", "Destinatário", "Boston University — Spring tuition",
			"Você pagou", "R$ 13.555,93 via Pix", "Entregue", "US$ 2.500,00", "Câmbio", "R$ 5,4224 por US$ 1",
			"Tarifas (incluídas)", "US$ 12,34", "USD na sua conta bancária nos EUA", "JPMorgan Chase, conta terminada em 6789",
			"ID fim a fim do Pix (E2E)", "E18236120202611232005AbCdEfGh123",
			"Autorizado", "23/11/2026 17:01:07 BRT", "Pagamento recebido", "23/11/2026 17:05:07 BRT",
			"Entregue na sua conta bancária", "23/11/2026 17:09:07 BRT", "horário de Brasília (BRT, UTC-3)"},
		not: []string{"BRL 13", "13,555.93", "UTC ", "Payment receipt", "You paid", "Estudante", "SPEI"},
	}, {
		name: "es-MX spei to a school by check",
		data: speiCheck("es-MX"),
		want: []string{"Recibo de pago", "ID de transacción: txn_fedcba9876543210", "Juan Pérez", "Ana Pérez", "S-2024-001",
			"Boston University", "MX$18,750.00 por SPEI", "USD 1,000.00", "MX$18.7500 por USD 1", "USD 25.00",
			"Cheque por correo a la escuela", "Número de guía del cheque", "1Z0000123456789012", "Cheque aprobado y enviado",
			"23/11/2026 15:30:07 CST", "Clave de rastreo SPEI", "MBAN01202611230123456789", "https://www.banxico.org.mx/cep/",
			"hora del centro de México (CST, UTC-6)"},
		not: []string{"Autorizado", "terminación", "Pix", "Destinatario", "MXN 18", "$18,750.00 MXN"},
	}, {
		name: "en pix",
		data: pixPayment("en"),
		want: []string{"Payment receipt", "R$ 13.555,93 by Pix", "US$2,500.00", "R$ 5,4224 per US$1", "US$12.34",
			"Recipient", "Boston University — Spring tuition", "USD bank transfer", "JPMorgan Chase account ending in 6789",
			"Nov 23, 2026, 5:01:07 PM BRT", "Payment received", "Delivered to your bank account", "Brasília time (BRT, UTC-3)"},
	}, {
		name: "a language not offered is English, and the zero zone is UTC, stated",
		data: func() receipt.Data { d := speiCheck("fr"); d.Zone = locale.Zone{}; return d }(),
		want: []string{"Payment receipt", "Nov 23, 2026, 9:30:07 PM UTC", "Times are UTC."},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pdf, err := receipt.Render(tt.data)
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, pdf)
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("receipt lacks %q:\n%s", w, text)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(text, n) {
					t.Errorf("receipt shows %q:\n%s", n, text)
				}
			}
		})
	}
}

// Any name prints as written: the fonts are embedded TrueType, the file is
// well formed (qpdf --check), every font in it is embedded (pdffonts' "emb"
// column) and its text can be copied: a Unicode font carries a Unicode map
// ("uni"), and a Windows-1252 one the standard WinAnsiEncoding, whose
// characters readers know by their glyph names.
func TestReceiptPrintsEveryNameWithEmbeddedFonts(t *testing.T) {
	accented := pixPayment("pt-BR")
	accented.Payer = "Łucja Nguyễn Şahin"
	accented.Recipient = "Ærøskøbing Čapek Œuvre Ğüzel Ÿ — Zoë’s “tuition”"
	western := pixPayment("pt-BR")
	western.Payer = "João Conceição Muñoz"
	western.Recipient = "Zoë’s “tuition” — Œuvre Ÿ €"
	for _, d := range []receipt.Data{accented, western} {
		pdf, err := receipt.Render(d)
		if err != nil {
			t.Fatal(err)
		}
		text := pdfText(t, pdf)
		for _, w := range []string{d.Payer, d.Recipient, "Você pagou", "R$ 13.555,93"} {
			if !strings.Contains(text, w) {
				t.Errorf("receipt lacks %q:\n%s", w, text)
			}
		}

		if out := tool(t, pdf, "qpdf", "--check"); !strings.Contains(out, "No syntax or stream encoding errors found") {
			t.Errorf("qpdf --check:\n%s", out)
		}

		// pdffonts prints a header, a rule of dashes, then one line per font:
		// name type encoding emb sub uni object ID.
		lines := strings.Split(strings.TrimSpace(tool(t, pdf, "pdffonts")), "\n")
		if len(lines) < 3 || !strings.HasPrefix(lines[1], "---") {
			t.Fatalf("pdffonts:\n%s", strings.Join(lines, "\n"))
		}
		var names []string
		for _, line := range lines[2:] {
			f := strings.Fields(line)
			// Read from the right: the name and type may hold spaces.
			// ... encoding emb sub uni objectID gen
			if len(f) < 7 || f[len(f)-5] != "yes" {
				t.Errorf("%s: a font is not embedded: %q", d.Payer, line)
				continue
			}
			if f[len(f)-3] != "yes" && f[len(f)-6] != "WinAnsi" {
				t.Errorf("%s: a font has neither a Unicode map nor a standard encoding, so text cannot be copied: %q", d.Payer, line)
			}
			names = append(names, f[0])
		}
		if len(names) != 2 {
			t.Errorf("%s: fonts %v, want DejaVu Sans regular and bold only", d.Payer, names)
		}
		for _, n := range names {
			if !strings.Contains(strings.ToLower(n), "dejavusans") {
				t.Errorf("font %q is not the embedded DejaVu Sans", n)
			}
		}
	}
}

// Every language has every word of the receipt: a missing one would print
// an empty label.
func TestReceiptTextsInEveryLanguage(t *testing.T) {
	for _, lang := range locale.Languages {
		pdf, err := receipt.Render(speiCheck(lang))
		if err != nil {
			t.Fatal(err)
		}
		text := pdfText(t, pdf)
		if lang != "en" {
			en := pdfText(t, must(receipt.Render(speiCheck("en"))))
			if text == en {
				t.Errorf("%s: the receipt is the English one", lang)
			}
		}
		if strings.Contains(text, "%!") {
			t.Errorf("%s: a formatting verb is wrong:\n%s", lang, text)
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// A name in an alphabet the font does not draw, or an emoji (which fpdf
// refuses outright), never fails the receipt: the character is replaced,
// the rest prints. Letters typed decomposed print composed.
func TestReceiptNeverFailsOnAName(t *testing.T) {
	d := pixPayment("es-MX")
	d.Payer = "王小明 Ελένη Пётр Nguye\u0302\u0303n"
	d.Recipient = "Boston University 🎓"
	pdf, err := receipt.Render(d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, w := range []string{"\uFFFD\uFFFD\uFFFD Ελένη Пётр Nguyễn", "Boston University \uFFFD"} {
		if !strings.Contains(text, w) {
			t.Errorf("receipt lacks %q:\n%s", w, text)
		}
	}
}

// Issue 31: a receipt is drawn in the Windows-1252 fonts made ahead of
// time when they have every character it prints, else in the fonts cut
// once per process to the Latin alphabets, and reads exactly as the one
// drawn in the whole fonts: the same words in the same places (pdftotext
// -layout).
func TestReceiptInTheCheaperFontsReadsAsInTheWholeOnes(t *testing.T) {
	accented := pixPayment("pt-BR")
	accented.Payer = "Łucja Nguyễn Şahin"
	accented.Recipient = "Ærøskøbing Čapek Œuvre Ğüzel Ÿ — Zoë’s “tuition” €"
	western := pixPayment("es-MX")
	western.Payer = "Zoë Œuvre-Muñoz Šárka… ‘Ñandú’ «São» ¿Qué? ¡Sí! €1.000 © ™"
	winAnsi := []receipt.Data{western}
	for _, lang := range locale.Languages {
		winAnsi = append(winAnsi, pixPayment(lang), speiCheck(lang))
	}
	check := func(d receipt.Data, face string) {
		t.Helper()
		pdf, drawn, err := receipt.RenderIn(d, face)
		if err != nil || !drawn {
			t.Fatalf("%s %s in %s: drawn %v, %v", d.Lang, d.Payer, face, drawn, err)
		}
		whole, drawn, err := receipt.RenderIn(d, "whole")
		if err != nil || !drawn {
			t.Fatalf("%s %s, whole fonts: drawn %v, %v", d.Lang, d.Payer, drawn, err)
		}
		if a, b := pdfText(t, pdf), pdfText(t, whole); a != b {
			t.Errorf("%s %s: %s reads\n%s\nthe whole fonts\n%s", d.Lang, d.Payer, face, a, b)
		}
		if got := pdfText(t, must(receipt.Render(d))); got != pdfText(t, pdf) {
			t.Errorf("%s %s: Render did not draw it in %s", d.Lang, d.Payer, face)
		}
		// It looks the same, pixel for pixel, and is a sound PDF.
		page := func(pdf []byte) string { return tool(t, pdf, "pdftoppm", "-r", "40", "-png", "-singlefile") }
		if page(pdf) != page(whole) {
			t.Errorf("%s %s: drawn in %s, the page differs from the whole fonts' in pixels", d.Lang, d.Payer, face)
		}
		if out := tool(t, pdf, "qpdf", "--check"); !strings.Contains(out, "No syntax or stream encoding errors found") {
			t.Errorf("%s %s in %s: qpdf --check:\n%s", d.Lang, d.Payer, face, out)
		}
	}
	for _, d := range winAnsi {
		check(d, "winansi")
	}
	if _, drawn, err := receipt.RenderIn(accented, "winansi"); err != nil || drawn {
		t.Fatalf("Łucja Nguyễn in Windows-1252: drawn %v, %v", drawn, err)
	}
	check(accented, "cut")
}

// A character the cut fonts lack but the whole fonts draw (Armenian,
// Cyrillic, an arrow) prints: that receipt is drawn in the whole fonts.
func TestReceiptBeyondTheCutFontsIsDrawnInTheWholeOnes(t *testing.T) {
	d := speiCheck("en")
	d.Payer = "Արամ Пётр"
	d.School = "Boston University → Questrom"
	for _, face := range []string{"winansi", "cut"} {
		if _, drawn, err := receipt.RenderIn(d, face); err != nil || drawn {
			t.Fatalf("drawn in %s: %v, %v", face, drawn, err)
		}
	}
	text := pdfText(t, must(receipt.Render(d)))
	for _, w := range []string{"Արամ Пётр", "Boston University → Questrom", "Ana Pérez"} {
		if !strings.Contains(text, w) {
			t.Errorf("receipt lacks %q:\n%s", w, text)
		}
	}
}

// Receipts are rendered at the same time (the outbox's workers) and share
// the cut fonts: each reads as when rendered alone (run with -race).
func TestReceiptsRenderedAtTheSameTime(t *testing.T) {
	datas := []receipt.Data{pixPayment("pt-BR"), speiCheck("es-MX"), pixPayment("en")}
	datas[2].Payer = "Ελένη Nguyễn"
	want := make([]string, len(datas))
	for i, d := range datas {
		want[i] = pdfText(t, must(receipt.Render(d)))
	}
	const each = 4
	pdfs := make([][]byte, len(datas)*each)
	errs := make([]error, len(pdfs))
	var wg sync.WaitGroup
	for i := range pdfs {
		wg.Go(func() { pdfs[i], errs[i] = receipt.Render(datas[i%len(datas)]) })
	}
	wg.Wait()
	for i, pdf := range pdfs {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if got := pdfText(t, pdf); got != want[i%len(datas)] {
			t.Errorf("receipt %d rendered beside others reads\n%s\nalone\n%s", i, got, want[i%len(datas)])
		}
	}
}
