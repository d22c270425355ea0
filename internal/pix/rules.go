package pix

import (
	"fmt"
	"strings"
)

// Length limits from the Manual de Padrões para Iniciação do Pix.
const (
	maxKeyLength  = 77
	maxURLLength  = 77
	maxName       = 25
	maxCity       = 15
	maxTxID       = 25
	maxAmount     = 13 // EMV: "ans 13" for field 54.
	maxFieldValue = 99 // A two-digit length.
)

// validate checks every rule of a normalised Code (defaults filled, text
// already ASCII). Errors wrap ErrInvalidField or ErrMissingField.
func (c Code) validate() error {
	if c.PointOfInitiation != "" && c.PointOfInitiation != StaticInitiation && c.PointOfInitiation != DynamicInitiation {
		return fmt.Errorf("%w: field 01 must be 11 or 12", ErrInvalidField)
	}
	if err := c.validateAccount(); err != nil {
		return err
	}
	if len(c.MCC) != 4 || !isDigits(c.MCC) {
		return fmt.Errorf("%w: field 52 must be 4 digits", ErrInvalidField)
	}
	if c.Amount != "" && !isCanonicalAmount(c.Amount) {
		return fmt.Errorf("%w: field 54 must be a positive amount with 2 decimals, at most %d characters", ErrInvalidField, maxAmount)
	}
	if err := checkText(idName, c.MerchantName, maxName); err != nil {
		return err
	}
	if err := checkText(idCity, c.MerchantCity, maxCity); err != nil {
		return err
	}
	if c.TxID != TxIDNone && (len(c.TxID) > maxTxID || !isAlphanumeric(c.TxID)) {
		return fmt.Errorf("%w: field 62-05 must be %s or 1 to %d letters and digits", ErrInvalidField, TxIDNone, maxTxID)
	}
	isTxID := func(id string) bool { return id == subTxID }
	never := func(string) bool { return false }
	if err := checkExtras(c.AdditionalExtra, "field 62", isTxID, never); err != nil {
		return err
	}
	if tlvLength(c.additionalFields()) > maxFieldValue {
		return fmt.Errorf("%w: field 62 would be longer than %d characters", ErrInvalidField, maxFieldValue)
	}
	return checkExtras(c.Extra, "top level", func(id string) bool { return knownIDs[id] }, isTemplateID)
}

// validateAccount checks the Pix merchant account information, field 26.
func (c Code) validateAccount() error {
	switch {
	case c.Key != "" && c.URL != "":
		return fmt.Errorf("%w: field 26 may carry a key (01) or a URL (25), not both", ErrInvalidField)
	case c.Key == "" && c.URL == "" && !hasUnreservedTemplate(c.Extra):
		return fmt.Errorf("%w: field 26 needs a key (01) or a URL (25)", ErrMissingField)
	}
	if c.Key != "" && (len(c.Key) > maxKeyLength || !isPrintableASCII(c.Key)) {
		return fmt.Errorf("%w: field 26-01 must be 1 to %d printable ASCII characters", ErrInvalidField, maxKeyLength)
	}
	if c.URL != "" && (len(c.URL) > maxURLLength || !isPrintableASCII(c.URL) || hasScheme(c.URL)) {
		return fmt.Errorf("%w: field 26-25 must be 1 to %d printable ASCII characters without a scheme", ErrInvalidField, maxURLLength)
	}
	if !isPrintableASCII(c.Description) {
		return fmt.Errorf("%w: field 26-02 must be printable ASCII", ErrInvalidField)
	}
	reserved := func(id string) bool {
		return id == subGUI || id == subKey || id == subDescription || id == subURL
	}
	if err := checkExtras(c.AccountExtra, "field 26", reserved, func(string) bool { return false }); err != nil {
		return err
	}
	if tlvLength(c.accountFields()) > maxFieldValue {
		return fmt.Errorf("%w: field 26 would be longer than %d characters (shorten the description)", ErrInvalidField, maxFieldValue)
	}
	return nil
}

// hasUnreservedTemplate reports whether extra holds a template with ID 80-99,
// where Pix Automático composite codes put the recurrence location.
func hasUnreservedTemplate(extra []Field) bool {
	for _, f := range extra {
		if f.ID >= "80" && f.ID <= "99" {
			return true
		}
	}
	return false
}

// checkText validates a mandatory free-text field such as the merchant name.
func checkText(id, value string, limit int) error {
	if value == "" {
		return fmt.Errorf("%w: field %s", ErrMissingField, id)
	}
	if len(value) > limit || !isPrintableASCII(value) {
		return fmt.Errorf("%w: field %s must be 1 to %d printable ASCII characters", ErrInvalidField, id, limit)
	}
	return nil
}

// isCanonicalAmount reports whether s is how Crebit writes amounts: an
// integer part without leading zeros, a dot and exactly two decimals, not
// zero, at most 13 characters ("0.01", "1234.56").
func isCanonicalAmount(s string) bool {
	whole, cents, ok := strings.Cut(s, ".")
	if !ok || len(s) > maxAmount || !isDigits(whole) || len(cents) != 2 || !isDigits(cents) {
		return false
	}
	if len(whole) > 1 && whole[0] == '0' {
		return false
	}
	return s != "0.00"
}

// normalizeAmount converts an amount in any form EMV allows for field 54
// (digits with an optional dot and up to two decimals: "7", "7.", "7.5",
// "007.50") to the canonical form. It reports false for anything else; the
// result may still be too long or zero, which validate rejects.
func normalizeAmount(s string) (string, bool) {
	whole, cents, _ := strings.Cut(s, ".")
	if !isDigits(whole) || len(cents) > 2 || (cents != "" && !isDigits(cents)) {
		return "", false
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	return whole + "." + cents + strings.Repeat("0", 2-len(cents)), true
}
