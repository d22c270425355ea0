package locale_test

import (
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/money"
)

func TestMoney(t *testing.T) {
	tests := []struct {
		lang string
		a    money.Amount
		want string
	}{
		// Reais are Brazilian and pesos Mexican, whatever the language.
		{"pt-BR", money.New(1355593, money.BRL), "R$ 13.555,93"},
		{"en", money.New(1355593, money.BRL), "R$ 13.555,93"},
		{"es-MX", money.New(1355593, money.BRL), "R$ 13.555,93"},
		{"es-MX", money.New(4687500, money.MXN), "MX$46,875.00"},
		{"pt-BR", money.New(4687500, money.MXN), "MX$46,875.00"},
		{"en", money.New(4687500, money.MXN), "MX$46,875.00"},
		// Dollars follow the reader, always named.
		{"pt-BR", money.New(250000, money.USD), "US$ 2.500,00"},
		{"es-MX", money.New(250000, money.USD), "USD 2,500.00"},
		{"en", money.New(250000, money.USD), "US$2,500.00"},
		{"fr", money.New(250000, money.USD), "US$2,500.00"}, // not offered: English
		// Edges: no digits lost, grouping by threes, the sign first.
		{"pt-BR", money.New(0, money.BRL), "R$ 0,00"},
		{"pt-BR", money.New(5, money.BRL), "R$ 0,05"},
		{"pt-BR", money.New(99999, money.BRL), "R$ 999,99"},
		{"pt-BR", money.New(100000, money.BRL), "R$ 1.000,00"},
		{"es-MX", money.New(123456789012, money.MXN), "MX$1,234,567,890.12"},
		{"pt-BR", money.New(-150000, money.BRL), "-R$ 1.500,00"},
		{"pt-BR", money.New(1234567, money.USDC), "1,234567 USDC"},
		{"en", money.New(1234567, money.USDC), "1.234567 USDC"},
		{"en", money.New(9223372036854775807, money.USD), "US$92,233,720,368,547,758.07"},
	}
	for _, tt := range tests {
		if got := locale.For(tt.lang).Money(tt.a); got != tt.want {
			t.Errorf("%s Money(%d %s) = %q, want %q", tt.lang, tt.a.Minor, tt.a.Currency, got, tt.want)
		}
	}
}

func TestRate(t *testing.T) {
	tests := []struct {
		lang, rate string
		cur        money.Currency
		want       string
	}{
		{"pt-BR", "5.4224", money.BRL, "R$ 5,4224 por US$ 1"},
		{"es-MX", "18.7500", money.MXN, "MX$18.7500 por USD 1"},
		{"en", "5.4224", money.BRL, "R$ 5,4224 per US$1"},
		{"en", "18.75", money.MXN, "MX$18.7500 per US$1"}, // always 4 decimals
		{"pt-BR", "1234.56789", money.BRL, "R$ 1.234,5679 por US$ 1"},
		{"pt-BR", "not a rate", money.BRL, "not a rate BRL"}, // shown, not dropped
	}
	for _, tt := range tests {
		if got := locale.For(tt.lang).Rate(tt.rate, tt.cur); got != tt.want {
			t.Errorf("%s Rate(%s %s) = %q, want %q", tt.lang, tt.rate, tt.cur, got, tt.want)
		}
	}
}

func TestTimeInThePayersZone(t *testing.T) {
	at := time.Date(2026, 11, 23, 20, 1, 7, 0, time.UTC)
	july := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		lang string
		z    locale.Zone
		at   time.Time
		want string
		name string
	}{
		{"pt-BR", locale.Brasilia, at, "23/11/2026 17:01:07 BRT", "horário de Brasília (BRT, UTC-3)"},
		{"pt-BR", locale.Brasilia, july, "01/07/2026 09:00:00 BRT", "horário de Brasília (BRT, UTC-3)"},
		{"es-MX", locale.MexicoCity, at, "23/11/2026 14:01:07 CST", "hora del centro de México (CST, UTC-6)"},
		{"es-MX", locale.MexicoCity, july, "01/07/2026 06:00:00 CST", "hora del centro de México (CST, UTC-6)"}, // no summer time since 2022
		{"en", locale.Brasilia, at, "Nov 23, 2026, 5:01:07 PM BRT", "Brasília time (BRT, UTC-3)"},
		{"en", locale.MexicoCity, at, "Nov 23, 2026, 2:01:07 PM CST", "Mexico City time (CST, UTC-6)"},
		{"en", locale.UTC, at, "Nov 23, 2026, 8:01:07 PM UTC", "UTC"},
		{"pt-BR", locale.Zone{}, at, "23/11/2026 20:01:07 UTC", "UTC"}, // the zero zone is UTC, stated
	}
	for _, tt := range tests {
		l := locale.For(tt.lang)
		if got := l.Time(tt.at, tt.z); got != tt.want {
			t.Errorf("%s Time = %q, want %q", tt.lang, got, tt.want)
		}
		if got := l.ZoneName(tt.z, tt.at); got != tt.name {
			t.Errorf("%s ZoneName = %q, want %q", tt.lang, got, tt.name)
		}
	}
	en := locale.For("en")
	for cur, want := range map[money.Currency]string{money.BRL: "Brasília time", money.MXN: "Mexico City time", money.USD: "UTC"} {
		if got := en.ZoneName(locale.ZoneOf(cur), at); got[:len(want)] != want {
			t.Errorf("ZoneOf(%s) = %q: reais are paid from Brazil, pesos from Mexico", cur, got)
		}
	}
}

// TestEveryCorridorHasAZone fails for a corridor added to the table without
// its payers' time zone here: its times would be shown in UTC.
func TestEveryCorridorHasAZone(t *testing.T) {
	at := time.Date(2026, 11, 23, 20, 1, 7, 0, time.UTC)
	for _, c := range corridor.All() {
		for _, lang := range locale.Languages {
			if got := locale.For(lang).ZoneName(locale.ZoneOf(c.Currency), at); got == "UTC" || strings.HasPrefix(got, " (") {
				t.Errorf("%s in %s: zone %q, want %s named", c.Name, lang, got, c.TimeZone)
			}
		}
	}
}
