package taxid

import "testing"

func TestABA(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		err            error
	}{
		// Routing numbers published by the banks themselves.
		{"JPMorgan Chase NY", "021000021", "021000021", nil},
		{"Federal Reserve Bank of Boston", "011000015", "011000015", nil},
		{"Bank of America CA", "121000358", "121000358", nil},
		{"Bank of America NY", "026009593", "026009593", nil},
		// python-stdnum stdnum/us/rtn.py doctests.
		{"stdnum example", "111000025", "111000025", nil},
		{"stdnum bad checksum", "112000025", "", ErrCheckDigit},
		{"stdnum letter", "11100002B", "", ErrFormat},
		{"stdnum 8 digits", "11100002", "", ErrLength},
		{"dashes and spaces", " 0210-0002-1 ", "021000021", nil},
		{"check digit off by one", "021000022", "", ErrCheckDigit},
		{"body digit changed", "121000368", "", ErrCheckDigit},
		{"10 digits", "0210000210", "", ErrLength},
		{"empty", "", "", ErrLength},
		{"dots are not separators", "021.000.021", "", ErrFormat},
		// Checksum-valid numbers: only the Federal Reserve prefix decides.
		{"prefix 12", "12000000" + string(refABACheck("12000000")), "12000000" + string(refABACheck("12000000")), nil},
		{"prefix 13 unassigned", "13000000" + string(refABACheck("13000000")), "", ErrFormat},
		{"prefix 20 unassigned", "20000000" + string(refABACheck("20000000")), "", ErrFormat},
		{"prefix 21", "21000000" + string(refABACheck("21000000")), "21000000" + string(refABACheck("21000000")), nil},
		{"prefix 32", "32000000" + string(refABACheck("32000000")), "32000000" + string(refABACheck("32000000")), nil},
		{"prefix 33 unassigned", "33000000" + string(refABACheck("33000000")), "", ErrFormat},
		{"prefix 60 unassigned", "60000000" + string(refABACheck("60000000")), "", ErrFormat},
		{"prefix 61", "61000000" + string(refABACheck("61000000")), "61000000" + string(refABACheck("61000000")), nil},
		{"prefix 72", "72000000" + string(refABACheck("72000000")), "72000000" + string(refABACheck("72000000")), nil},
		{"prefix 73 unassigned", "73000000" + string(refABACheck("73000000")), "", ErrFormat},
		{"prefix 80 traveler's cheques", "80000000" + string(refABACheck("80000000")), "80000000" + string(refABACheck("80000000")), nil},
		{"prefix 81 unassigned", "81000000" + string(refABACheck("81000000")), "", ErrFormat},
		{"prefix 99 unassigned", "99000000" + string(refABACheck("99000000")), "", ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := ABA(tt.in)
			checkErr(t, tt.in, err, tt.err)
			if got != tt.want {
				t.Fatalf("ABA() = %q, want %q", got, tt.want)
			}
		})
	}
}
