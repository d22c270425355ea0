package pix

import (
	"strings"
	"testing"
)

// TestEncodePublished rebuilds the BCB examples character by character from
// their fields, defaults included (MCC 0000, txid ***).
func TestEncodePublished(t *testing.T) {
	t.Parallel()
	const evp = "123e4567-e12b-12d1-a456-426655440000"
	tests := []struct {
		name string
		in   Code
		want string
	}{
		{"BCB static", Code{Key: evp, MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA"}, bcbStatic},
		{"BCB dynamic", Code{
			PointOfInitiation: DynamicInitiation, URL: "pix.example.com/8b3da2f39a4140d1a91abd93113bd441",
			MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA",
		}, bcbDynamic},
		{"BCB composite with amount", Code{
			Key: evp, Amount: "100.50", MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA",
			Extra: []Field{bcbRecurrence},
		}, bcbCompositeWithAmount},
		{"BCB recurrence only", Code{
			MerchantName: "Fulano de Tal", MerchantCity: "BRASILIA", Extra: []Field{bcbRecurrence},
		}, bcbRecurrenceOnly},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Encode(tt.in)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if got != tt.want {
				t.Fatalf("Encode =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestEncodeFoldsText(t *testing.T) {
	t.Parallel()
	base := Code{Key: "fulano@example.com", MerchantName: "Fulano", MerchantCity: "Joao Pessoa"}
	tests := []struct {
		name           string
		merchant, city string
		description    string
		wantName       string
		wantCity       string
		wantDesc       string
	}{
		{"city", "Fulano", "São Paulo", "", "Fulano", "Sao Paulo", ""},
		{"upper-case city", "Fulano", "SÃO PAULO", "", "Fulano", "SAO PAULO", ""},
		{"name", "Clínica Estética São João", "Brasília", "", "Clinica Estetica Sao Joao", "Brasilia", ""},
		{"decomposed accents", "Jo\u00e3o", "Sa\u0303o Paulo", "", "Joao", "Sao Paulo", ""},
		{"ligatures", "Œuvre Straße", "Niterói", "", "OEuvre Strasse", "Niteroi", ""},
		{"description", "Fulano", "Recife", "Pedido nº 4 – “café”", "Fulano", "Recife", `Pedido no 4 - "cafe"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := base
			c.MerchantName, c.MerchantCity, c.Description = tt.merchant, tt.city, tt.description
			s, err := Encode(c)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			got, err := Decode(s)
			if err != nil {
				t.Fatalf("Decode(Encode()): %v", err)
			}
			if got.MerchantName != tt.wantName || got.MerchantCity != tt.wantCity || got.Description != tt.wantDesc {
				t.Fatalf("got %q, %q, %q", got.MerchantName, got.MerchantCity, got.Description)
			}
		})
	}
}

func TestEncodeRejects(t *testing.T) {
	t.Parallel()
	valid := Code{Key: "fulano@example.com", MerchantName: "Fulano", MerchantCity: "Recife"}
	big := Field{ID: "80", Value: "00" + twoDigits(95) + strings.Repeat("x", 95)}
	tests := []struct {
		name   string
		change func(c *Code)
		err    error
		msg    string
	}{
		{"no name", func(c *Code) { c.MerchantName = "" }, ErrMissingField, "field 59"},
		{"no city", func(c *Code) { c.MerchantCity = "" }, ErrMissingField, "field 60"},
		{"name 26 characters", func(c *Code) { c.MerchantName = strings.Repeat("N", 26) }, ErrInvalidField, "field 59"},
		{"name 26 after folding", func(c *Code) { c.MerchantName = strings.Repeat("N", 24) + "ß" }, ErrInvalidField, "field 59"},
		{"city 16 characters", func(c *Code) { c.MerchantCity = strings.Repeat("C", 16) }, ErrInvalidField, "field 60"},
		{"unfoldable name", func(c *Code) { c.MerchantName = "東京" }, ErrInvalidField, "field 59"},
		{"newline in city", func(c *Code) { c.MerchantCity = "Rio\nde Janeiro" }, ErrInvalidField, "field 60"},
		{"invalid UTF-8", func(c *Code) { c.MerchantName = "Fulano \xff" }, ErrInvalidField, "field 59"},
		{"key and URL", func(c *Code) { c.URL = "pix.example.com/x" }, ErrInvalidField, "not both"},
		{"neither key nor URL", func(c *Code) { c.Key = "" }, ErrMissingField, "needs a key"},
		{"key 78 characters", func(c *Code) { c.Key = strings.Repeat("k", 78) }, ErrInvalidField, "field 26-01"},
		{"key not ASCII", func(c *Code) { c.Key = "joão@example.com" }, ErrInvalidField, "field 26-01"},
		{"URL with scheme", func(c *Code) { c.Key, c.URL = "", "https://pix.example.com/x" }, ErrInvalidField, "field 26-25"},
		{"URL 78 characters", func(c *Code) { c.Key, c.URL = "", strings.Repeat("u", 78) }, ErrInvalidField, "field 26-25"},
		{"description too long", func(c *Code) { c.Description = strings.Repeat("d", 56) }, ErrInvalidField, "field 26 would be longer"},
		{"amount without decimals", func(c *Code) { c.Amount = "10" }, ErrInvalidField, "field 54"},
		{"amount one decimal", func(c *Code) { c.Amount = "10.5" }, ErrInvalidField, "field 54"},
		{"amount comma", func(c *Code) { c.Amount = "10,50" }, ErrInvalidField, "field 54"},
		{"amount zero", func(c *Code) { c.Amount = "0.00" }, ErrInvalidField, "field 54"},
		{"amount negative", func(c *Code) { c.Amount = "-1.00" }, ErrInvalidField, "field 54"},
		{"amount leading zero", func(c *Code) { c.Amount = "01.00" }, ErrInvalidField, "field 54"},
		{"amount 14 characters", func(c *Code) { c.Amount = "12345678901.00" }, ErrInvalidField, "field 54"},
		{"txid with dash", func(c *Code) { c.TxID = "nota-4813" }, ErrInvalidField, "field 62-05"},
		{"txid 26 characters", func(c *Code) { c.TxID = strings.Repeat("T", 26) }, ErrInvalidField, "field 62-05"},
		{"MCC 3 digits", func(c *Code) { c.MCC = "123" }, ErrInvalidField, "field 52"},
		{"initiation 13", func(c *Code) { c.PointOfInitiation = "13" }, ErrInvalidField, "field 01"},
		{"extra with known ID", func(c *Code) { c.Extra = []Field{{"54", "1.00"}} }, ErrInvalidField, "cannot be extra"},
		{"extra out of order", func(c *Code) { c.Extra = []Field{{"81", "0001x"}, {"80", "0001x"}} }, ErrInvalidField, "increasing"},
		{"extra repeated", func(c *Code) { c.Extra = []Field{{"80", "0001x"}, {"80", "0001x"}} }, ErrInvalidField, "increasing"},
		{"extra template not TLV", func(c *Code) { c.Extra = []Field{{"80", "hello"}} }, ErrInvalidField, "not valid TLV"},
		{"extra ID not numeric", func(c *Code) { c.Extra = []Field{{"8A", "x"}} }, ErrInvalidField, "non-numeric"},
		{"extra value empty", func(c *Code) { c.Extra = []Field{{"61", ""}} }, ErrInvalidField, "1 to 99"},
		{"extra value 100 characters", func(c *Code) { c.Extra = []Field{{"61", strings.Repeat("9", 100)}} }, ErrInvalidField, "1 to 99"},
		{"account extra reserved", func(c *Code) { c.AccountExtra = []Field{{"25", "x"}} }, ErrInvalidField, "field 26 extra"},
		{"additional extra reserved", func(c *Code) { c.AdditionalExtra = []Field{{"05", "x"}} }, ErrInvalidField, "field 62 extra"},
		{"field 62 too long", func(c *Code) { c.AdditionalExtra = []Field{{"50", strings.Repeat("a", 90)}} }, ErrInvalidField, "field 62 would be longer"},
		{"payload over 512", func(c *Code) {
			c.Extra = []Field{{"80", big.Value}, {"81", big.Value}, {"82", big.Value}, {"83", big.Value}, {"84", big.Value}}
		}, ErrInvalidField, "more than 512"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := valid
			tt.change(&c)
			got, err := Encode(c)
			checkErr(t, err, tt.err)
			if got != "" {
				t.Fatalf("Encode returned %q with an error", got)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %q does not mention %q", err, tt.msg)
			}
		})
	}
	if _, err := Encode(valid); err != nil {
		t.Fatalf("the base code must be valid: %v", err)
	}
}
