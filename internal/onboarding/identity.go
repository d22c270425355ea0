package onboarding

import (
	"errors"
	"strings"
	"unicode"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/taxid"
)

// ParseCountry accepts the names and ISO codes a client may send
// (corridor.Parse) and returns the wizard's name of the country.
func ParseCountry(s string) (string, bool) {
	c, ok := corridor.Parse(s)
	return c.Name, ok
}

// countryCode is the ISO code of a country as customers store it ("BR").
func countryCode(country string) string {
	c, _ := corridor.ByCountry(country)
	return c.Country
}

// TaxIDOf validates raw as country's tax id (the corridor's validator) and
// returns its kind and the value to store; a refusal is worded for the
// kind, under field, by the checks below.
func TaxIDOf(country, field, raw string) (kind, value string, err error) {
	c, ok := corridor.ByCountry(country)
	if !ok {
		return "", "", apperr.E(apperr.CountryNotSupported, "customer").On("country")
	}
	if kind, value, err = c.TaxID.Validate(raw); err == nil {
		return kind, value, nil
	}
	switch c.TaxID.Name {
	case corridor.Brazil.TaxID.Name:
		_, _, err = brazilTaxID(field, raw)
	case corridor.Mexico.TaxID.Name:
		_, err = curp(field, raw)
	}
	return "", "", err
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
		return "", "", apperr.E(apperr.TaxIDInvalid, "cpf_length", "count", len(digits)).On(field)
	case errors.Is(err, taxid.ErrLength):
		return "", "", apperr.E(apperr.TaxIDInvalid, "cpf_or_cnpj").On(field)
	case errors.Is(err, taxid.ErrCheckDigit) && kind == taxid.KindCNPJ:
		return "", "", apperr.E(apperr.TaxIDInvalid, "cnpj_digits").On(field)
	case errors.Is(err, taxid.ErrCheckDigit):
		return "", "", apperr.E(apperr.TaxIDInvalid, "cpf_digits").On(field)
	case kind == taxid.KindCNPJ:
		return "", "", apperr.E(apperr.TaxIDInvalid, "cnpj").On(field)
	default:
		return "", "", apperr.E(apperr.TaxIDInvalid, "cpf").On(field)
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
		return "", apperr.E(apperr.TaxIDInvalid, "curp_length", "count", len(clean), "curp", clean).On(field)
	case errors.Is(err, taxid.ErrCheckDigit):
		return "", apperr.E(apperr.TaxIDInvalid, "curp_digit").On(field)
	case errors.Is(err, taxid.ErrDate):
		return "", apperr.E(apperr.TaxIDInvalid, "curp_date").On(field)
	default:
		return "", apperr.E(apperr.TaxIDInvalid, "curp").On(field)
	}
}
