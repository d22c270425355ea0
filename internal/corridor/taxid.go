package corridor

import (
	"errors"
	"strings"
	"unicode"

	"github.com/crebit/crebit/internal/taxid"
)

// Tax id kinds, as customers store them (tax_id_type).
const (
	KindCPF  = "cpf"
	KindCNPJ = "cnpj"
	KindCURP = "curp"
)

// TaxID is the tax id a corridor's payers identify themselves with.
type TaxID struct {
	// Name is what payers call it ("CPF", "CURP").
	Name string
	// Kinds are the kinds Validate may return.
	Kinds []string
	// Example is a valid made-up value (tests, seeds, documentation).
	Example string
	// validate is the check from package taxid.
	validate func(string) (string, string, error)
	// refuse words a refusal of validate: the message name and arguments.
	refuse func(raw string, kind string, err error) Refusal
}

// Refusal names the message that explains a refused tax id: the key
// `tax_id_invalid.<Name>` of the server's catalogs, with its arguments
// (name, value pairs). The corridor chooses the words; the caller (which
// knows the request's field) turns it into the error.
type Refusal struct {
	Name string
	Args []any
}

// Refuse says why raw was refused by Validate (err, and the kind Validate
// returned with it).
func (t TaxID) Refuse(raw, kind string, err error) Refusal {
	return t.refuse(raw, kind, err)
}

// Validate checks raw and returns its kind and the normalised value to
// store; the error wraps taxid's ErrFormat, ErrLength, ErrCheckDigit or
// ErrDate. The caller words the refusal: the kind and the error say which.
func (t TaxID) Validate(raw string) (kind, value string, err error) {
	return t.validate(raw)
}

// brazilTaxID accepts a CPF (people) or a CNPJ (companies). On an error the
// kind is the one the length suggests ("" when it fits neither).
func brazilTaxID(raw string) (string, string, error) {
	k, v, err := taxid.BrazilTaxID(raw)
	switch k {
	case taxid.KindCPF:
		return KindCPF, v, err
	case taxid.KindCNPJ:
		return KindCNPJ, v, err
	}
	return "", v, err
}

// refuseBrazilTaxID: the spec's length message for a number that fits
// neither length, and ours for check digits and the rest.
func refuseBrazilTaxID(raw, kind string, err error) Refusal {
	digits := strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, raw)
	switch {
	case errors.Is(err, taxid.ErrLength) && (len(digits) < 11 || len(digits) > 18):
		return Refusal{Name: "cpf_length", Args: []any{"count", len(digits)}}
	case errors.Is(err, taxid.ErrLength):
		return Refusal{Name: "cpf_or_cnpj"}
	case errors.Is(err, taxid.ErrCheckDigit) && kind == KindCNPJ:
		return Refusal{Name: "cnpj_digits"}
	case errors.Is(err, taxid.ErrCheckDigit):
		return Refusal{Name: "cpf_digits"}
	case kind == KindCNPJ:
		return Refusal{Name: "cnpj"}
	default:
		return Refusal{Name: "cpf"}
	}
}

// refuseCURP: the spec's length message, and ours for the rest.
func refuseCURP(raw, _ string, err error) Refusal {
	clean := taxid.CleanCURP(raw)
	switch {
	case len(clean) != 18:
		return Refusal{Name: "curp_length", Args: []any{"count", len(clean), "curp", clean}}
	case errors.Is(err, taxid.ErrCheckDigit):
		return Refusal{Name: "curp_digit"}
	case errors.Is(err, taxid.ErrDate):
		return Refusal{Name: "curp_date"}
	default:
		return Refusal{Name: "curp"}
	}
}

// mexicoTaxID accepts a CURP.
func mexicoTaxID(raw string) (string, string, error) {
	v, err := taxid.CURP(raw)
	return KindCURP, v, err
}
