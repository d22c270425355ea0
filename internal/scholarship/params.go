package scholarship

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/crebit/crebit/internal/apperr"
)

// Params is a search as it appears in the page's URL and the API's query
// string (the same names, so a search is shareable and a saved filter set
// is just its query string).
type Params struct {
	Q         string
	Mode      string
	Sort      string
	Page      int
	Lang      string
	Partial   bool
	NoProfile bool
	Filters   Filters
}

// PerPage is the page size of search results.
const PerPage = 10

// Residencies and Categories are the values of those filters.
var (
	Residencies    = []string{"citizen", "permanent_resident", "international", "state"}
	FilterCategory = []string{"first_generation", "underrepresented", "women_in_stem", "military", "disability", "lgbtq"}
	GPAFilters     = []string{"2.0", "2.5", "3.0", "3.25", "3.5", "3.75", "3.9"}
	Languages      = []string{"en", "pt-BR", "es-MX"}
)

var paramNames = set(`q mode sort page lang partial profile amount_min amount_max award renewable field level year gpa deadline residency category`)

// ParseParams reads and checks a search's query string. Unknown names and
// values outside their option lists are refused with the field named.
func ParseParams(v url.Values) (Params, error) {
	p := Params{Mode: ModeKeyword, Sort: SortBest, Page: 1, Lang: "en"}
	for k, vs := range v {
		if !paramNames[k] {
			return p, apperr.E(apperr.Invalid, "search_param", "param", strconv.Quote(k)).On(k)
		}
		if len(vs) > 1 {
			return p, apperr.E(apperr.Invalid, "search_param_twice", "param", k).On(k)
		}
	}
	get := v.Get
	p.Q = strings.TrimSpace(get("q"))
	if len(p.Q) > 300 {
		return p, apperr.E(apperr.Invalid, "search_text").On("q")
	}
	var err error
	pick := func(name string, dst *string, allowed []string) {
		if s := get(name); s != "" && err == nil {
			if !contains(allowed, s) {
				err = apperr.E(apperr.Invalid, "one_of", "field", name, "values", strings.Join(allowed, ", ")).On(name)
				return
			}
			*dst = s
		}
	}
	pick("mode", &p.Mode, []string{ModeKeyword, ModeSemantic})
	pick("sort", &p.Sort, []string{SortBest, SortDeadline, SortMagic})
	pick("lang", &p.Lang, Languages)
	f := &p.Filters
	pick("award", &f.AwardType, AwardTypes)
	pick("renewable", &f.Renewable, []string{"yes", "no"})
	pick("field", &f.Field, Fields)
	pick("level", &f.Level, Levels)
	pick("year", &f.Year, Years)
	pick("deadline", &f.Deadline, DeadlineWindows)
	pick("residency", &f.Residency, Residencies)
	pick("category", &f.Category, FilterCategory)
	var gpa string
	pick("gpa", &gpa, GPAFilters)
	var partial, profile string
	pick("partial", &partial, []string{"1", "0"})
	pick("profile", &profile, []string{"1", "0"})
	if err != nil {
		return p, err
	}
	p.Partial, p.NoProfile = partial == "1", profile == "0"
	if gpa != "" {
		f.GPA, _ = strconv.ParseFloat(gpa, 64)
	}
	whole := func(name string, max int64) int64 {
		s := get(name)
		if s == "" || err != nil {
			return 0
		}
		n, e := strconv.ParseInt(s, 10, 64)
		if e != nil || n < 0 || n > max {
			err = apperr.E(apperr.Invalid, "whole_number", "field", name, "max", max).On(name)
		}
		return n
	}
	f.AmountMin = whole("amount_min", 10_000_000)
	f.AmountMax = whole("amount_max", 10_000_000)
	if pg := whole("page", 1000); pg > 0 {
		p.Page = int(pg)
	}
	if err != nil {
		return p, err
	}
	if f.AmountMax > 0 && f.AmountMin > f.AmountMax {
		return p, apperr.E(apperr.Invalid, "amount_order").On("amount_max")
	}
	return p, nil
}

// Encode writes the params back as a canonical query string (defaults left out).
func (p Params) Encode() string {
	v := url.Values{}
	set := func(k, s, def string) {
		if s != "" && s != def {
			v.Set(k, s)
		}
	}
	set("q", p.Q, "")
	set("mode", p.Mode, ModeKeyword)
	set("sort", p.Sort, SortBest)
	if p.Page > 1 {
		v.Set("page", strconv.Itoa(p.Page))
	}
	set("lang", p.Lang, "en")
	if p.Partial {
		v.Set("partial", "1")
	}
	if p.NoProfile {
		v.Set("profile", "0")
	}
	f := p.Filters
	if f.AmountMin > 0 {
		v.Set("amount_min", strconv.FormatInt(f.AmountMin, 10))
	}
	if f.AmountMax > 0 {
		v.Set("amount_max", strconv.FormatInt(f.AmountMax, 10))
	}
	set("award", f.AwardType, "")
	set("renewable", f.Renewable, "")
	set("field", f.Field, "")
	set("level", f.Level, "")
	set("year", f.Year, "")
	if f.GPA > 0 {
		v.Set("gpa", strconv.FormatFloat(f.GPA, 'f', -1, 64))
	}
	set("deadline", f.Deadline, "")
	set("residency", f.Residency, "")
	set("category", f.Category, "")
	return v.Encode()
}
