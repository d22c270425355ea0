package taxid

import (
	"fmt"
	"unicode/utf8"
)

// Kind says which Brazilian tax id BrazilTaxID recognised.
type Kind int

// Kinds of Brazilian tax id. KindUnknown is the zero value and is returned
// only when the input length fits neither kind.
const (
	KindUnknown Kind = iota
	KindCPF          // Cadastro de Pessoas Físicas: people, 11 digits.
	KindCNPJ         // Cadastro Nacional da Pessoa Jurídica: companies, 14 characters.
)

// String returns "CPF", "CNPJ" or "unknown", for messages and metrics.
func (k Kind) String() string {
	switch k {
	case KindCPF:
		return "CPF"
	case KindCNPJ:
		return "CNPJ"
	default:
		return "unknown"
	}
}

// CNPJ weights from IN RFB 2.229/2024 (also the weights of the numeric CNPJ).
var (
	cnpjWeights1 = [12]int{5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2}
	cnpjWeights2 = [13]int{6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2}
)

// CPF validates a Cadastro de Pessoas Físicas number and returns its 11
// digits without punctuation, ready to store.
//
// The separators '.', '-', '/' and white space are removed first. The
// number must then be 11 digits, not all the same digit (111.111.111-11
// passes the check digits but is never issued), and both mod-11 check digits
// must match.
func CPF(s string) (string, error) {
	d := stripBrazil(s)
	if !allDigits(d) {
		return "", fmt.Errorf("%w: CPF may contain only digits and the separators . - /", ErrFormat)
	}
	if len(d) != 11 {
		return "", fmt.Errorf("%w: CPF must have 11 digits, got %d", ErrLength, len(d))
	}
	if allSame(d) {
		return "", fmt.Errorf("%w: CPF with every digit the same is not issued", ErrFormat)
	}
	dv1, dv2 := cpfCheckDigits(d[:9])
	if d[9] != dv1 || d[10] != dv2 {
		return "", fmt.Errorf("%w: CPF check digits do not match", ErrCheckDigit)
	}
	return d, nil
}

// cpfCheckDigits computes both CPF check digits for a 9-digit body: weights
// 10..2 for the first, 11..2 (over the body and the first digit) for the
// second.
func cpfCheckDigits(body string) (byte, byte) {
	sum1, sum2 := 0, 0
	for i := 0; i < 9; i++ {
		v := int(body[i] - '0')
		sum1 += v * (10 - i)
		sum2 += v * (11 - i)
	}
	dv1 := mod11Digit(sum1)
	sum2 += int(dv1-'0') * 2
	return dv1, mod11Digit(sum2)
}

// CNPJ validates a Cadastro Nacional da Pessoa Jurídica and returns its 14
// characters without punctuation, upper-cased, ready to store.
//
// It accepts both the numeric CNPJ and the alphanumeric CNPJ valid from July
// 2026 (IN RFB 2.229/2024): 12 characters from [0-9A-Z] followed by two
// numeric check digits. Lowercase letters are upper-cased and the separators
// '.', '-', '/' and white space are removed. A numeric CNPJ with every digit
// the same is rejected.
func CNPJ(s string) (string, error) {
	d := upperASCII(stripBrazil(s))
	for i := 0; i < len(d); i++ {
		if !isDigitOrUpper(d[i]) {
			return "", fmt.Errorf("%w: CNPJ may contain only letters, digits and the separators . - /", ErrFormat)
		}
	}
	if len(d) != 14 {
		return "", fmt.Errorf("%w: CNPJ must have 14 characters, got %d", ErrLength, len(d))
	}
	if !allDigits(d[12:]) {
		return "", fmt.Errorf("%w: CNPJ check digits must be numeric", ErrFormat)
	}
	// The check digits are digits, so only a numeric CNPJ can be all the
	// same character.
	if allSame(d) {
		return "", fmt.Errorf("%w: CNPJ with every digit the same is not issued", ErrFormat)
	}
	dv1, dv2 := cnpjCheckDigits(d[:12])
	if d[12] != dv1 || d[13] != dv2 {
		return "", fmt.Errorf("%w: CNPJ check digits do not match", ErrCheckDigit)
	}
	return d, nil
}

// cnpjCheckDigits computes both check digits for a 12-character body of
// [0-9A-Z]. Each character is worth its ASCII code minus 48, so digits keep
// their value and 'A' is 17 ... 'Z' is 42.
func cnpjCheckDigits(body string) (byte, byte) {
	sum1, sum2 := 0, 0
	for i := 0; i < 12; i++ {
		v := int(body[i]) - '0'
		sum1 += v * cnpjWeights1[i]
		sum2 += v * cnpjWeights2[i]
	}
	dv1 := mod11Digit(sum1)
	sum2 += int(dv1-'0') * cnpjWeights2[12]
	return dv1, mod11Digit(sum2)
}

// BrazilTaxID accepts either a CPF or a CNPJ, as forms that ask for "CPF ou
// CNPJ" do, and says which one it was.
//
// After removing '.', '-', '/' and white space, 11 characters are validated
// as a CPF and 14 as a CNPJ; the returned Kind is set in both cases even when
// validation fails, so callers can say "invalid CPF". Any other length returns
// KindUnknown and an ErrLength error.
func BrazilTaxID(s string) (Kind, string, error) {
	d := stripBrazil(s)
	switch n := utf8.RuneCountInString(d); n {
	case 11:
		v, err := CPF(d)
		return KindCPF, v, err
	case 14:
		v, err := CNPJ(d)
		return KindCNPJ, v, err
	default:
		return KindUnknown, "", fmt.Errorf("%w: a CPF has 11 digits and a CNPJ 14 characters, got %d", ErrLength, n)
	}
}

func isDigitOrUpper(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')
}
