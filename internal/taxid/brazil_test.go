package taxid

import "testing"

func TestCPF(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		err            error
	}{
		// Published in python-stdnum (stdnum/br/cpf.py doctests).
		{"stdnum formatted", "390.533.447-05", "39053344705", nil},
		{"stdnum bare", "39053344705", "39053344705", nil},
		{"stdnum invalid", "231.002.999-00", "", ErrCheckDigit},
		// The example CPF used across Brazilian documentation and libraries.
		{"common example", "529.982.247-25", "52998224725", nil},
		{"spaces and slash", " 529 982 247/25 ", "52998224725", nil},
		{"non-breaking space", "529\u00a0982\u00a0247-25", "52998224725", nil},
		// The mod-11 scheme maps remainders 0 and 1 to the same digit, and
		// the first digit weighs 11 in the second check digit, so this typo of
		// stdnum's example (3 -> 4) is NOT detected. This documents a limit
		// of the CPF itself, not of the code.
		{"undetected typo", "490.533.447-05", "49053344705", nil},
		{"first digit off by one", "390.533.447-15", "", ErrCheckDigit},
		{"second digit off by one", "390.533.447-06", "", ErrCheckDigit},
		{"body digit changed", "390.533.448-05", "", ErrCheckDigit},
		{"too short", "390.533.447-0", "", ErrLength},
		{"too long", "390.533.447-055", "", ErrLength},
		{"empty", "", "", ErrLength},
		{"letter", "390.533.447-0A", "", ErrFormat},
		{"comma separator", "390,533,447-05", "", ErrFormat},
		{"fullwidth digits", "３９０５３３４４７０５", "", ErrFormat},
		// All-same numbers pass the check digits but are never issued.
		{"all ones", "111.111.111-11", "", ErrFormat},
		{"all zeros", "00000000000", "", ErrFormat},
		{"all nines", "999.999.999-99", "", ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := CPF(tt.in)
			checkErr(t, tt.in, err, tt.err)
			if got != tt.want {
				t.Fatalf("CPF() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCNPJ(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		err            error
	}{
		// Receita Federal's example of the alphanumeric CNPJ (IN RFB
		// 2.229/2024 FAQ and SERPRO's DV calculation guide).
		{"RFB alphanumeric example", "12.ABC.345/01DE-35", "12ABC34501DE35", nil},
		{"RFB example bare", "12ABC34501DE35", "12ABC34501DE35", nil},
		{"RFB example lowercase", "12.abc.345/01de-35", "12ABC34501DE35", nil},
		// SERPRO reference test suite, as ported in
		// github.com/tiagolpadua/cnpj-alfa-validator test/index.test.ts.
		{"SERPRO all letters", "ABCDEFGHIJKL80", "ABCDEFGHIJKL80", nil},
		{"SERPRO all letters bad DV", "ABCDEFGHIJKL81", "", ErrCheckDigit},
		{"SERPRO Banco do Brasil", "00000000000191", "00000000000191", nil},
		{"SERPRO bad DV", "00000000000192", "", ErrCheckDigit},
		{"SERPRO numeric 1", "90.021.382/0001-22", "90021382000122", nil},
		{"SERPRO numeric 2", "90.024.778/0001-23", "90024778000123", nil},
		{"SERPRO numeric 3", "90.025.108/0001-21", "90025108000121", nil},
		{"SERPRO numeric 4", "90.025.255/0001-00", "90025255000100", nil},
		{"SERPRO numeric 5", "90.024.420/0001-09", "90024420000109", nil},
		{"SERPRO numeric 6", "90.024.781/0001-47", "90024781000147", nil},
		{"SERPRO numeric 7", "04.740.714/0001-97", "04740714000197", nil},
		{"SERPRO numeric 8", "44.108.058/0001-29", "44108058000129", nil},
		{"SERPRO numeric 9", "90.024.780/0001-00", "90024780000100", nil},
		{"SERPRO numeric 10", "90.024.779/0001-78", "90024779000178", nil},
		{"SERPRO letter in DV2", "0000000000019L", "", ErrFormat},
		{"SERPRO letter in DV1", "000000000001P1", "", ErrFormat},
		{"SERPRO symbol first", "$0123456789ABC", "", ErrFormat},
		{"SERPRO symbol middle", "0123456?789ABC", "", ErrFormat},
		{"SERPRO too short", "0000000000019", "", ErrLength},
		{"SERPRO too long", "000000000001911", "", ErrLength},
		// All-same numeric CNPJs pass the check digits but are not issued.
		{"SERPRO all zeros", "00000000000000", "", ErrFormat},
		{"SERPRO all zeros masked", "00.000.000/0000-00", "", ErrFormat},
		// python-stdnum tests/test_br_cnpj.doctest and stdnum/br/cnpj.py.
		{"stdnum 1", "16.727.230/0001-97", "16727230000197", nil},
		{"stdnum dot before branch", "16.727.230.0001-97", "16727230000197", nil},
		{"stdnum invalid", "16.727.230.0001-98", "", ErrCheckDigit},
		{"stdnum 2", "07.195.358/0001-66", "07195358000166", nil},
		{"stdnum 3", "11.017.153/0005-91", "11017153000591", nil},
		{"stdnum 4", "18.090.575/0004-50", "18090575000450", nil},
		{"stdnum 5", "61882613000194", "61882613000194", nil},
		{"stdnum 6", "69.435.154/0001-02", "69435154000102", nil},
		// Characters whose values differ by a multiple of 11 are
		// interchangeable for the check digits ('A' = 17, '6' = 6; '1' = 1,
		// 'G' = 23): these variants of the RFB example are valid too.
		{"blind spot A to 6", "12.6BC.345/01DE-35", "126BC34501DE35", nil},
		{"blind spot 1 to G", "G2.ABC.345/01DE-35", "G2ABC34501DE35", nil},
		{"alphanumeric DV1 off by one", "12.ABC.345/01DE-45", "", ErrCheckDigit},
		{"alphanumeric body changed", "12.ABD.345/01DE-35", "", ErrCheckDigit},
		{"non-ASCII letter", "12.ÀBC.345/01DE-35", "", ErrFormat},
		{"empty", "", "", ErrLength},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := CNPJ(tt.in)
			checkErr(t, tt.in, err, tt.err)
			if got != tt.want {
				t.Fatalf("CNPJ() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestBrazilTaxID(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		kind     Kind
		want     string
		err      error
	}{
		{"CPF", "390.533.447-05", KindCPF, "39053344705", nil},
		{"CNPJ numeric", "16.727.230/0001-97", KindCNPJ, "16727230000197", nil},
		{"CNPJ alphanumeric", "12.abc.345/01de-35", KindCNPJ, "12ABC34501DE35", nil},
		{"bad CPF keeps kind", "390.533.447-06", KindCPF, "", ErrCheckDigit},
		{"CPF with letter keeps kind", "390.533.447-0A", KindCPF, "", ErrFormat},
		{"bad CNPJ keeps kind", "12.ABC.345/01DE-36", KindCNPJ, "", ErrCheckDigit},
		{"12 characters", "390.533.447-051", KindUnknown, "", ErrLength},
		{"13 characters", "1672723000019", KindUnknown, "", ErrLength},
		{"empty", "", KindUnknown, "", ErrLength},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			kind, got, err := BrazilTaxID(tt.in)
			checkErr(t, tt.in, err, tt.err)
			if kind != tt.kind || got != tt.want {
				t.Fatalf("BrazilTaxID() = %v, %q; want %v, %q", kind, got, tt.kind, tt.want)
			}
		})
	}
}

func TestKindString(t *testing.T) {
	t.Parallel()
	tests := map[Kind]string{KindUnknown: "unknown", KindCPF: "CPF", KindCNPJ: "CNPJ", Kind(42): "unknown"}
	for k, want := range tests {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}
