package customer

// Last4 is the last 4 characters of an identifier (all of it when shorter).
func Last4(s string) string {
	if r := []rune(s); len(r) > 4 {
		return string(r[len(r)-4:])
	}
	return s
}

// MaskAccount shows only the last 4 digits of an account number.
func MaskAccount(last4 string) string { return "****" + last4 }
