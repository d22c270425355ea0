package taxid

import "fmt"

// abaWeights are the ABA routing number check weights. Like CLABE's, all are
// coprime with 10, so any single mistyped digit breaks the checksum.
var abaWeights = [9]int{3, 7, 1, 3, 7, 1, 3, 7, 1}

// ABA validates a US ABA routing transit number and returns its 9 digits.
//
// Spaces and dashes are removed first. The number must be 9 digits whose
// weighted sum 3*(d1+d4+d7) + 7*(d2+d5+d8) + (d3+d6+d9) is a multiple of 10,
// and whose first two digits fall in a range the Federal Reserve assigns:
// 00-12 (banks and the US Government), 21-32 (thrift institutions), 61-72
// (electronic transactions) or 80 (traveler's cheques). The checksum is
// verified before the prefix, so a typo anywhere is reported as ErrCheckDigit;
// a correct checksum with an unassigned prefix is ErrFormat.
func ABA(s string) (string, error) {
	d := stripDashesAndSpaces(s)
	if !allDigits(d) {
		return "", fmt.Errorf("%w: routing number may contain only digits", ErrFormat)
	}
	if len(d) != 9 {
		return "", fmt.Errorf("%w: routing number must have 9 digits, got %d", ErrLength, len(d))
	}
	if abaChecksum(d) != 0 {
		return "", fmt.Errorf("%w: routing number checksum does not match", ErrCheckDigit)
	}
	if !abaPrefixAssigned(int(d[0]-'0')*10 + int(d[1]-'0')) {
		return "", fmt.Errorf("%w: routing number prefix is not a Federal Reserve routing symbol", ErrFormat)
	}
	return d, nil
}

// abaChecksum returns the weighted digit sum of a 9-digit routing number
// modulo 10; valid numbers give 0.
func abaChecksum(d string) int {
	sum := 0
	for i := 0; i < 9; i++ {
		sum += int(d[i]-'0') * abaWeights[i]
	}
	return sum % 10
}

// abaPrefixAssigned reports whether the first two digits of a routing number
// are in a range the Federal Reserve uses.
func abaPrefixAssigned(p int) bool {
	switch {
	case p >= 0 && p <= 12:
		return true
	case p >= 21 && p <= 32:
		return true
	case p >= 61 && p <= 72:
		return true
	default:
		return p == 80
	}
}
