package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/scholarship"
)

var (
	kebab    = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	isoCode  = regexp.MustCompile(`^[A-Z]{2}$`)
	required = []string{"id", "name", "provider", "official_url", "sources", "verified_at", "cycle", "amount",
		"coverage", "renewable", "award_types", "levels", "years", "fields", "nationalities", "residence",
		"us_status", "us_states", "gender", "criteria", "gpa_min", "deadline", "applicants", "awarded",
		"summary", "requirements", "eligibility", "tags", "official_url_note", "runner", "application_fee",
		"discontinued", "check_note"}
	sourceKeys  = []string{"url", "read_at", "content_date", "official", "facts"}
	contentDate = regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2})?)?$`)
	// citedFacts must each be given by at least one source.
	citedFacts = []string{"amount", "deadline", "eligibility"}
	usStates   = strings.Fields(`AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT
		NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY`)
)

// Problems is every fault found in one record or catalog.
type Problems []string

func (p Problems) Error() string { return strings.Join(p, "\n") }

type checker struct {
	file  string
	today string
	out   Problems
}

func (c *checker) bad(field, format string, a ...any) {
	c.out = append(c.out, fmt.Sprintf("%s: %s: %s", c.file, field, fmt.Sprintf(format, a...)))
}

// Decode parses and validates one record strictly: unknown keys are
// refused, every key of the schema must be present (null where allowed),
// enums, dates and https URLs are checked, verified_at may not be after
// today (YYYY-MM-DD, UTC). file is the record's file name (id + ".json").
func Decode(file string, data []byte, today time.Time) (scholarship.Program, error) {
	c := &checker{file: file, today: today.UTC().Format(time.DateOnly)}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return scholarship.Program{}, Problems{fmt.Sprintf("%s: not a JSON object: %v", file, err)}
	}
	for _, k := range required {
		if _, ok := keys[k]; !ok {
			c.bad(k, "missing")
		}
	}
	c.requireKeys("amount", keys["amount"], "min", "max", "currency", "text")
	c.requireKeys("deadline", keys["deadline"], "date", "rule")
	var rawSources []json.RawMessage
	if json.Unmarshal(keys["sources"], &rawSources) == nil {
		for i, raw := range rawSources {
			c.requireKeys(fmt.Sprintf("sources[%d]", i), raw, sourceKeys...)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p scholarship.Program
	if err := dec.Decode(&p); err != nil {
		c.bad("record", "%v", err)
		return p, c.out
	}
	if dec.More() {
		c.bad("record", "trailing data after the object")
	}
	c.check(p)
	if len(c.out) > 0 {
		return p, c.out
	}
	return p, nil
}

func (c *checker) requireKeys(field string, raw json.RawMessage, keys ...string) {
	var m map[string]json.RawMessage
	if len(raw) == 0 || json.Unmarshal(raw, &m) != nil || m == nil {
		return // reported as missing or by the strict decode
	}
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			c.bad(field+"."+k, "missing")
		}
	}
}

func (c *checker) check(p scholarship.Program) {
	if !kebab.MatchString(p.ID) {
		c.bad("id", "must be kebab-case, got %q", p.ID)
	}
	if want := strings.TrimSuffix(path.Base(c.file), ".json"); p.ID != want {
		c.bad("id", "%q must equal the file name %q", p.ID, want)
	}
	c.nonEmpty("name", p.Name)
	c.nonEmpty("provider", p.Provider)
	c.translated("name_text", p.NameText, p.Name)
	c.translated("provider_text", p.ProviderText, p.Provider)
	c.https("official_url", p.OfficialURL)
	if len(p.Sources) == 0 {
		c.bad("sources", "at least one source is required")
	}
	for i, s := range p.Sources {
		f := fmt.Sprintf("sources[%d]", i)
		c.https(f+".url", s.URL)
		c.pastDate(f+".read_at", s.ReadAt)
		if s.ContentDate != nil {
			if !contentDate.MatchString(*s.ContentDate) {
				c.bad(f+".content_date", "must be YYYY, YYYY-MM or YYYY-MM-DD, got %q", *s.ContentDate)
			} else if *s.ContentDate > c.today {
				c.bad(f+".content_date", "%s is in the future (today is %s)", *s.ContentDate, c.today)
			}
		}
		c.subset(f+".facts", s.Facts, scholarship.FactKinds, true)
	}
	for _, fact := range citedFacts {
		if len(p.SourcesOf(fact)) == 0 {
			c.bad("sources", "no source gives the %s (list it in a source's facts)", fact)
		}
	}
	c.officialURL(p)
	if !slices.Contains(scholarship.Runners, p.Runner) {
		c.bad("runner", "must be one of %s, got %q", strings.Join(scholarship.Runners, ", "), p.Runner)
	}
	if p.ApplicationFee {
		c.bad("application_fee", "a program that charges a fee to apply is not listed")
	}
	if d := p.Discontinued; d != nil {
		c.nonEmpty("discontinued.since", d.Since)
		c.https("discontinued.evidence", d.Evidence)
		c.text("discontinued.note", d.Note)
	}
	if p.CheckNote != nil {
		c.nonEmpty("check_note", *p.CheckNote)
	}
	c.pastDate("verified_at", p.VerifiedAt)
	if p.Cycle != nil && strings.TrimSpace(*p.Cycle) == "" {
		c.bad("cycle", "must be null or non-empty")
	}
	c.amount(p.Amount)
	c.subset("coverage", p.Coverage, scholarship.Coverages, false)
	c.subset("award_types", p.AwardTypes, scholarship.AwardTypes, false) // empty for loans
	c.subset("levels", p.Levels, scholarship.Levels, true)
	c.subset("years", p.Years, scholarship.Years, false)
	c.anyOr("fields", p.Fields, func(v string) bool { return slices.Contains(scholarship.Fields, v) })
	c.anyOr("nationalities", p.Nationalities, isoCode.MatchString)
	c.anyOr("residence", p.Residence, isoCode.MatchString)
	c.anyOr("us_status", p.USStatus, func(v string) bool { return slices.Contains(scholarship.USStatuses, v) })
	c.subset("us_states", p.USStates, usStates, false)
	if !slices.Contains(scholarship.GenderRules, p.Gender) {
		c.bad("gender", "must be any or women, got %q", p.Gender)
	}
	c.subset("criteria", p.Criteria, scholarship.Criteria, false)
	if g := p.GPAMin; g != nil && (g.Scale <= 0 || g.Value <= 0 || g.Value > g.Scale) {
		c.bad("gpa_min", "value must be in (0, scale], got %v/%v", g.Value, g.Scale)
	}
	c.deadline(p.Deadline)
	c.figure("applicants", p.Applicants)
	c.figure("awarded", p.Awarded)
	c.text("summary", p.Summary)
	c.list("requirements", p.Requirements)
	c.list("eligibility", p.Eligibility)
	for i, t := range p.Tags {
		c.nonEmpty(fmt.Sprintf("tags[%d]", i), t)
		if _, ok := scholarship.TagLabels[t]; !ok && t != "" {
			c.bad(fmt.Sprintf("tags[%d]", i), "%q has no label in tags.json (en, pt-BR, es-MX)", t)
		}
	}
}

// officialURL refuses a bare home page, or a page that is not one of the
// record's official sources, unless official_url_note says why.
func (c *checker) officialURL(p scholarship.Program) {
	if p.OfficialURLNote != nil {
		c.nonEmpty("official_url_note", *p.OfficialURLNote)
		return
	}
	if IsHomePage(p.OfficialURL) {
		c.bad("official_url", "%q is a home page; link the program's own page or say why in official_url_note", p.OfficialURL)
		return
	}
	for _, s := range p.Sources {
		if s.Official && s.URL == p.OfficialURL {
			return
		}
	}
	c.bad("official_url", "%q is not one of the record's official sources; add it (official: true) or say why in official_url_note", p.OfficialURL)
}

// IsHomePage reports whether u is a site's home page (no path beyond "/").
func IsHomePage(u string) bool {
	x, err := url.Parse(u)
	if err != nil {
		return false
	}
	p := strings.Trim(x.Path, "/")
	return p == "" || p == "en" || p == "es" || p == "pt-br" || p == "pt"
}

func (c *checker) nonEmpty(field, v string) {
	if strings.TrimSpace(v) == "" {
		c.bad(field, "must not be empty")
	}
}

func (c *checker) https(field, v string) {
	u, err := url.Parse(v)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		c.bad(field, "must be an https URL, got %q", v)
	}
}

func (c *checker) pastDate(field, v string) {
	if _, err := time.Parse(time.DateOnly, v); err != nil {
		c.bad(field, "must be a date YYYY-MM-DD, got %q", v)
		return
	}
	if v > c.today {
		c.bad(field, "%s is in the future (today is %s)", v, c.today)
	}
}

func (c *checker) amount(a scholarship.Amount) {
	if !slices.Contains(scholarship.Currencies, a.Currency) {
		c.bad("amount.currency", "must be USD, BRL or MXN, got %q", a.Currency)
	}
	if (a.Min != nil && *a.Min < 0) || (a.Max != nil && *a.Max < 0) {
		c.bad("amount", "must not be negative")
	}
	if a.Min != nil && a.Max != nil && *a.Min > *a.Max {
		c.bad("amount", "min %d is above max %d", *a.Min, *a.Max)
	}
	c.text("amount.text", a.Text)
}

func (c *checker) subset(field string, vs, allowed []string, nonEmpty bool) {
	if nonEmpty && len(vs) == 0 {
		c.bad(field, "must not be empty")
	}
	seen := map[string]bool{}
	for _, v := range vs {
		if !slices.Contains(allowed, v) {
			c.bad(field, "unknown value %q", v)
		}
		if seen[v] {
			c.bad(field, "duplicate value %q", v)
		}
		seen[v] = true
	}
}

func (c *checker) anyOr(field string, vs []string, ok func(string) bool) {
	if len(vs) == 0 {
		c.bad(field, `must be ["any"] or a non-empty list`)
		return
	}
	if slices.Contains(vs, scholarship.Any) {
		if len(vs) != 1 {
			c.bad(field, `"any" must be alone`)
		}
		return
	}
	seen := map[string]bool{}
	for _, v := range vs {
		if !ok(v) || seen[v] {
			c.bad(field, "bad or duplicate value %q", v)
		}
		seen[v] = true
	}
}

func (c *checker) deadline(d scholarship.Deadline) {
	if d.Date == nil && d.Rule == nil {
		c.bad("deadline", "needs a date or a rule")
	}
	if d.Date != nil {
		if _, err := time.Parse(time.DateOnly, *d.Date); err != nil {
			c.bad("deadline.date", "must be YYYY-MM-DD, got %q", *d.Date)
		}
	}
	if d.Rule != nil {
		c.text("deadline.rule", *d.Rule)
	}
	if d.Month < 0 || d.Month > 12 {
		c.bad("deadline.month", "must be 1-12, got %d", d.Month)
	}
}

func (c *checker) figure(field string, f *scholarship.Figure) {
	if f == nil {
		return
	}
	if f.Value < 0 {
		c.bad(field+".value", "must not be negative")
	}
	c.https(field+".source", f.Source)
}

func (c *checker) text(field string, t scholarship.Text) {
	c.nonEmpty(field+".en", t.EN)
	c.nonEmpty(field+".pt-BR", t.PTBR)
	c.nonEmpty(field+".es-MX", t.ESMX)
}

// translated checks an optional name in three languages: each one written,
// and its English the record's plain value.
func (c *checker) translated(field string, t *scholarship.Text, plain string) {
	if t == nil {
		return
	}
	c.text(field, *t)
	if t.EN != plain {
		c.bad(field+".en", "must equal %q", plain)
	}
}

func (c *checker) list(field string, t scholarship.TextList) {
	for lang, l := range map[string][]string{"en": t.EN, "pt-BR": t.PTBR, "es-MX": t.ESMX} {
		if len(l) == 0 {
			c.bad(field+"."+lang, "must not be empty")
		}
		for i, s := range l {
			c.nonEmpty(fmt.Sprintf("%s.%s[%d]", field, lang, i), s)
		}
	}
}

// LoadDir reads and validates every *.json record in fsys (non-recursive).
// It returns the programs sorted by id, or every problem found.
func LoadDir(fsys fs.FS, today time.Time) ([]scholarship.Program, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var out []scholarship.Program
	var all Problems
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return nil, err
		}
		p, err := Decode(e.Name(), data, today)
		var probs Problems
		if errors.As(err, &probs) {
			all = append(all, probs...)
			continue
		}
		out = append(out, p)
	}
	if len(all) > 0 {
		return nil, all
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}
