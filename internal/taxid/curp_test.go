package taxid

import "testing"

// withCheck appends the reference check digit to a 17-character CURP body,
// to build vectors that exercise one rule at a time.
func withCheck(first17 string) string {
	return first17 + string(refCURPCheck(first17))
}

func TestCURP(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		err            error
	}{
		// Published in python-stdnum tests/test_mx_curp.doctest ("found from
		// various sources ... hypothetical examples") and stdnum/mx/curp.py
		// (BOXW310820HNERXN09 is Wikipedia's example, born abroad: NE).
		{"stdnum HEGG", "HEGG560427MVZRRL04", "HEGG560427MVZRRL04", nil},
		{"stdnum BEML", "BEML920313HMCLNS09", "BEML920313HMCLNS09", nil},
		{"stdnum PEGL", "PEGL890909MJCRMS08", "PEGL890909MJCRMS08", nil},
		{"stdnum AAAA", "AAAA000101HDFCCC09", "AAAA000101HDFCCC09", nil},
		{"stdnum AAMG", "AAMG890608HDFLJL00", "AAMG890608HDFLJL00", nil},
		{"stdnum BAAA", "BAAA890317HDFRLL03", "BAAA890317HDFRLL03", nil},
		{"stdnum BAAD", "BAAD890419HMNRRV07", "BAAD890419HMNRRV07", nil},
		{"stdnum HEGR", "HEGR891009HMNRRD09", "HEGR891009HMNRRD09", nil},
		{"stdnum MARR", "MARR890512HMNRMN09", "MARR890512HMNRMN09", nil},
		{"stdnum MESJ", "MESJ890928HMNZNS00", "MESJ890928HMNZNS00", nil},
		{"stdnum OOMG", "OOMG890727HMNRSR06", "OOMG890727HMNRSR06", nil},
		{"stdnum TOMA", "TOMA880125HMNRRN02", "TOMA880125HMNRRN02", nil},
		{"stdnum VIAA", "VIAA900930MMNCLL08", "VIAA900930MMNCLL08", nil},
		{"Wikipedia born abroad", "BOXW310820HNERXN09", "BOXW310820HNERXN09", nil},
		{"lowercase with separators", "hegg-560427 mvzrrl04", "HEGG560427MVZRRL04", nil},
		{"stdnum bad check digit", "PEGL890909MJCRMS09", "", ErrCheckDigit},
		{"check digit off by one", "HEGG560427MVZRRL05", "", ErrCheckDigit},
		{"stdnum month 13", "PEGL891313MJCRMS06", "", ErrDate},
		{"stdnum sex Q", "PEGL890909QJCRMS08", "", ErrFormat},
		{"stdnum state QQ", "PEGL890909MQQRMS02", "", ErrFormat},
		{"stdnum too short", "1230", "", ErrLength},
		{"stdnum bad layout", "123ZZZZZZZZZZZZZ90", "", ErrFormat},
		{"second letter not a vowel", "HBGG560427MVZRRL04", "", ErrFormat},
		{"vowel among consonants", "HEGG560427MVZRAL04", "", ErrFormat},
		{"letter as last character", "HEGG560427MVZRRL0A", "", ErrFormat},
		{"17 characters", "HEGG560427MVZRRL0", "", ErrLength},
		{"19 characters", "HEGG560427MVZRRL041", "", ErrLength},
		{"empty", "", "", ErrLength},
		// Ñ is never issued (RENAPO writes X); it must not be silently dropped.
		{"Ñ precomposed", "ÑEGG560427MVZRRL04", "", ErrFormat},
		{"Ñ decomposed", "N\u0303EGG560427MVZRRL04", "", ErrFormat},
		{"accented vowel", "HÉGG560427MVZRRL04", "", ErrFormat},
		// X for non-binary people, valid since 2024.
		{"sex X", withCheck("HEGG560427XVZRRL0"), withCheck("HEGG560427XVZRRL0"), nil},
		// Century from position 17: a digit is 19xx, a letter 20xx.
		{"29 Feb 2000", withCheck("PEGL000229MJCRMSA"), withCheck("PEGL000229MJCRMSA"), nil},
		{"29 Feb 1900", withCheck("PEGL000229MJCRMS0"), "", ErrDate},
		{"29 Feb 2001", withCheck("PEGL010229MJCRMSA"), "", ErrDate},
		{"31 Sep", withCheck("PEGL890931MJCRMS0"), "", ErrDate},
		{"day zero", withCheck("PEGL890900MJCRMS0"), "", ErrDate},
		{"month zero", withCheck("PEGL890009MJCRMS0"), "", ErrDate},
		{"2000s birth", withCheck("PEGL150101MJCRMSA"), withCheck("PEGL150101MJCRMSA"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := CURP(tt.in)
			checkErr(t, tt.in, err, tt.err)
			if got != tt.want {
				t.Fatalf("CURP() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCleanCURP(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"hegg-560427 mvzrrl04", "HEGG560427MVZRRL04"},
		{"HEGG560427MVZRRL04", "HEGG560427MVZRRL04"},
		{"ÑAÑA", "AA"},
		{"a.b,c/1", "ABC1"},
		{"ıi", "I"}, // the dotless ı is not ASCII and is dropped, not upper-cased
		{"", ""},
	}
	for _, tt := range tests {
		if got := CleanCURP(tt.in); got != tt.want {
			t.Errorf("CleanCURP(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCURPCheckDigitMatchesDictionary cross-checks the package's arithmetic
// shortcut against the dictionary lookup for every allowed character at
// every position.
func TestCURPCheckDigitMatchesDictionary(t *testing.T) {
	t.Parallel()
	const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	base := []byte("HEGG560427MVZRRL0")
	for pos := range base {
		for i := range len(chars) {
			b := append([]byte(nil), base...)
			b[pos] = chars[i]
			if got, want := curpCheckDigit(string(b)), refCURPCheck(string(b)); got != want {
				t.Fatalf("curpCheckDigit(%s) = %c, want %c", b, got, want)
			}
		}
	}
}
