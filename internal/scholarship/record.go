// Package scholarship is the pure core of scholarship search: the catalog
// record and its validator, the tri-lingual concept lexicon, query
// understanding, eligibility and match %, deadline status, the keyword
// index and the sorts. It does no I/O beyond reading an fs.FS it is given.
package scholarship

// Text is one sentence in the three languages the product speaks.
type Text struct {
	EN   string `json:"en"`
	PTBR string `json:"pt-BR"`
	ESMX string `json:"es-MX"`
}

// In returns the text in lang (en, pt-BR or es-MX), English otherwise.
func (t Text) In(lang string) string {
	switch lang {
	case "pt-BR":
		return t.PTBR
	case "es-MX":
		return t.ESMX
	}
	return t.EN
}

// TextList is a list of sentences in each language.
type TextList struct {
	EN   []string `json:"en"`
	PTBR []string `json:"pt-BR"`
	ESMX []string `json:"es-MX"`
}

// In returns the list in lang, English otherwise.
func (t TextList) In(lang string) []string {
	switch lang {
	case "pt-BR":
		return t.PTBR
	case "es-MX":
		return t.ESMX
	}
	return t.EN
}

// Source is a page the record was written from, and which of the record's
// facts it gave. ContentDate is how old the page's own content is, as the
// page shows it (a publication or update date, or the year of the cycle it
// describes: YYYY, YYYY-MM or YYYY-MM-DD); nil when the page shows none.
// Official is true for the program's or its provider's own page; anything
// else (news, blogs, directories) is third party.
type Source struct {
	URL         string   `json:"url"`
	ReadAt      string   `json:"read_at"`
	ContentDate *string  `json:"content_date"`
	Official    bool     `json:"official"`
	Facts       []string `json:"facts"`
}

// Discontinued records the evidence that a program has ended.
type Discontinued struct {
	Since    string `json:"since"`    // YYYY or a date, as the evidence shows it
	Evidence string `json:"evidence"` // https page that shows the program ended (or its last call)
	Note     Text   `json:"note"`     // what the student reads on the card
}

// Amount is the award's size. Min and Max are whole units of Currency; nil
// means the official page gives no figure (Text says what it covers).
type Amount struct {
	Min      *int64 `json:"min"`
	Max      *int64 `json:"max"`
	Currency string `json:"currency"`
	Text     Text   `json:"text"`
}

// GPA is a minimum grade point average on a scale (4.0, 10.0, ...).
type GPA struct {
	Value float64 `json:"value"`
	Scale float64 `json:"scale"`
}

// Deadline is a fixed date for the current cycle, or a recurring rule
// (with the month it usually falls in) that says to check the official site.
type Deadline struct {
	Date  *string `json:"date"`
	Rule  *Text   `json:"rule"`
	Month int     `json:"month,omitempty"`
}

// Figure is a sourced count (applicants, awards); never estimated.
type Figure struct {
	Value  int64  `json:"value"`
	Source string `json:"source"`
}

// Program is one catalog record, exactly the schema of catalog/<id>.json.
type Program struct {
	ID            string   `json:"id"`
	Name          string   `json:"name"`
	Provider      string   `json:"provider"`
	OfficialURL   string   `json:"official_url"`
	Sources       []Source `json:"sources"`
	VerifiedAt    string   `json:"verified_at"`
	Cycle         *string  `json:"cycle"`
	Amount        Amount   `json:"amount"`
	Coverage      []string `json:"coverage"`
	Renewable     *bool    `json:"renewable"`
	AwardTypes    []string `json:"award_types"`
	Levels        []string `json:"levels"`
	Years         []string `json:"years"`
	Fields        []string `json:"fields"`
	Nationalities []string `json:"nationalities"`
	Residence     []string `json:"residence"`
	USStatus      []string `json:"us_status"`
	USStates      []string `json:"us_states"`
	Gender        string   `json:"gender"`
	Criteria      []string `json:"criteria"`
	GPAMin        *GPA     `json:"gpa_min"`
	Deadline      Deadline `json:"deadline"`
	Applicants    *Figure  `json:"applicants"`
	Awarded       *Figure  `json:"awarded"`
	Summary       Text     `json:"summary"`
	Requirements  TextList `json:"requirements"`
	Eligibility   TextList `json:"eligibility"`
	Tags          []string `json:"tags"`
	// OfficialURLNote says why OfficialURL is a home page or not the
	// program's own page (nil when it is the program's own page).
	OfficialURLNote *string `json:"official_url_note"`
	// Runner is who runs the program (one of Runners).
	Runner string `json:"runner"`
	// ApplicationFee is true when applying costs money; the validator refuses
	// such records (a fee to apply is the mark of a scam or a lead form).
	ApplicationFee bool `json:"application_fee"`
	// Discontinued is set, with its evidence, when the program has ended.
	Discontinued *Discontinued `json:"discontinued"`
	// CheckNote says why a record whose sources are more than 24 months old
	// is still shipped (crebit scholarships check fails without one).
	CheckNote *string `json:"check_note"`
	// NameText and ProviderText are the name and the provider in the three
	// languages, for names that describe rather than name ("need-based aid
	// for international students"); absent when the proper name is used
	// unchanged in every language. Their en equals Name and Provider.
	NameText     *Text `json:"name_text,omitempty"`
	ProviderText *Text `json:"provider_text,omitempty"`
}

// TitleIn is the program's name as a page in lang shows it.
func (p *Program) TitleIn(lang string) string {
	if p.NameText != nil {
		return p.NameText.In(lang)
	}
	return p.Name
}

// ProviderIn is who offers the program, as a page in lang shows it.
func (p *Program) ProviderIn(lang string) string {
	if p.ProviderText != nil {
		return p.ProviderText.In(lang)
	}
	return p.Provider
}

// Enumerations of the schema.
var (
	Currencies  = []string{"USD", "BRL", "MXN"}
	Coverages   = []string{"tuition", "living", "travel", "health_insurance", "books", "fees"}
	AwardTypes  = []string{"merit", "need", "athletic", "creative", "community_service"}
	Levels      = []string{"high_school", "undergraduate", "graduate", "doctoral", "vocational"}
	Years       = []string{"freshman", "sophomore", "junior", "senior", "graduate"}
	Fields      = []string{"stem", "engineering", "computer_science", "business", "medicine_health", "arts_humanities", "social_sciences", "education", "law"}
	USStatuses  = []string{"none", "F-1", "J-1", "DACA", "permanent_resident", "citizen"}
	Criteria    = []string{"first_generation", "low_income", "underrepresented", "disability", "military", "lgbtq", "women_in_stem"}
	GenderRules = []string{"any", "women"}
	Runners     = []string{"government", "university", "foundation", "nonprofit", "company", "lender"}
	// FactKinds are the facts a source can be cited for.
	FactKinds = []string{"amount", "deadline", "eligibility", "requirements", "coverage", "status", "figures"}
)

// Any is the list value meaning "no restriction".
const Any = "any"

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// isAny reports whether a restriction list means "anyone".
func isAny(list []string) bool { return len(list) == 0 || (len(list) == 1 && list[0] == Any) }
