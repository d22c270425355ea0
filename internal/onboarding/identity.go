package onboarding

import (
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
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
// returns its kind and the value to store; a refusal is worded by the
// corridor (TaxID.Refuse), under field.
func TaxIDOf(country, field, raw string) (kind, value string, err error) {
	c, ok := corridor.ByCountry(country)
	if !ok {
		return "", "", apperr.E(apperr.CountryNotSupported, "customer").On("country")
	}
	kind, value, err = c.TaxID.Validate(raw)
	if err == nil {
		return kind, value, nil
	}
	r := c.TaxID.Refuse(raw, kind, err)
	return "", "", apperr.E(apperr.TaxIDInvalid, r.Name, r.Args...).On(field)
}
