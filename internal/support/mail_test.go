package support

import "testing"

func TestReplyParsing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ subject, to, ref string }{
		{"Re: Fees [ref:ABCDE23456]", "", "ABCDE23456"},
		{"RE: Re: Fees [ref:ABCDE23456] (fwd)", "support@reply.example.com", "ABCDE23456"},
		{"Re: Fees", "Crebit <support+abcde23456@reply.example.com>", "ABCDE23456"},
		{"Re: Fees [ref:abcde23456]", "support@reply.example.com", ""}, // a reference is upper case
		{"Re: Fees [ref:ABCDE2345]", "support+ABCDE2345@x.com", ""},    // too short
		{"Re: Fees", "support+ABCDE23451@reply.example.com", ""},       // 0 and 1 are not base32
	} {
		ref := referenceIn(c.subject)
		if ref == "" {
			ref = tagOf(c.to)
		}
		if ref != c.ref {
			t.Errorf("%q to %q: reference %q, want %q", c.subject, c.to, ref, c.ref)
		}
	}
	if got := plusTagged("support@reply.example.com", "ABCDE23456"); got != "support+ABCDE23456@reply.example.com" {
		t.Errorf("plusTagged: %q", got)
	}
	for in, want := range map[string]string{
		"Thanks!\n\nOn Tue, 24 Nov 2026, Crebit wrote:\n> Your payment": "Thanks!\n",
		"Obrigado!\nEm ter., Crebit escreveu:\n> ...":                   "Obrigado!",
		"Gracias\n> citado":            "Gracias",
		"No quote at all\nsecond line": "No quote at all\nsecond line",
	} {
		if got := quoteless(in); got != want {
			t.Errorf("quoteless(%q) = %q, want %q", in, got, want)
		}
	}
}
