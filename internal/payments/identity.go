package payments

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/taxid"
)

// Countries Crebit serves, as the wizard names them.
const (
	Brazil = "brazil"
	Mexico = "mexico"
)

// ParseCountry accepts the names and ISO codes a client may send.
func ParseCountry(s string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "brazil", "brasil", "br", "bra":
		return Brazil, true
	case "mexico", "méxico", "mx", "mex":
		return Mexico, true
	}
	return "", false
}

// brazilTaxID validates a CPF or CNPJ with the spec's length message and
// our check-digit messages. It returns the kind and the normalised value.
func brazilTaxID(field, raw string) (string, string, error) {
	digits := strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, raw)
	kind, value, err := taxid.BrazilTaxID(raw)
	switch {
	case err == nil && kind == taxid.KindCPF:
		return "cpf", value, nil
	case err == nil:
		return "cnpj", value, nil
	case errors.Is(err, taxid.ErrLength) && (len(digits) < 11 || len(digits) > 18):
		return "", "", apperr.WithField(apperr.TaxIDInvalid, field, fmt.Sprintf("Invalid CPF format. CPF must have 11-18 digits, but got %d digits.", len(digits)))
	case errors.Is(err, taxid.ErrLength):
		return "", "", apperr.WithField(apperr.TaxIDInvalid, field, "Invalid CPF or CNPJ: a CPF has 11 digits and a CNPJ has 14 characters.")
	case errors.Is(err, taxid.ErrCheckDigit) && kind == taxid.KindCNPJ:
		return "", "", apperr.WithField(apperr.TaxIDInvalid, field, "Invalid CNPJ: the check digits do not match. Please check the number.")
	case errors.Is(err, taxid.ErrCheckDigit):
		return "", "", apperr.WithField(apperr.TaxIDInvalid, field, "Invalid CPF: the check digits do not match. Please check the number.")
	case kind == taxid.KindCNPJ:
		return "", "", apperr.WithField(apperr.TaxIDInvalid, field, "Invalid CNPJ: please check the number.")
	default:
		return "", "", apperr.WithField(apperr.TaxIDInvalid, field, "Invalid CPF: please check the number.")
	}
}

// curp validates a CURP with the spec's length message and ours for the rest.
func curp(field, raw string) (string, error) {
	clean := taxid.CleanCURP(raw)
	value, err := taxid.CURP(raw)
	switch {
	case err == nil:
		return value, nil
	case len(clean) != 18:
		return "", apperr.WithField(apperr.TaxIDInvalid, field, fmt.Sprintf("Invalid CURP format. CURP must have 18 characters, but got %d characters: %s", len(clean), clean))
	case errors.Is(err, taxid.ErrCheckDigit):
		return "", apperr.WithField(apperr.TaxIDInvalid, field, "Invalid CURP: the check digit does not match. Please check the CURP.")
	case errors.Is(err, taxid.ErrDate):
		return "", apperr.WithField(apperr.TaxIDInvalid, field, "Invalid CURP: the birth date in it is not a real date. Please check the CURP.")
	default:
		return "", apperr.WithField(apperr.TaxIDInvalid, field, "Invalid CURP format. Please check the CURP.")
	}
}
