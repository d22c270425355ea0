package pix

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// parseTLV splits s into EMV data objects: a 2-digit ID, a 2-digit length
// from 01 to 99, then exactly that many characters. It rejects truncated
// objects and repeated IDs, and keeps the objects in input order. Errors wrap
// ErrSyntax; where ("" at the top level, or "field 26: ") locates them.
func parseTLV(s, where string) ([]Field, error) {
	var fields []Field
	seen := make(map[string]bool)
	for i := 0; i < len(s); {
		if len(s)-i < 4 {
			return nil, fmt.Errorf("%w: %struncated data object at offset %d", ErrSyntax, where, i)
		}
		id, size := s[i:i+2], s[i+2:i+4]
		if !isDigits(id) || !isDigits(size) {
			return nil, fmt.Errorf("%w: %sID and length must be digits at offset %d", ErrSyntax, where, i)
		}
		n := int(size[0]-'0')*10 + int(size[1]-'0')
		if n == 0 {
			return nil, fmt.Errorf("%w: %sfield %s has length 00", ErrSyntax, where, id)
		}
		i += 4
		if len(s)-i < n {
			return nil, fmt.Errorf("%w: %sfield %s is truncated", ErrSyntax, where, id)
		}
		if seen[id] {
			return nil, fmt.Errorf("%w: %sfield %s appears twice", ErrSyntax, where, id)
		}
		seen[id] = true
		fields = append(fields, Field{ID: id, Value: s[i : i+n]})
		i += n
	}
	return fields, nil
}

// writeTLV appends one data object to b. The caller guarantees a 2-digit ID
// and a value of 1 to 99 characters.
func writeTLV(b *strings.Builder, id, value string) {
	b.WriteString(id)
	if len(value) < 10 {
		b.WriteByte('0')
	}
	b.WriteString(strconv.Itoa(len(value)))
	b.WriteString(value)
}

// joinTLV sorts fields by ID and writes them as one TLV string, the value of
// a template such as field 26 or 62.
func joinTLV(fields []Field) string {
	sorted := slices.Clone(fields)
	slices.SortStableFunc(sorted, func(a, b Field) int { return cmp.Compare(a.ID, b.ID) })
	var b strings.Builder
	for _, f := range sorted {
		writeTLV(&b, f.ID, f.Value)
	}
	return b.String()
}

// tlvLength is the length of the TLV string joinTLV would produce.
func tlvLength(fields []Field) int {
	n := 0
	for _, f := range fields {
		n += 4 + len(f.Value)
	}
	return n
}

// isTemplateID reports whether a top-level ID holds nested data objects in
// EMV QRCPS: the merchant account templates 26-51, the additional data (62),
// the language template (64) and the unreserved templates 80-99.
func isTemplateID(id string) bool {
	n, err := strconv.Atoi(id)
	if err != nil {
		return false
	}
	return n >= 26 && n <= 51 || n == 62 || n == 64 || n >= 80 && n <= 99
}

// checkExtras validates fields Code carries without interpreting: two-digit
// IDs in strictly increasing order, none reserved, values of 1 to 99
// printable ASCII characters, and well-formed nested TLV when nested is
// true for that ID. where names the enclosing field for error messages.
func checkExtras(fields []Field, where string, reserved func(id string) bool, nested func(id string) bool) error {
	for i, f := range fields {
		if len(f.ID) != 2 || !isDigits(f.ID) {
			return fmt.Errorf("%w: %s has an extra field with a non-numeric ID", ErrInvalidField, where)
		}
		if reserved(f.ID) {
			return fmt.Errorf("%w: %s extra field %s is interpreted by Code and cannot be extra", ErrInvalidField, where, f.ID)
		}
		if i > 0 && fields[i-1].ID >= f.ID {
			return fmt.Errorf("%w: %s extra fields must be in increasing ID order (%s)", ErrInvalidField, where, f.ID)
		}
		if len(f.Value) < 1 || len(f.Value) > 99 || !isPrintableASCII(f.Value) {
			return fmt.Errorf("%w: %s extra field %s must be 1 to 99 printable ASCII characters", ErrInvalidField, where, f.ID)
		}
		if nested(f.ID) {
			if _, err := parseTLV(f.Value, ""); err != nil {
				return fmt.Errorf("%w: %s extra field %s is a template but not valid TLV", ErrInvalidField, where, f.ID)
			}
		}
	}
	return nil
}

// isDigits reports whether s is non-empty and all ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
