package support

import (
	"net/mail"
	"regexp"
	"strings"
)

// How replies find their conversation: every answer's subject ends with
// "[ref:REFERENCE]", and its Reply-To (when an inbound address is set) is
// that address plus-tagged with the reference (support+REFERENCE@...).

var subjectRef = regexp.MustCompile(`\[ref:([A-Z2-7]{10})\]`)

// referenceIn reads the reference a subject names ("" when none).
func referenceIn(subject string) string {
	if m := subjectRef.FindStringSubmatch(subject); m != nil {
		return m[1]
	}
	return ""
}

// plusTagged is addr with +tag before its @.
func plusTagged(addr, tag string) string {
	local, domain, ok := strings.Cut(addr, "@")
	if !ok {
		return addr
	}
	return local + "+" + tag + "@" + domain
}

// tagOf reads the plus tag of the first address in to ("" when none).
func tagOf(to string) string {
	local, _, _ := strings.Cut(addressOf(to), "@")
	_, tag, _ := strings.Cut(local, "+")
	if len(tag) == 10 && subjectRef.MatchString("[ref:"+strings.ToUpper(tag)+"]") {
		return strings.ToUpper(tag)
	}
	return ""
}

// addressOf is the bare address of a From or To header value.
func addressOf(h string) string {
	if list, err := mail.ParseAddressList(h); err == nil && len(list) > 0 {
		return strings.ToLower(list[0].Address)
	}
	return strings.ToLower(strings.TrimSpace(h))
}

// quoteless drops the quoted answer a mail program adds under a reply: the
// lines from the first "On ... wrote:" (or its Portuguese and Spanish
// forms) or the first line quoted with ">".
func quoteless(text string) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, ">") || wrote.MatchString(t) {
			return strings.Join(lines[:i], "\n")
		}
	}
	return text
}

var wrote = regexp.MustCompile(`^(On|Em|El) .+(wrote|escreveu|escribió):$`)
