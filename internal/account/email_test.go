package account

import (
	"errors"
	"testing"
)

func TestParseEmail(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want string
		err  error
	}{
		{"  Ana.Souza@Example.COM ", "ana.souza@example.com", nil},
		{"ana+crebit@mail.example.com.br", "ana+crebit@mail.example.com.br", nil},
		{"o'brien@example.ie", "o'brien@example.ie", nil},
		{"ana@bücher.example", "ana@xn--bcher-kva.example", nil},       // an IDN keeps its xn-- form
		{"ana@bu\u0308cher.example", "ana@xn--bcher-kva.example", nil}, // NFC: one address however it was typed
		{"ana@пример.рф", "ana@xn--e1afmkfd.xn--p1ai", nil},            // one alphabet per label
		{"", "", ErrEmailMissing},
		{"ana@gm\u0430il.com", "", ErrEmailMixed},        // Cyrillic а among Latin letters
		{"ana\u200b@example.com", "", ErrEmailInvisible}, // zero-width space
		{"ana@exa\u202emple.com", "", ErrEmailInvisible}, // bidi override
		{"ana\r\n@example.com", "", ErrEmailInvisible},
		{"ana souza@example.com", "", ErrEmailInvisible},
		{"ana@127.0.0.1", "", ErrEmailLiteral},
		{"ana@[127.0.0.1]", "", ErrEmailLiteral},
		{"ana@[IPv6:::1]", "", ErrEmailLiteral},
		{"ana@::1", "", ErrEmailLiteral},
		{"joão@example.com", "", ErrEmailLocal},
		{"\"ana\"@example.com", "", ErrEmailLocal},
		{".ana@example.com", "", ErrEmailLocal},
		{"an..a@example.com", "", ErrEmailLocal},
		{"ana@example", "", ErrEmailShape},
		{"ana@@example.com", "", ErrEmailShape},
		{"ana@example.123", "", ErrEmailShape},
		{"ana@-example.com", "", ErrEmailShape},
		{"ana@example..com", "", ErrEmailShape},
		{"anaexample.com", "", ErrEmailShape},
	} {
		got, err := ParseEmail(c.in)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("ParseEmail(%q) = %q, %v; want %q, %v", c.in, got, err, c.want, c.err)
		}
	}
}
