package pix

import (
	"reflect"
	"strings"
	"testing"
)

func TestDecodePublished(t *testing.T) {
	t.Parallel()
	const evp = "123e4567-e12b-12d1-a456-426655440000"
	const location = "pix.example.com/8b3da2f39a4140d1a91abd93113bd441"
	tests := []struct {
		name string
		in   string
		want Code
	}{
		{"BCB static", bcbStatic, Code{
			Key: evp, MCC: "0000", MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA", TxID: "***",
		}},
		{"BCB static lowercase CRC", bcbStatic[:len(bcbStatic)-4] + "1d3d", Code{
			Key: evp, MCC: "0000", MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA", TxID: "***",
		}},
		{"BCB dynamic", bcbDynamic, Code{
			PointOfInitiation: "12", URL: location, MCC: "0000",
			MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA", TxID: "***",
		}},
		{"BCB composite with amount", bcbCompositeWithAmount, Code{
			Key: evp, MCC: "0000", Amount: "100.50", MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA",
			TxID: "***", Extra: []Field{bcbRecurrence},
		}},
		{"BCB recurrence only", bcbRecurrenceOnly, Code{
			MCC: "0000", MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA",
			TxID: "***", Extra: []Field{bcbRecurrence},
		}},
		{"BCB dynamic composite", bcbDynamicComposite, Code{
			PointOfInitiation: "12", URL: location, MCC: "0000",
			MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA", TxID: "***", Extra: []Field{bcbRecurrence},
		}},
		{"gist dynamic, upper-case GUI", gistDynamic, Code{
			PointOfInitiation: "12", URL: "pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99",
			MCC: "0000", MerchantName: "EMPRESA", MerchantCity: "SAO PAULO", TxID: "***",
		}},
		// Field 62 is mandatory for BCB but not for EMV; a code without it
		// reads as having no txid. (A public test suite publishes this
		// variant with the same CRC, 740C.)
		{"BCB static without field 62", replaceCRC(bcbStatic, "62070503***", ""), Code{
			Key: evp, MCC: "0000", MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA", TxID: "***",
		}},
		// The BR Code manual example with only the txid fixed: shows how
		// other arrangements are kept (fields 04, 27, 61 and 80).
		{"BR Code manual with a Pix txid", replaceCRC(brCodeManual, "62190515RP12345678-2019", "62180514RP123456782019"), Code{
			Key: evp, MCC: "0000", Amount: "123.45", MerchantName: "NOME DO RECEBEDOR", MerchantCity: "BRASILIA",
			TxID: "RP123456782019",
			Extra: []Field{
				{"04", "12345678901234"},
				{"27", "0012BR.COM.OUTRO01100123456789"},
				{"61", "70074900"},
				{"80", "0012BR.COM.OUTRO01190123.ABCD.3456.WXYZ"},
			},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Decode(tt.in)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Decode =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// TestDecodeFieldOrder: EMV fixes only the places of fields 00 (first) and
// 63 (last). Fields in any other order decode, and the uninterpreted ones
// come back sorted by ID so that equal codes compare equal.
func TestDecodeFieldOrder(t *testing.T) {
	t.Parallel()
	const evp = "123e4567-e12b-12d1-a456-426655440000"
	const brcodeVersion = "0017br.gov.bcb.brcode01051.0.0"
	in := "000201" +
		"80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac120002" +
		"6108700749005802BR5303986" +
		"6241" + "5030" + brcodeVersion + "0503***" +
		"2658" + "0136" + evp + "0014br.gov.bcb.pix" +
		"5913Fulano de Tal6008BRASILIA52040000" + "6304XXXX"
	got, err := Decode(withCRC(in))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	want := Code{
		Key: evp, MCC: "0000", MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA", TxID: "***",
		AdditionalExtra: []Field{{"50", brcodeVersion}},
		Extra:           []Field{{"61", "70074900"}, bcbRecurrence},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Decode =\n%+v\nwant\n%+v", got, want)
	}
}

func TestDecodeRejects(t *testing.T) {
	t.Parallel()
	crcBody := bcbStatic[:len(bcbStatic)-8] // without "6304" and the CRC
	tests := []struct {
		name string
		in   string
		err  error
		msg  string // must appear in the error message: the rule that failed
	}{
		{"altered CRC", bcbStatic[:len(bcbStatic)-4] + "1D3E", ErrCRC, "does not match"},
		{"altered name", strings.Replace(bcbStatic, "Fulano", "Fulana", 1), ErrCRC, "does not match"},
		{"altered amount", strings.Replace(bcbCompositeWithAmount, "100.50", "900.50", 1), ErrCRC, "does not match"},
		{"CRC not hex", bcbStatic[:len(bcbStatic)-4] + "ZZZZ", ErrSyntax, "hex digits"},
		{"truncated by one", bcbStatic[:len(bcbStatic)-1], ErrSyntax, ""},
		{"without field 63", crcBody, ErrSyntax, "must come last"},
		{"truncated mid-field", bcbStatic[:50], ErrSyntax, "truncated"},
		{"empty", "", ErrSyntax, "must come first"},
		{"only field 00", "000201", ErrSyntax, "must come last"},
		{"trailing garbage", bcbStatic + "X", ErrSyntax, ""},
		{"trailing field", bcbStatic + "0503***", ErrSyntax, "must come last"},
		{"CRC field twice", bcbStatic + "63041D3D", ErrSyntax, "appears twice"},
		{"field 63 in the middle", crcBody[:6] + "63041D3D" + crcBody[6:], ErrSyntax, "must come last"},
		{"field 63 too long", crcBody + "63051D3D0", ErrSyntax, "must come last"},
		{"name length too short", replaceCRC(bcbStatic, "5913Fulano", "5912Fulano"), ErrSyntax, ""},
		{"name length too long", replaceCRC(bcbStatic, "5913Fulano", "5914Fulano"), ErrSyntax, ""},
		{"length 00", replaceCRC(bcbStatic, "5204", "520004"), ErrSyntax, "length 00"},
		{"length not digits", replaceCRC(bcbStatic, "5204", "52x4"), ErrSyntax, "must be digits"},
		{"duplicate field", replaceCRC(bcbStatic, "5802BR", "5802BR5802BR"), ErrSyntax, "field 58 appears twice"},
		{"duplicate sub-field", replaceCRC(bcbStatic, "62070503***", "62140503***0503***"), ErrSyntax, "field 62: field 05 appears twice"},
		{"nested length wrong", replaceCRC(bcbStatic, "0014br.gov", "0015br.gov"), ErrSyntax, "field 26: field 13 is truncated"},
		{"non-ASCII name", withCRC(strings.Replace(bcbStatic, "5913Fulano de Tal", "5913Fulano de Tál", 1)), ErrSyntax, "printable ASCII"},
		{"control character", replaceCRC(bcbStatic, "Fulano de Tal", "Fulano\nde Tal"), ErrSyntax, "printable ASCII"},
		{"longer than 512", withCRC(crcBody + "8099" + strings.Repeat("A", 99) + "8199" + strings.Repeat("A", 99) +
			"8299" + strings.Repeat("A", 99) + "8399" + strings.Repeat("A", 99) + "6304XXXX"), ErrSyntax, "more than 512"},
		{"gist static, length 08 around 7 characters", gistStaticMalformed, ErrSyntax, "truncated"},
		{"field 00 not first", withCRC(crcBody[6:] + "000201" + "6304XXXX"), ErrSyntax, "must come first"},
		{"payload format 02", replaceCRC(bcbStatic, "000201", "000202"), ErrInvalidField, "field 00"},
		{"initiation 13", replaceCRC(bcbDynamic, "010212", "010213"), ErrInvalidField, "field 01"},
		{"currency USD", replaceCRC(bcbStatic, "5303986", "5303840"), ErrInvalidField, "field 53"},
		{"country AR", replaceCRC(bcbStatic, "5802BR", "5802AR"), ErrInvalidField, "field 58"},
		{"not a Pix GUI", replaceCRC(bcbStatic, "26580014br.gov.bcb.pix", "26560012br.com.outro"), ErrInvalidField, "not a Pix merchant account"},
		{"key and URL", replaceCRC(bcbStatic, "26580014br.gov.bcb.pix", "26720014br.gov.bcb.pix2510pix.ex/abc"), ErrInvalidField, "not both"},
		{"URL with scheme", replaceCRC(bcbDynamic, "26700014br.gov.bcb.pix2548pix", "26780014br.gov.bcb.pix2556https://pix"), ErrInvalidField, "field 26-25"},
		{"amount with letters", replaceCRC(bcbCompositeWithAmount, "5406100.50", "54061R3.45"), ErrInvalidField, "field 54"},
		{"amount three decimals", replaceCRC(bcbCompositeWithAmount, "5406100.50", "54061.2345"), ErrInvalidField, "field 54"},
		{"amount zero", replaceCRC(bcbCompositeWithAmount, "5406100.50", "54040.00"), ErrInvalidField, "field 54"},
		{"amount negative", replaceCRC(bcbCompositeWithAmount, "5406100.50", "5402-5"), ErrInvalidField, "field 54"},
		{"amount without integer part", replaceCRC(bcbCompositeWithAmount, "5406100.50", "5402.5"), ErrInvalidField, "field 54"},
		{"amount too long once written", replaceCRC(bcbCompositeWithAmount, "5406100.50", "54131234567890123"), ErrInvalidField, "field 54"},
		{"MCC letters", replaceCRC(bcbStatic, "52040000", "5204ABCD"), ErrInvalidField, "field 52"},
		{"name 26 characters", replaceCRC(bcbStatic, "5913Fulano de Tal", "5926"+strings.Repeat("N", 26)), ErrInvalidField, "field 59"},
		{"city 16 characters", replaceCRC(bcbStatic, "6008BRASILIA", "6016"+strings.Repeat("C", 16)), ErrInvalidField, "field 60"},
		{"txid with dash (BR Code manual)", brCodeManual, ErrInvalidField, "field 62-05"},
		{"txid 26 characters", replaceCRC(bcbStatic, "62070503***", "62300526"+strings.Repeat("T", 26)), ErrInvalidField, "field 62-05"},
		{"template not TLV", replaceCRC(bcbCompositeWithAmount, "80740014", "8074X014"), ErrInvalidField, "extra field 80"},
		{"missing field 52", replaceCRC(bcbStatic, "52040000", ""), ErrMissingField, "field 52 is absent"},
		{"missing field 53", replaceCRC(bcbStatic, "5303986", ""), ErrMissingField, "field 53 is absent"},
		{"missing field 58", replaceCRC(bcbStatic, "5802BR", ""), ErrMissingField, "field 58 is absent"},
		{"missing field 59", replaceCRC(bcbStatic, "5913Fulano de Tal", ""), ErrMissingField, "field 59 is absent"},
		{"missing field 60", replaceCRC(bcbStatic, "6008BRASILIA", ""), ErrMissingField, "field 60 is absent"},
		{"missing field 26", replaceCRC(bcbStatic, bcbStatic[6:68], ""), ErrMissingField, "field 26 is absent"},
		{"missing field 26 with a recurrence template", replaceCRC(bcbRecurrenceOnly, "26180014br.gov.bcb.pix", ""), ErrMissingField, "field 26 is absent"},
		{"missing GUI", replaceCRC(bcbStatic, "26580014br.gov.bcb.pix", "2640"), ErrMissingField, "field 26-00"},
		{"neither key nor URL", replaceCRC(bcbStatic, bcbStatic[6:68], "26180014br.gov.bcb.pix"), ErrMissingField, "needs a key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Decode(tt.in)
			checkErr(t, err, tt.err)
			if !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %q does not mention %q", err, tt.msg)
			}
			if !reflect.DeepEqual(got, Code{}) {
				t.Fatalf("Decode returned %+v with an error", got)
			}
			if strings.Contains(err.Error(), "Fulano") || strings.Contains(err.Error(), "123e4567") {
				t.Fatalf("error %q leaks field values", err)
			}
		})
	}
}

func TestDecodeAmountForms(t *testing.T) {
	t.Parallel()
	tests := []struct{ field, want string }{
		{"7", "7.00"},
		{"7.", "7.00"},
		{"7.5", "7.50"},
		{"007.50", "7.50"},
		{"0.01", "0.01"},
		{"1234567890.12", "1234567890.12"},
	}
	for _, tt := range tests {
		in := replaceCRC(bcbCompositeWithAmount, "5406100.50", "54"+twoDigits(len(tt.field))+tt.field)
		c, err := Decode(in)
		if err != nil {
			t.Errorf("amount %q: %v", tt.field, err)
			continue
		}
		if c.Amount != tt.want {
			t.Errorf("amount %q decoded as %q, want %q", tt.field, c.Amount, tt.want)
		}
	}
}

// TestDecodePrefixes decodes every prefix of the published codes: none may
// panic or succeed, since only the full code carries a matching field 63.
func TestDecodePrefixes(t *testing.T) {
	t.Parallel()
	for _, code := range []string{bcbStatic, bcbDynamic, bcbCompositeWithAmount, bcbRecurrenceOnly, brCodeManual} {
		for i := range len(code) {
			if _, err := Decode(code[:i]); err == nil {
				t.Fatalf("Decode(prefix of %d characters) succeeded", i)
			}
		}
	}
}

func twoDigits(n int) string {
	return string([]byte{byte('0' + n/10), byte('0' + n%10)})
}
