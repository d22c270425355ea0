package pix

import "errors"

// Sentinel errors. Every error from Encode and Decode wraps exactly one of
// them; the message adds the EMV field ID involved but never its value.
var (
	// ErrSyntax reports a payload that is not well-formed TLV: a bad ID or
	// length, a truncated or duplicated field, a character outside printable
	// ASCII, fields 00 or 63 out of place, or more than 512 characters.
	ErrSyntax = errors.New("pix: malformed BR Code")

	// ErrCRC reports that field 63 does not match the payload: the code was
	// altered or mistyped.
	ErrCRC = errors.New("pix: CRC mismatch")

	// ErrMissingField reports that a mandatory field is absent.
	ErrMissingField = errors.New("pix: missing mandatory field")

	// ErrInvalidField reports a well-formed field whose value breaks the
	// BR Code rules (wrong currency, name too long, bad amount, ...), or a
	// Code that Encode would have to write in more than 512 characters.
	ErrInvalidField = errors.New("pix: invalid field value")
)

// Fixed values of a Pix BR Code.
const (
	PayloadFormatIndicator = "01"             // Field 00; the only version defined.
	GUI                    = "br.gov.bcb.pix" // Field 26, sub-field 00; matched case-insensitively on decode.
	Currency               = "986"            // Field 53: BRL in ISO 4217.
	Country                = "BR"             // Field 58.
	DefaultMCC             = "0000"           // Field 52 when the merchant category is not informed.
	TxIDNone               = "***"            // Field 62-05 when the code carries no transaction id.
	StaticInitiation       = "11"             // Field 01: the code may be paid many times.
	DynamicInitiation      = "12"             // Field 01: the code may be paid once.
	MaxLength              = 512              // Longest payload EMV QRCPS allows.
)

// Field is an EMV data object Crebit does not interpret, kept so that codes
// with other payment arrangements (for example a Pix Automático recurrence
// template in field 80, or a card network in field 04) decode, re-encode and
// keep their meaning.
type Field struct {
	ID    string // Two digits.
	Value string // 1 to 99 printable ASCII characters; nested TLV for templates.
}

// Code is a decoded Pix BR Code. Fields 00, 53, 58 and 63 are fixed or
// computed and so are not part of the struct (see the constants above).
//
// A static code carries the receiver's Pix Key; a dynamic code carries the
// URL (without scheme) where the payer's bank fetches the charge. Exactly one
// of Key and URL is set, except in the composite codes of Pix Automático,
// where the payment location lives only in an Extra template (IDs 80-99) and
// both are empty.
type Code struct {
	// PointOfInitiation is field 01: StaticInitiation, DynamicInitiation,
	// or empty when the field is absent.
	PointOfInitiation string

	Key         string // Field 26-01: Pix key (static codes), at most 77 characters.
	URL         string // Field 26-25: payload location without scheme (dynamic codes), at most 77 characters.
	Description string // Field 26-02: free text shown to the payer; accents are folded to ASCII by Encode.

	// MCC is field 52, the ISO 18245 merchant category code. Encode writes
	// DefaultMCC when it is empty.
	MCC string

	// Amount is field 54 in reais with exactly two decimals ("1234.56"), or
	// empty when the payer chooses the amount. Decode normalises the other
	// forms EMV allows ("100.5", "7") to this one.
	Amount string

	MerchantName string // Field 59, at most 25 characters after folding accents.
	MerchantCity string // Field 60, at most 15 characters after folding accents.

	// TxID is field 62-05: up to 25 letters and digits, or TxIDNone. Encode
	// writes TxIDNone when it is empty, because BCB requires the field;
	// Decode returns TxIDNone when the code has no field 62 or no sub-field 05.
	TxID string

	// AccountExtra holds the sub-fields of field 26 other than 00, 01, 02
	// and 25, AdditionalExtra the sub-fields of field 62 other than 05, and
	// Extra the top-level fields this package does not interpret. Each is in
	// strictly increasing ID order (Decode sorts them), so equal codes
	// compare equal with reflect.DeepEqual.
	AccountExtra    []Field
	AdditionalExtra []Field
	Extra           []Field
}

// EMV IDs of the fields Code interprets.
const (
	idPayloadFormat  = "00"
	idInitiation     = "01"
	idAccount        = "26"
	idMCC            = "52"
	idCurrency       = "53"
	idAmount         = "54"
	idCountry        = "58"
	idName           = "59"
	idCity           = "60"
	idAdditionalData = "62"
	idCRC            = "63"

	subGUI         = "00"
	subKey         = "01"
	subDescription = "02"
	subURL         = "25"
	subTxID        = "05"
)

// knownIDs are the top-level IDs Code interprets; they may not appear in
// Code.Extra.
var knownIDs = map[string]bool{
	idPayloadFormat: true, idInitiation: true, idAccount: true, idMCC: true,
	idCurrency: true, idAmount: true, idCountry: true, idName: true,
	idCity: true, idAdditionalData: true, idCRC: true,
}
