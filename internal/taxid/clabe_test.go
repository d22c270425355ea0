package taxid

import "testing"

func TestValidateCLABE(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		err      error
	}{
		// Banxico's example, used by github.com/center-key/clabe-validator.
		{"Banxico example", "002010077777777771", nil},
		// github.com/cuenca-mx/clabe-python tests/test_clabe.py.
		{"cuenca valid", "002000000000000008", nil},
		{"cuenca bad check digit", "002000000000000007", ErrCheckDigit},
		{"cuenca bank 000", "000000000000000000", ErrBank},
		// Examples in the README of github.com/cuenca-mx/stpmex-python.
		{"stpmex persona fisica", "646180110400000007", nil},
		{"stpmex persona moral", "646180157036325892", nil},
		// Wikipedia's worked example: correct check digit, but bank 032 (IXE)
		// merged into Banorte and is no longer a SPEI participant.
		{"Wikipedia IXE", "032180000118359719", ErrBank},
		{"check digit off by one", "002010077777777772", ErrCheckDigit},
		{"typo in bank code", "003010077777777771", ErrCheckDigit},
		{"17 digits", "00201007777777777", ErrLength},
		{"19 digits", "0020100777777777710", ErrLength},
		{"empty", "", ErrLength},
		{"letter", "00201007777777777A", ErrFormat},
		{"separators are not stripped", "002 010 07777777777 1", ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			checkErr(t, tt.in, ValidateCLABE(tt.in), tt.err)
		})
	}
}

func TestCLABECheckDigit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     byte
		err      error
	}{
		{"Banxico example", "00201007777777777", '1', nil},
		{"Wikipedia worked example", "03218000011835971", '9', nil},
		{"zero", "00200000000000000", '8', nil},
		{"16 digits", "0020100777777777", 0, ErrLength},
		{"18 digits", "002010077777777771", 0, ErrLength},
		{"letter", "0020100777777777X", 0, ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := CLABECheckDigit(tt.in)
			checkErr(t, tt.in, err, tt.err)
			if got != tt.want {
				t.Fatalf("CLABECheckDigit() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestNewCLABE(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, bank, plaza, account, want string
		err                              error
	}{
		{"Banxico example", "002", "010", "07777777777", "002010077777777771", nil},
		{"stpmex example", "646", "180", "11040000000", "646180110400000007", nil},
		{"unknown bank", "032", "180", "00011835971", "", ErrBank},
		{"short account", "002", "010", "7777777777", "", ErrLength},
		{"long account", "002", "010", "077777777777", "", ErrLength},
		{"short bank", "02", "010", "07777777777", "", ErrLength},
		{"letter in plaza", "002", "01A", "07777777777", "", ErrFormat},
		{"letter in bank", "0O2", "010", "07777777777", "", ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := NewCLABE(tt.bank, tt.plaza, tt.account)
			checkErr(t, tt.bank+tt.plaza+tt.account, err, tt.err)
			if got != tt.want {
				t.Fatalf("NewCLABE() = %q, want %q", got, tt.want)
			}
			if got != "" {
				if err := ValidateCLABE(got); err != nil {
					t.Fatalf("ValidateCLABE(NewCLABE()) = %v", err)
				}
			}
		})
	}
}

func TestBankName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code, want string
		ok         bool
	}{
		{"002", "BANAMEX", true},
		{"012", "BBVA MEXICO", true},
		{"014", "SANTANDER", true},
		{"021", "HSBC", true},
		{"030", "BAJIO", true},
		{"036", "INBURSA", true},
		{"044", "SCOTIABANK", true},
		{"058", "BANREGIO", true},
		{"072", "BANORTE", true},
		{"127", "AZTECA", true},
		{"137", "BANCOPPEL", true},
		{"638", "NU MEXICO", true},
		{"646", "STP", true},
		{"722", "MERCADO PAGO W", true},
		{"032", "", false},
		{"999", "", false},
		{"02", "", false},
		{"0002", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := BankName(tt.code)
		if got != tt.want || ok != tt.ok {
			t.Errorf("BankName(%q) = %q, %v; want %q, %v", tt.code, got, ok, tt.want, tt.ok)
		}
	}
	for code, name := range banks {
		if len(code) != 3 || !allDigits(code) || name == "" {
			t.Errorf("bad table entry %q: %q", code, name)
		}
	}
}
