package corridor

import "github.com/crebit/crebit/internal/taxid"

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

// mexicoTaxID accepts a CURP.
func mexicoTaxID(raw string) (string, string, error) {
	v, err := taxid.CURP(raw)
	return KindCURP, v, err
}
