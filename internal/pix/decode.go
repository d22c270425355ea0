package pix

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Decode parses and verifies a BR Code, such as a pasted "Pix copia e
// cola" string. It never panics, whatever the input.
//
// Checks run in this order, so a mistyped code reports ErrCRC rather than
// whatever the typo happened to break: the payload must be printable ASCII,
// at most 512 characters and well-formed TLV with no repeated IDs, starting
// with field 00 and ending with field 63; then the CRC in field 63 must match
// (hex digits in either case); then fields 00, 26, 52, 53, 58, 59 and 60 must
// be present, fields 26 and 62 must hold well-formed TLV, and every rule
// listed on Code applies. Surrounding white space is not trimmed: that is
// the caller's choice.
//
// Fields the package does not interpret are kept in Code.Extra,
// Code.AccountExtra and Code.AdditionalExtra, sorted by ID, so a decoded
// code re-encodes to an equivalent one.
func Decode(s string) (Code, error) {
	if len(s) > MaxLength {
		return Code{}, fmt.Errorf("%w: %d characters, more than %d", ErrSyntax, len(s), MaxLength)
	}
	if !isPrintableASCII(s) {
		return Code{}, fmt.Errorf("%w: characters outside printable ASCII", ErrSyntax)
	}
	fields, err := parseTLV(s, "")
	if err != nil {
		return Code{}, err
	}
	if len(fields) == 0 || fields[0].ID != idPayloadFormat {
		return Code{}, fmt.Errorf("%w: field 00 must come first", ErrSyntax)
	}
	last := fields[len(fields)-1]
	if last.ID != idCRC || len(last.Value) != 4 {
		return Code{}, fmt.Errorf("%w: field 63 with 4 characters must come last", ErrSyntax)
	}
	want, ok := parseCRC(last.Value)
	if !ok {
		return Code{}, fmt.Errorf("%w: field 63 must be 4 hex digits", ErrSyntax)
	}
	if CRC16([]byte(s[:len(s)-4])) != want {
		return Code{}, fmt.Errorf("%w: field 63 does not match the payload", ErrCRC)
	}

	c := Code{TxID: TxIDNone}
	present := make(map[string]bool)
	for _, f := range fields[:len(fields)-1] {
		present[f.ID] = true
		if err := c.decodeField(f); err != nil {
			return Code{}, err
		}
	}
	for _, id := range []string{idAccount, idMCC, idCurrency, idCountry, idName, idCity} {
		if !present[id] {
			return Code{}, fmt.Errorf("%w: field %s is absent", ErrMissingField, id)
		}
	}
	sortFields(c.Extra)
	sortFields(c.AccountExtra)
	sortFields(c.AdditionalExtra)
	if _, err := build(c); err != nil {
		return Code{}, err
	}
	return c, nil
}

// decodeField stores one top-level field in c. Fixed fields are checked
// here; everything else is checked by build once the whole code is read.
func (c *Code) decodeField(f Field) error {
	switch f.ID {
	case idPayloadFormat:
		if f.Value != PayloadFormatIndicator {
			return fmt.Errorf("%w: field 00 must be %s", ErrInvalidField, PayloadFormatIndicator)
		}
	case idInitiation:
		c.PointOfInitiation = f.Value
	case idAccount:
		return c.decodeAccount(f.Value)
	case idMCC:
		c.MCC = f.Value
	case idCurrency:
		if f.Value != Currency {
			return fmt.Errorf("%w: field 53 must be %s (BRL)", ErrInvalidField, Currency)
		}
	case idAmount:
		amount, ok := normalizeAmount(f.Value)
		if !ok {
			return fmt.Errorf("%w: field 54 is not an amount", ErrInvalidField)
		}
		c.Amount = amount
	case idCountry:
		if f.Value != Country {
			return fmt.Errorf("%w: field 58 must be %s", ErrInvalidField, Country)
		}
	case idName:
		c.MerchantName = f.Value
	case idCity:
		c.MerchantCity = f.Value
	case idAdditionalData:
		return c.decodeAdditional(f.Value)
	default:
		c.Extra = append(c.Extra, f)
	}
	return nil
}

// decodeAccount reads field 26, which must name the Pix GUI.
func (c *Code) decodeAccount(v string) error {
	subs, err := parseTLV(v, "field 26: ")
	if err != nil {
		return err
	}
	gui := false
	for _, f := range subs {
		switch f.ID {
		case subGUI:
			if !strings.EqualFold(f.Value, GUI) {
				return fmt.Errorf("%w: field 26 is not a Pix merchant account", ErrInvalidField)
			}
			gui = true
		case subKey:
			c.Key = f.Value
		case subDescription:
			c.Description = f.Value
		case subURL:
			c.URL = f.Value
		default:
			c.AccountExtra = append(c.AccountExtra, f)
		}
	}
	if !gui {
		return fmt.Errorf("%w: field 26-00 (GUI)", ErrMissingField)
	}
	return nil
}

// decodeAdditional reads field 62, the additional data template.
func (c *Code) decodeAdditional(v string) error {
	subs, err := parseTLV(v, "field 62: ")
	if err != nil {
		return err
	}
	for _, f := range subs {
		if f.ID == subTxID {
			c.TxID = f.Value
		} else {
			c.AdditionalExtra = append(c.AdditionalExtra, f)
		}
	}
	return nil
}

func sortFields(fields []Field) {
	slices.SortFunc(fields, func(a, b Field) int { return cmp.Compare(a.ID, b.ID) })
}
