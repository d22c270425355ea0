package pix

import "testing"

func TestFoldASCII(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"São Paulo", "Sao Paulo", true},
		{"SÃO PAULO", "SAO PAULO", true},
		{"Florianópolis", "Florianopolis", true},
		{"Maceió", "Maceio", true},
		{"Açaí Ltda", "Acai Ltda", true},
		{"Sa\u0303o", "Sao", true},        // decomposed tilde
		{"Jo\u0061\u0303o", "Joao", true}, // decomposed, explicit base letter
		{"Nº 1ª", "No 1a", true},
		{"Straße", "Strasse", true},
		{"A\u00a0B", "A B", true},
		{"‘a’ “b” c–d", `'a' "b" c-d`, true},
		{"plain ASCII ~!@#", "plain ASCII ~!@#", true},
		{"", "", true},
		{"東京", "", false},
		{"emoji 😀", "", false},
		{"tab\there", "", false},
		{"bad \xff byte", "", false},
		{"DEL \x7f", "", false},
	}
	for _, tt := range tests {
		got, ok := foldASCII(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("foldASCII(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestHasScheme(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want bool
	}{
		{"https://pix.example.com/qr/1", true},
		{"HTTP://pix.example.com", true},
		{"a+b.c-d://x", true},
		{"pix.example.com/qr/1", false},
		{"pix.example.com/?next=https://x", false},
		{"1ab://x", false},
		{"://x", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := hasScheme(tt.in); got != tt.want {
			t.Errorf("hasScheme(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestIsAlphanumeric(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want bool
	}{
		{"NF4813", true},
		{"abcXYZ019", true},
		{"", false},
		{"nota-4813", false},
		{"***", false},
		{"a b", false},
		{"ação", false},
	}
	for _, tt := range tests {
		if got := isAlphanumeric(tt.in); got != tt.want {
			t.Errorf("isAlphanumeric(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
