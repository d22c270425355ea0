package corridor

import (
	"strings"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/rail"
)

// The corridors. Brazil first: it is the default wherever one must be
// chosen (the header's rate, an unknown currency's guess).
var (
	Brazil = Corridor{
		Country: "BR", Alpha3: "BRA", Name: "brazil", Locale: "pt-BR", TimeZone: "America/Sao_Paulo",
		Names:    map[string]string{"en": "Brazil", "pt-BR": "Brasil", "es-MX": "Brasil"},
		Currency: money.BRL, CurrencySign: "R$ ", Symbol: "USDC/BRL",
		Method: "pix", MethodName: "Pix", PartnerMethod: "pix", WizardPath: "/get-started",
		// The spec: payments from Brazil are at least USD 16.
		MinimumUSD: money.Amount{Minor: 1600, Currency: money.USD}, MinimumShown: true,
		PayinMinimum: money.Amount{Minor: 1000, Currency: money.BRL},
		TaxID: TaxID{Name: "CPF", Kinds: []string{KindCPF, KindCNPJ}, validate: brazilTaxID, refuse: refuseBrazilTaxID,
			Example: "529.982.247-25"},
		Rail: Rail{Name: "Pix end-to-end id", Kind: "pix_end_to_end_id", Length: rail.EndToEndIDLength,
			validate: rail.ValidateEndToEndID},
		// BlindPay, the partner, pays out by bank transfer only: no check
		// can be mailed (docs/BLINDPAY.md §17.6), so it is "coming soon"
		// as in Mexico until a partner mails checks.
		Instructions: InstructionsCode, Check: ComingSoon, EffectiveRateDecimals: 4,
		Request: Request{AmountField: "amount_brl", TaxIDField: "sender_document"},
	}
	Mexico = Corridor{
		Country: "MX", Alpha3: "MEX", Name: "mexico", Locale: "es-MX", TimeZone: "America/Mexico_City",
		Names:    map[string]string{"en": "Mexico", "pt-BR": "México", "es-MX": "México"},
		Currency: money.MXN, CurrencySign: "MX$", Symbol: "USDC/MXN",
		Method: "spei", MethodName: "SPEI", PartnerMethod: "spei", WizardPath: "/get-started-mexico",
		// The partner's floor: BlindPay pays out at least USD 5.00
		// (PayoutMinimum). It also keeps the cent Crebit may top up when
		// the legs round (MXN -> USDC down to 6 places, USDC -> USD down to
		// cents) at most 0.2% of any payment, and every leg far from zero
		// (pricing.ComputeLegs still refuses legs that would not finish).
		MinimumUSD:   money.Amount{Minor: 500, Currency: money.USD},
		PayinMinimum: money.Amount{Minor: 1000, Currency: money.MXN},
		TaxID: TaxID{Name: "CURP", Kinds: []string{KindCURP}, validate: mexicoTaxID, refuse: refuseCURP,
			Example: "HEGG560427MVZRRL04"},
		Rail: Rail{Name: "SPEI tracking key (clave de rastreo)", Kind: "spei_tracking_key",
			Length: rail.MaxTrackingKeyLength, validate: rail.ValidateTrackingKey, LookupURL: rail.CEPURL},
		// Mail Check to School is "Coming Soon" in the Mexico wizard (spec).
		Instructions: InstructionsBankAccount, Check: ComingSoon, EffectiveRateDecimals: 3,
		Request: Request{AmountField: "amount_mxn", TaxIDField: "sender_clabe", WalletField: "wallet_id"},
	}
)

// all is every corridor, in the order lists show them.
var all = []Corridor{Brazil, Mexico}

// All returns every corridor, Brazil first. The slice is a copy.
func All() []Corridor { return append([]Corridor(nil), all...) }

// ByCountry finds a corridor by its ISO code ("BR") or its name
// ("brazil"), case-insensitively; the way a client may spell it
// ("Brasil", "méxico", "BRA", "MEX") is ParseCountry's job.
func ByCountry(country string) (Corridor, bool) {
	for _, c := range all {
		if equalFold(country, c.Country) || equalFold(country, c.Name) {
			return c, true
		}
	}
	return Corridor{}, false
}

// Parse finds a corridor by any spelling a client may send, in any case,
// with surrounding space: its ISO alpha-2 or alpha-3 code ("BR", "bra"),
// its API name ("brazil") or its name in one of the product's languages
// ("Brasil", "México").
func Parse(s string) (Corridor, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, c := range all {
		if s == strings.ToLower(c.Country) || s == strings.ToLower(c.Alpha3) || s == c.Name {
			return c, true
		}
		for _, n := range c.Names {
			if s == strings.ToLower(n) {
				return c, true
			}
		}
	}
	return Corridor{}, false
}

// ByCurrency finds the corridor that pays in currency cur.
func ByCurrency(cur money.Currency) (Corridor, bool) {
	for _, c := range all {
		if c.Currency == cur {
			return c, true
		}
	}
	return Corridor{}, false
}

// ByMethod finds the corridor of a local rail's API name ("pix").
func ByMethod(method string) (Corridor, bool) {
	for _, c := range all {
		if c.Method == method {
			return c, true
		}
	}
	return Corridor{}, false
}

// BySymbol finds the corridor of a quote symbol ("USDC/BRL").
func BySymbol(symbol string) (Corridor, bool) {
	for _, c := range all {
		if c.Symbol == symbol {
			return c, true
		}
	}
	return Corridor{}, false
}

// ByPartnerMethod finds the corridor of BlindPay's payment_method ("spei").
func ByPartnerMethod(method string) (Corridor, bool) {
	for _, c := range all {
		if c.PartnerMethod == method {
			return c, true
		}
	}
	return Corridor{}, false
}

// equalFold compares ASCII case-insensitively (every code and name in the
// table is ASCII).
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
