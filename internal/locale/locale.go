// Package locale writes money, exchange rates and times the way a payer's
// language reads them, for everything the server writes for a person to read
// outside the web app: the PDF receipt and the e-mails. Pure: no I/O.
//
// The rules are the web app's (web/src/lib/money.ts) so that a payer reads the
// same figure the same way on the screen, in the e-mail and on the receipt:
//
//   - Reais are always written the Brazilian way: R$ 13.555,93.
//   - Pesos are always written the Mexican way and named MX$, never a bare "$"
//     (issue 16): MX$46,875.00.
//   - US dollars follow the reader's language and are always named, because
//     reais or pesos are on the same page: US$2,500.00 (en), US$ 2.500,00
//     (pt-BR), USD 2,500.00 (es-MX). (The web app writes a bare "$2,500.00"
//     in English, where a screen may show dollars alone; a receipt or a
//     payment e-mail always shows the local currency beside them.)
//   - A rate is the local currency per one US dollar, to 4 decimals, written
//     as the local currency is: "R$ 5,4224 por US$ 1".
//   - Times are shown in the payer's time zone with the zone named (BRT for
//     Brazil, the zone of Mexico City for Mexico), never bare UTC.
//
// Amounts are formatted from their exact minor units and rates from their
// exact decimal text: no floating point.
package locale

import (
	"strings"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
)

// Languages are the languages the product is written in; English first, the
// source language.
var Languages = []string{"en", "pt-BR", "es-MX"}

// Locale is one language's way of writing numbers, money and times. The
// zero value writes English.
type Locale struct {
	lang string
}

// For returns the locale of lang ("en", "pt-BR", "es-MX"); any other
// language is written in English, the source language.
func For(lang string) Locale {
	switch lang {
	case "pt-BR", "es-MX":
		return Locale{lang: lang}
	}
	return Locale{lang: "en"}
}

// Lang is the locale's language tag.
func (l Locale) Lang() string {
	if l.lang == "" {
		return "en"
	}
	return l.lang
}

// numberStyle is how digits are grouped and the decimals marked.
type numberStyle struct {
	group, decimal string
}

var (
	dotDecimal   = numberStyle{group: ",", decimal: "."} // en-US, es-MX
	commaDecimal = numberStyle{group: ".", decimal: ","} // pt-BR
)

// numbers is the locale's own number style (USD, USDC, plain numbers).
func (l Locale) numbers() numberStyle {
	if l.Lang() == "pt-BR" {
		return commaDecimal
	}
	return dotDecimal
}

// currencyStyle is how one currency is written in this locale: its number
// style and the symbol before the figure.
type currencyStyle struct {
	numbers numberStyle
	prefix  string // symbol and its space, before the figure
	suffix  string // a code after the figure (USDC)
}

func (l Locale) currency(c money.Currency) currencyStyle {
	// A corridor's currency is written as its home writes it, in any
	// language: reais in pt-BR, pesos in es-MX.
	if cor, ok := corridor.ByCurrency(c); ok {
		return currencyStyle{numbers: For(cor.Locale).numbers(), prefix: cor.CurrencySign}
	}
	switch c {
	case money.USD:
		switch l.Lang() {
		case "pt-BR":
			return currencyStyle{numbers: commaDecimal, prefix: "US$ "}
		case "es-MX":
			return currencyStyle{numbers: dotDecimal, prefix: "USD "}
		}
		return currencyStyle{numbers: dotDecimal, prefix: "US$"}
	}
	return currencyStyle{numbers: l.numbers(), suffix: " " + string(c)}
}

// Money writes an amount with its currency named and exactly the
// currency's decimals: "R$ 13.555,93", "MX$46,875.00", "US$ 2.500,00".
// A negative amount carries its sign first: "-R$ 5,00".
func (l Locale) Money(a money.Amount) string {
	if !a.Currency.Valid() {
		return a.String() // a diagnostic, never a panic in a document
	}
	s := l.currency(a.Currency)
	text := a.String()
	sign := ""
	if rest, ok := strings.CutPrefix(text, "-"); ok {
		sign, text = "-", rest
	}
	return sign + s.prefix + group(text, s.numbers) + s.suffix
}

// RateScale is the number of decimals a rate is shown with (PRODUCT.md:
// rates to 4).
const RateScale = 4

// Rate writes an exchange rate, given as exact decimal text of local
// currency per US dollar ("5.4224"), as the reader reads it:
// "R$ 5,4224 por US$ 1" (pt-BR), "MX$18.7500 por USD 1" (es-MX),
// "R$ 5,4224 per US$1" (en). Text that is not a rate is shown as it is,
// with the currency code, rather than dropped.
func (l Locale) Rate(rate string, local money.Currency) string {
	r, err := money.ParseRate(rate)
	if err != nil || !local.Valid() {
		return rate + " " + string(local)
	}
	s := l.currency(local)
	figure := s.prefix + group(money.FormatRat(r, RateScale, money.HalfUp), s.numbers) + s.suffix
	one := l.currency(money.USD).prefix + "1"
	return figure + " " + l.per() + " " + one
}

// Number writes a non-negative exact decimal text ("13555.93") with the
// locale's grouping and decimal mark ("13.555,93" in pt-BR).
func (l Locale) Number(decimal string) string { return group(decimal, l.numbers()) }

func (l Locale) per() string {
	if l.Lang() == "en" {
		return "per"
	}
	return "por"
}

// group writes plain decimal text ("1234567.89", digits and at most one
// ".") with the style's thousands groups and decimal mark.
func group(text string, st numberStyle) string {
	whole, frac, hasFrac := strings.Cut(text, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(st.group)
		}
		b.WriteRune(c)
	}
	if hasFrac {
		b.WriteString(st.decimal + frac)
	}
	return b.String()
}
