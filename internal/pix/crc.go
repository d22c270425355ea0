// Package pix encodes and decodes Pix BR Codes: the EMV QRCPS
// merchant-presented payloads behind Pix QR codes and "Pix copia e cola"
// strings, as specified by Banco Central do Brasil in the "Manual de Padrões
// para Iniciação do Pix" and the "Manual do BR Code".
//
// The package is pure: it does no I/O and keeps no state. Error messages
// name the field that failed (by EMV ID) but never include field values,
// which carry Pix keys, names and amounts.
package pix

import (
	"fmt"
	"strconv"
)

// crcTable holds the CRC-16/CCITT-FALSE remainder of every byte value, so
// CRC16 processes a byte per table lookup instead of per bit.
var crcTable = makeCRCTable()

func makeCRCTable() [256]uint16 {
	const poly = 0x1021
	var t [256]uint16
	for i := range t {
		crc := uint16(i) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ poly
			} else {
				crc <<= 1
			}
		}
		t[i] = crc
	}
	return t
}

// CRC16 returns the CRC-16/CCITT-FALSE checksum of data: polynomial 0x1021,
// initial value 0xFFFF, no reflection, no final XOR. Its check value, the
// CRC of "123456789", is 0x29B1.
//
// The BR Code's field 63 holds this checksum, in four upper-case hex digits,
// computed over the whole payload up to and including the "6304" that
// introduces field 63 itself.
func CRC16(data []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, b := range data {
		crc = crc<<8 ^ crcTable[byte(crc>>8)^b]
	}
	return crc
}

// crcField returns the four upper-case hex digits of the CRC of payload,
// which must already end with "6304".
func crcField(payload string) string {
	return fmt.Sprintf("%04X", CRC16([]byte(payload)))
}

// parseCRC reads the four hex digits of field 63. Lower-case hex is
// accepted: the value is the same number, and some generators emit it.
func parseCRC(s string) (uint16, bool) {
	if len(s) != 4 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return 0, false
		}
	}
	v, err := strconv.ParseUint(s, 16, 16)
	if err != nil {
		return 0, false
	}
	return uint16(v), true
}
