package corridor

import (
	"errors"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/taxid"
)

func TestLookups(t *testing.T) {
	tests := []struct {
		name   string
		lookup func() (Corridor, bool)
		want   string // Country, or "" for none
	}{
		{"country code", func() (Corridor, bool) { return ByCountry("BR") }, "BR"},
		{"country code lower case", func() (Corridor, bool) { return ByCountry("mx") }, "MX"},
		{"country name", func() (Corridor, bool) { return ByCountry("brazil") }, "BR"},
		{"country name capitalised", func() (Corridor, bool) { return ByCountry("Mexico") }, "MX"},
		{"unknown country", func() (Corridor, bool) { return ByCountry("CO") }, ""},
		{"empty country", func() (Corridor, bool) { return ByCountry("") }, ""},
		{"parse code", func() (Corridor, bool) { return Parse(" br ") }, "BR"},
		{"parse alpha-3", func() (Corridor, bool) { return Parse("MEX") }, "MX"},
		{"parse Portuguese name", func() (Corridor, bool) { return Parse("Brasil") }, "BR"},
		{"parse Spanish name", func() (Corridor, bool) { return Parse("MÉXICO") }, "MX"},
		{"parse API name", func() (Corridor, bool) { return Parse("mexico") }, "MX"},
		{"parse unknown", func() (Corridor, bool) { return Parse("colombia") }, ""},
		{"parse empty", func() (Corridor, bool) { return Parse("") }, ""},
		{"currency BRL", func() (Corridor, bool) { return ByCurrency(money.BRL) }, "BR"},
		{"currency MXN", func() (Corridor, bool) { return ByCurrency(money.MXN) }, "MX"},
		{"currency USD is no corridor", func() (Corridor, bool) { return ByCurrency(money.USD) }, ""},
		{"method pix", func() (Corridor, bool) { return ByMethod("pix") }, "BR"},
		{"method spei", func() (Corridor, bool) { return ByMethod("spei") }, "MX"},
		{"method is case-sensitive", func() (Corridor, bool) { return ByMethod("PIX") }, ""},
		{"symbol BRL", func() (Corridor, bool) { return BySymbol("USDC/BRL") }, "BR"},
		{"symbol MXN", func() (Corridor, bool) { return BySymbol("USDC/MXN") }, "MX"},
		{"symbol reversed", func() (Corridor, bool) { return BySymbol("BRL/USDC") }, ""},
		{"partner method pix", func() (Corridor, bool) { return ByPartnerMethod("pix") }, "BR"},
		{"partner method spei", func() (Corridor, bool) { return ByPartnerMethod("spei") }, "MX"},
		{"partner method ach", func() (Corridor, bool) { return ByPartnerMethod("ach") }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := tt.lookup()
			if ok != (tt.want != "") || c.Country != tt.want {
				t.Errorf("got %q, %v; want %q", c.Country, ok, tt.want)
			}
		})
	}
}

// TestEntries pins what the product promises per corridor (the spec and
// PRODUCT.md): a changed figure here is a product decision, not a refactor.
func TestEntries(t *testing.T) {
	tests := []struct {
		c                                  Corridor
		country, name, currency, method    string
		partnerMethod, symbol, locale      string
		minimum                            string
		taxID                              string
		check                              Availability
		instructions                       Instructions
		amountField, taxIDField, rateDecim string
	}{
		{Brazil, "BR", "brazil", "BRL", "pix", "pix", "USDC/BRL", "pt-BR", "16.00", "CPF", ComingSoon, InstructionsCode,
			"amount_brl", "sender_document", "4"},
		{Mexico, "MX", "mexico", "MXN", "spei", "spei", "USDC/MXN", "es-MX", "5.00", "CURP", ComingSoon, InstructionsBankAccount,
			"amount_mxn", "sender_clabe", "3"},
	}
	for _, tt := range tests {
		c := tt.c
		t.Run(c.Name, func(t *testing.T) {
			got := []string{c.Country, c.Name, string(c.Currency), c.Method, c.PartnerMethod, c.Symbol, c.Locale,
				c.MinimumUSD.String(), c.TaxID.Name, string(c.Check), string(c.Instructions),
				c.Request.AmountField, c.Request.TaxIDField, string(rune('0' + c.EffectiveRateDecimals))}
			want := []string{tt.country, tt.name, tt.currency, tt.method, tt.partnerMethod, tt.symbol, tt.locale,
				tt.minimum, tt.taxID, string(tt.check), string(tt.instructions), tt.amountField, tt.taxIDField, tt.rateDecim}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("field %d = %q, want %q", i, got[i], want[i])
				}
			}
			if c.MinimumUSD.Currency != money.USD {
				t.Errorf("minimum in %s, want USD", c.MinimumUSD.Currency)
			}
		})
	}
}

// TestTableIsConsistent checks what every entry, a future one included,
// must satisfy: every key unique, every language named, the symbol priced
// in the corridor's currency, validators present.
func TestTableIsConsistent(t *testing.T) {
	seen := map[string]string{}
	unique := func(c Corridor, what, v string) {
		t.Helper()
		if v == "" {
			t.Errorf("%s: %s is empty", c.Name, what)
			return
		}
		key := what + "=" + strings.ToLower(v)
		if other, dup := seen[key]; dup {
			t.Errorf("%s and %s share %s", other, c.Name, key)
		}
		seen[key] = c.Name
	}
	for _, c := range All() {
		for _, k := range []struct{ what, v string }{{"country", c.Country}, {"alpha-3", c.Alpha3}, {"name", c.Name},
			{"currency", string(c.Currency)}, {"method", c.Method}, {"partner method", c.PartnerMethod},
			{"symbol", c.Symbol}, {"wizard path", c.WizardPath}, {"amount field", c.Request.AmountField}, {"rail kind", c.Rail.Kind}} {
			unique(c, k.what, k.v)
		}
		if len(c.Country) != 2 || strings.ToUpper(c.Country) != c.Country {
			t.Errorf("%s: country %q is not an ISO 3166-1 alpha-2 code", c.Name, c.Country)
		}
		if c.Symbol != "USDC/"+string(c.Currency) {
			t.Errorf("%s: symbol %q does not price %s", c.Name, c.Symbol, c.Currency)
		}
		if !c.Currency.Valid() {
			t.Errorf("%s: currency %q unknown to package money", c.Name, c.Currency)
		}
		for _, lang := range []string{"en", "pt-BR", "es-MX"} {
			if c.Names[lang] == "" {
				t.Errorf("%s: no name in %s", c.Name, lang)
			}
		}
		if c.Locale != "pt-BR" && c.Locale != "es-MX" && c.Locale != "en" {
			t.Errorf("%s: locale %q is not a language the product speaks", c.Name, c.Locale)
		}
		if !c.MinimumUSD.IsPositive() {
			t.Errorf("%s: minimum %s is not positive", c.Name, c.MinimumUSD)
		}
		if c.MinimumUSD.Cmp(PayoutMinimum) < 0 {
			t.Errorf("%s: minimum %s is below the partner's payout minimum %s", c.Name, c.MinimumUSD, PayoutMinimum)
		}
		if c.PayinMinimum.Currency != c.Currency || !c.PayinMinimum.IsPositive() {
			t.Errorf("%s: pay-in minimum %s %s, want a positive %s amount", c.Name, c.PayinMinimum, c.PayinMinimum.Currency, c.Currency)
		}
		if c.TaxID.validate == nil || c.Rail.validate == nil {
			t.Errorf("%s: a validator is missing", c.Name)
		}
		if kind, _, err := c.TaxID.Validate(c.TaxID.Example); err != nil || !contains(c.TaxID.Kinds, kind) {
			t.Errorf("%s: the example tax id %q: kind %q, %v", c.Name, c.TaxID.Example, kind, err)
		}
	}
}

func TestTaxIDValidate(t *testing.T) {
	tests := []struct {
		c         Corridor
		raw       string
		kind      string
		value     string
		wantError error
	}{
		{Brazil, "529.982.247-25", KindCPF, "52998224725", nil},
		{Brazil, "529.982.247-24", KindCPF, "", taxid.ErrCheckDigit},
		{Brazil, "11.222.333/0001-81", KindCNPJ, "11222333000181", nil},
		{Brazil, "11.222.333/0001-80", KindCNPJ, "", taxid.ErrCheckDigit},
		{Brazil, "1234", "", "", taxid.ErrLength},
		{Mexico, "hegg560427mvzrrl04", KindCURP, "HEGG560427MVZRRL04", nil},
		{Mexico, "HEGG560427MVZRRL05", KindCURP, "", taxid.ErrCheckDigit},
		{Mexico, "HEGG561327MVZRRL04", KindCURP, "", taxid.ErrDate},
		{Mexico, "52998224725", KindCURP, "", taxid.ErrLength},
	}
	for _, tt := range tests {
		t.Run(tt.c.Name+"/"+tt.raw, func(t *testing.T) {
			kind, value, err := tt.c.TaxID.Validate(tt.raw)
			if !errors.Is(err, tt.wantError) || (tt.wantError == nil) != (err == nil) {
				t.Fatalf("err = %v, want %v", err, tt.wantError)
			}
			if kind != tt.kind || (err == nil && value != tt.value) {
				t.Errorf("got %q %q, want %q %q", kind, value, tt.kind, tt.value)
			}
		})
	}
}

func TestRailValidate(t *testing.T) {
	tests := []struct {
		c   Corridor
		ref string
		ok  bool
	}{
		{Brazil, "E9040088820210128000800123873170", true},
		{Brazil, "MBC2026112310000123", false}, // a SPEI key is no end-to-end id
		{Mexico, "MBC2026112310000123", true},
		{Mexico, "E9040088820210128000800123873170", false}, // 32 characters, over SPEI's 30
		{Mexico, "", false},
	}
	for _, tt := range tests {
		if err := tt.c.Rail.Validate(tt.ref); (err == nil) != tt.ok {
			t.Errorf("%s %q: %v, want ok=%v", tt.c.Name, tt.ref, err, tt.ok)
		}
	}
	if Mexico.Rail.LookupURL == "" || Brazil.Rail.LookupURL != "" {
		t.Errorf("lookup pages: Brazil %q, Mexico %q; only SPEI has one (Banxico's CEP)", Brazil.Rail.LookupURL, Mexico.Rail.LookupURL)
	}
}

func TestRailByKind(t *testing.T) {
	for _, c := range All() {
		if r, ok := RailByKind(c.Rail.Kind); !ok || r.Kind != c.Rail.Kind || r.Name != c.Rail.Name {
			t.Errorf("RailByKind(%q) = %+v, %v", c.Rail.Kind, r, ok)
		}
	}
	if r, ok := RailByKind(""); ok {
		t.Errorf("RailByKind(\"\") = %+v", r)
	}
}

func TestNameIn(t *testing.T) {
	if got := Mexico.NameIn("pt-BR"); got != "México" {
		t.Errorf("Mexico in pt-BR = %q", got)
	}
	if got := Brazil.NameIn("fr"); got != "Brazil" {
		t.Errorf("Brazil in an unknown language = %q, want English", got)
	}
}

func TestAllIsACopy(t *testing.T) {
	a := All()
	a[0].Method = "changed"
	if c, _ := ByMethod("pix"); c.Country != "BR" {
		t.Error("changing All()'s result changed the table")
	}
}

func contains(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}
