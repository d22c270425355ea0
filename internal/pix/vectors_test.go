package pix

import (
	"errors"
	"strings"
	"testing"
)

// Published BR Codes.
//
// The five bcb* codes are the examples of Banco Central do Brasil's "Manual
// de Padrões para Iniciação do Pix": the static and the dynamic example, and
// the three composite Pix Automático examples that public test suites
// attribute to section 2.8.5 of version 2.10. They were found with code
// search, quoted verbatim with these CRCs by several independent projects
// (one Python suite cites forum.developers.bb.com.br thread 4503 for the
// dynamic one). TestCRC16 recomputes every CRC rather than trusting them.
const (
	bcbStatic = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
		"5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"
	bcbDynamic = "00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd441" +
		"5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4"
	bcbCompositeWithAmount = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
		"5204000053039865406100.505802BR5913Fulano de Tal6008BRASILIA62070503***" +
		"80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac120002" + "63042875"
	bcbRecurrenceOnly = "00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***" +
		"80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac120002" + "6304F2DA"
	bcbDynamicComposite = "00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd441" +
		"5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***" +
		"80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac120002" + "6304FB42"

	// The "PIX Dinâmico (seção 6.2)" example of the field-by-field
	// breakdown in gist.github.com/matheusb-comp/1efa205b3c0ffd7af1e8ce63a10e02dc:
	// upper-case GUI and a UUID location.
	gistDynamic = "00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99" +
		"5204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB"

	// The "PIX Estático (seção 6.1)" example of the same gist. Its CRC is
	// right for the text as published, but field 62 is declared with length
	// 08 around a 7-character value, so the TLV swallows the start of field
	// 63: a real-world near miss that must be rejected as malformed.
	gistStaticMalformed = "00020126360014BR.GOV.BCB.PIX0114+55119432143215204000053039865405" +
		"66.665802BR5907EMPRESA6008BRASILIA62080503***6304170E"

	// The multi-arrangement example of BCB's "Manual do BR Code" (§2.2), as
	// quoted by public test suites: CRC AD38 is correct, but its txid
	// "RP12345678-2019" contains '-', which the Pix rules do not allow.
	brCodeManual = "00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-426655440000" +
		"27300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR" +
		"6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38"
)

// bcbRecurrence is the Pix Automático template (field 80) of the composite
// examples.
var bcbRecurrence = Field{ID: "80", Value: "0014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac120002"}

// withCRC replaces the CRC of a payload that ends in "6304XXXX" with the
// right one, so a test can break exactly one rule at a time.
func withCRC(payload string) string {
	body := payload[:len(payload)-4]
	return body + crcField(body)
}

// replaceCRC is withCRC after a textual replacement in the payload.
func replaceCRC(payload, old, new string) string {
	if !strings.Contains(payload, old) {
		panic("test vector does not contain " + old)
	}
	return withCRC(strings.Replace(payload, old, new, 1))
}

// checkErr fails unless err wraps want (or both are nil) and no other
// sentinel.
func checkErr(t *testing.T, err, want error) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		return
	}
	if !errors.Is(err, want) {
		t.Fatalf("error = %v, want %v", err, want)
	}
	for _, s := range []error{ErrSyntax, ErrCRC, ErrMissingField, ErrInvalidField} {
		if s != want && errors.Is(err, s) {
			t.Fatalf("error %v also wraps %v", err, s)
		}
	}
}
