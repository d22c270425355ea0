package pix

import (
	"fmt"
	"strings"
)

// Encode validates c and returns its BR Code: the "Pix copia e cola" string
// that is also the content of the QR code.
//
// Encode fills the defaults (MCC DefaultMCC, TxID TxIDNone), folds accents
// in MerchantName, MerchantCity and Description to ASCII ("São Paulo"
// becomes "Sao Paulo"), checks every rule listed on Code, writes the fields
// in ID order with two-digit lengths, and appends field 63 with the CRC. A
// character that cannot be folded to printable ASCII is an ErrInvalidField.
func Encode(c Code) (string, error) {
	if c.MCC == "" {
		c.MCC = DefaultMCC
	}
	if c.TxID == "" {
		c.TxID = TxIDNone
	}
	for _, t := range []struct {
		id    string
		value *string
	}{
		{idName, &c.MerchantName},
		{idCity, &c.MerchantCity},
		{idAccount + "-" + subDescription, &c.Description},
	} {
		folded, ok := foldASCII(*t.value)
		if !ok {
			return "", fmt.Errorf("%w: field %s has a character that cannot be written in ASCII", ErrInvalidField, t.id)
		}
		*t.value = folded
	}
	return build(c)
}

// build checks c, which must already be normalised (defaults filled, text
// folded), and writes the payload. Decode calls it too, so every code Decode
// accepts is one Encode can write back.
func build(c Code) (string, error) {
	if err := c.validate(); err != nil {
		return "", err
	}
	fields := []Field{
		{idPayloadFormat, PayloadFormatIndicator},
		{idAccount, joinTLV(c.accountFields())},
		{idMCC, c.MCC},
		{idCurrency, Currency},
		{idCountry, Country},
		{idName, c.MerchantName},
		{idCity, c.MerchantCity},
		{idAdditionalData, joinTLV(c.additionalFields())},
	}
	if c.PointOfInitiation != "" {
		fields = append(fields, Field{idInitiation, c.PointOfInitiation})
	}
	if c.Amount != "" {
		fields = append(fields, Field{idAmount, c.Amount})
	}
	fields = append(fields, c.Extra...)
	var b strings.Builder
	b.WriteString(joinTLV(fields))
	b.WriteString(idCRC + "04")
	payload := b.String()
	payload += crcField(payload)
	if len(payload) > MaxLength {
		return "", fmt.Errorf("%w: BR Code would have %d characters, more than %d", ErrInvalidField, len(payload), MaxLength)
	}
	return payload, nil
}

// accountFields lists the sub-fields of field 26.
func (c Code) accountFields() []Field {
	fields := append([]Field{{subGUI, GUI}}, c.AccountExtra...)
	if c.Key != "" {
		fields = append(fields, Field{subKey, c.Key})
	}
	if c.Description != "" {
		fields = append(fields, Field{subDescription, c.Description})
	}
	if c.URL != "" {
		fields = append(fields, Field{subURL, c.URL})
	}
	return fields
}

// additionalFields lists the sub-fields of field 62.
func (c Code) additionalFields() []Field {
	return append([]Field{{subTxID, c.TxID}}, c.AdditionalExtra...)
}
