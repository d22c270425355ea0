package pix

import (
	"math/rand/v2"
	"testing"
)

// bitwiseCRC is a table-free restatement of CRC-16/CCITT-FALSE used to
// cross-check the table-driven CRC16.
func bitwiseCRC(data []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, b := range data {
		crc ^= uint16(b) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

func TestCRC16(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		data string
		want uint16
	}{
		// The catalogue check value of CRC-16/CCITT-FALSE (a.k.a.
		// CRC-16/IBM-3740).
		{"check value", "123456789", 0x29B1},
		{"empty is the init value", "", 0xFFFF},
		{"single letter", "A", 0xB915},
		// Published BR Codes: the CRC covers everything before the last four
		// characters, including "6304".
		{"BCB static", bcbStatic[:len(bcbStatic)-4], 0x1D3D},
		{"BCB dynamic", bcbDynamic[:len(bcbDynamic)-4], 0x64E4},
		{"BCB composite with amount", bcbCompositeWithAmount[:len(bcbCompositeWithAmount)-4], 0x2875},
		{"BCB recurrence only", bcbRecurrenceOnly[:len(bcbRecurrenceOnly)-4], 0xF2DA},
		{"BCB dynamic composite", bcbDynamicComposite[:len(bcbDynamicComposite)-4], 0xFB42},
		{"gist dynamic", gistDynamic[:len(gistDynamic)-4], 0xEEAB},
		{"BR Code manual", brCodeManual[:len(brCodeManual)-4], 0xAD38},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := CRC16([]byte(tt.data)); got != tt.want {
				t.Fatalf("CRC16 = %04X, want %04X", got, tt.want)
			}
		})
	}
}

func TestCRC16MatchesBitwise(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(11, 12))
	for range 1000 {
		data := make([]byte, r.IntN(600))
		for i := range data {
			data[i] = byte(r.UintN(256))
		}
		if got, want := CRC16(data), bitwiseCRC(data); got != want {
			t.Fatalf("CRC16(%x) = %04X, bitwise %04X", data, got, want)
		}
	}
}

func TestParseCRC(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want uint16
		ok   bool
	}{
		{"1D3D", 0x1D3D, true},
		{"1d3d", 0x1D3D, true},
		{"0000", 0, true},
		{"FFFF", 0xFFFF, true},
		{"ZZZZ", 0, false},
		{"+123", 0, false},
		{"123", 0, false},
		{"12345", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseCRC(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseCRC(%q) = %04X, %v; want %04X, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
