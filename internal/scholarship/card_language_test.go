package scholarship_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/scholarship"
	"github.com/crebit/crebit/internal/scholarship/catalog"
	"github.com/crebit/crebit/internal/scholarship/validate"
)

// describesInEnglish finds the English words that make a name a description
// rather than a proper name ("need-based aid for international students",
// "state aid for undocumented students", "administered by ..."): such a
// name or provider must be written in the three languages.
var describesInEnglish = regexp.MustCompile(`\b(for|with|through|administered|funded|aid|students|grants?|state|ministry|tuition|scholarships|program at|at the|and the|and its|partner|participating|public|universities|free|sandwich|loan|Loan|Abroad|Doctorate|Graduate Support|Exchange|Mobility|Youth|in the US|Research Internship|Talent Bridge)\b`)

// TestEveryCardSpeaksThreeLanguages: what a scholarship card shows — its
// title, provider, description, amount, deadline rule, requirements,
// eligibility and tags — exists in en, pt-BR and es-MX, and the Portuguese
// and Spanish are not the English copied (issue #26 item 11).
func TestEveryCardSpeaksThreeLanguages(t *testing.T) {
	ps, err := validate.LoadDir(catalog.FS(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	labels := scholarship.TagLabels
	for i := range ps {
		p := &ps[i]
		texts := map[string]scholarship.Text{"summary": p.Summary, "amount.text": p.Amount.Text}
		if p.Deadline.Rule != nil {
			texts["deadline.rule"] = *p.Deadline.Rule
		}
		if p.Discontinued != nil {
			texts["discontinued.note"] = p.Discontinued.Note
		}
		for _, l := range []struct {
			name string
			list scholarship.TextList
		}{{"requirements", p.Requirements}, {"eligibility", p.Eligibility}} {
			if len(l.list.PTBR) != len(l.list.EN) || len(l.list.ESMX) != len(l.list.EN) {
				t.Errorf("%s: %s has %d/%d/%d items in en/pt-BR/es-MX", p.ID, l.name, len(l.list.EN), len(l.list.PTBR), len(l.list.ESMX))
				continue
			}
			for j := range l.list.EN {
				texts[l.name+"["+string(rune('0'+j))+"]"] = scholarship.Text{EN: l.list.EN[j], PTBR: l.list.PTBR[j], ESMX: l.list.ESMX[j]}
			}
		}
		for field, tx := range texts {
			if tx.EN == "" || tx.PTBR == "" || tx.ESMX == "" {
				t.Errorf("%s: %s is missing a language", p.ID, field)
				continue
			}
			if len(tx.EN) > 30 && (tx.PTBR == tx.EN || tx.ESMX == tx.EN) {
				t.Errorf("%s: %s is English on a translated page: %q", p.ID, field, tx.EN)
			}
		}
		for _, tag := range p.Tags {
			if l, ok := labels[tag]; !ok || l.EN == "" || l.PTBR == "" || l.ESMX == "" {
				t.Errorf("%s: tag %q has no label in every language", p.ID, tag)
			}
		}
		if p.NameText == nil && describesInEnglish.MatchString(p.Name) {
			t.Errorf("%s: the name %q describes the program in English; give name_text in the three languages", p.ID, p.Name)
		}
		if p.ProviderText == nil && describesInEnglish.MatchString(p.Provider) {
			t.Errorf("%s: the provider %q describes in English; give provider_text in the three languages", p.ID, p.Provider)
		}
		for field, tx := range map[string]*scholarship.Text{"name_text": p.NameText, "provider_text": p.ProviderText} {
			if tx != nil && tx.PTBR == tx.EN && tx.ESMX == tx.EN {
				t.Errorf("%s: %s is the same in every language; drop it or translate it", p.ID, field)
			}
		}
	}
}
