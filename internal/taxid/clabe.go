package taxid

import "fmt"

// clabeWeights are the CLABE check-digit weights, 3, 7, 1 repeated over the
// first 17 digits. All three are coprime with 10, which is why any single
// mistyped digit changes the check digit.
var clabeWeights = [17]int{3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7}

// ValidateCLABE checks an 18-digit Mexican CLABE (Clave Bancaria
// Estandarizada): 3 digits of bank code, 3 of plaza, 11 of account and a
// check digit.
//
// The input must be exactly the 18 digits: this function returns no
// normalised value, so it does not strip separators that the caller would
// then store. The check digit is verified before the bank code, so a typo in
// the bank code is reported as ErrCheckDigit; a correct number whose bank
// code is not in the Banxico table is ErrBank. The plaza code is not checked.
func ValidateCLABE(s string) error {
	if !allDigits(s) {
		return fmt.Errorf("%w: CLABE may contain only digits", ErrFormat)
	}
	if len(s) != 18 {
		return fmt.Errorf("%w: CLABE must have 18 digits, got %d", ErrLength, len(s))
	}
	check, err := CLABECheckDigit(s[:17])
	if err != nil {
		return err
	}
	if s[17] != check {
		return fmt.Errorf("%w: CLABE check digit does not match", ErrCheckDigit)
	}
	if _, ok := BankName(s[:3]); !ok {
		return fmt.Errorf("%w: CLABE bank code is not in the Banxico catalogue", ErrBank)
	}
	return nil
}

// CLABECheckDigit computes the check digit for the first 17 digits of a
// CLABE and returns it as an ASCII digit ('0'..'9'), so that
// first17 + string(d) is the full CLABE.
//
// The algorithm is Banxico's: multiply each digit by its weight (3, 7, 1
// repeating), keep each product mod 10, sum, and take (10 - sum mod 10) mod 10.
func CLABECheckDigit(first17 string) (byte, error) {
	if !allDigits(first17) {
		return 0, fmt.Errorf("%w: CLABE may contain only digits", ErrFormat)
	}
	if len(first17) != 17 {
		return 0, fmt.Errorf("%w: CLABE body must have 17 digits, got %d", ErrLength, len(first17))
	}
	sum := 0
	for i := 0; i < 17; i++ {
		sum += int(first17[i]-'0') * clabeWeights[i] % 10
	}
	return byte('0' + (10-sum%10)%10), nil
}

// NewCLABE builds a CLABE from its parts, for example to show customers the
// CLABE of an account Crebit opens for them.
//
// bankCode must be a 3-digit code in the Banxico table (else ErrBank),
// plazaCode 3 digits and account11 exactly 11 digits: pad the account number
// with leading zeros before calling, as banks do, because silently padding
// here would hide a truncated account number.
func NewCLABE(bankCode, plazaCode, account11 string) (string, error) {
	parts := []struct {
		name  string
		value string
		size  int
	}{
		{"bank code", bankCode, 3},
		{"plaza code", plazaCode, 3},
		{"account", account11, 11},
	}
	for _, p := range parts {
		if !allDigits(p.value) {
			return "", fmt.Errorf("%w: CLABE %s may contain only digits", ErrFormat, p.name)
		}
		if len(p.value) != p.size {
			return "", fmt.Errorf("%w: CLABE %s must have %d digits, got %d", ErrLength, p.name, p.size, len(p.value))
		}
	}
	if _, ok := BankName(bankCode); !ok {
		return "", fmt.Errorf("%w: CLABE bank code is not in the Banxico catalogue", ErrBank)
	}
	body := bankCode + plazaCode + account11
	check, err := CLABECheckDigit(body)
	if err != nil {
		return "", err
	}
	return body + string(check), nil
}
