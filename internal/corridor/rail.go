package corridor

// Rail describes the reference a corridor's rail gives a received transfer,
// which the payer's bank also shows: the Pix end-to-end id, the SPEI
// tracking key. Formats are package rail's.
type Rail struct {
	// Name is the reference as a person reads it.
	Name string
	// Kind is its API name (rail_reference.kind, the field naming it in the
	// console's Explain), stored beside a payment's reference.
	Kind string
	// Length is its length (Pix) or its maximum length (SPEI).
	Length int
	// LookupURL is where anyone can look the transfer up by it (Banxico's
	// CEP for SPEI); empty when there is no such page.
	LookupURL string
	// validate is the check from package rail.
	validate func(string) error
}

// Validate checks a reference's format.
func (r Rail) Validate(ref string) error { return r.validate(ref) }

// RailByKind finds the rail whose references are of kind (a Rail.Kind,
// "spei_tracking_key", as stored beside a payment's reference).
func RailByKind(kind string) (Rail, bool) {
	for _, c := range all {
		if c.Rail.Kind == kind {
			return c.Rail, true
		}
	}
	return Rail{}, false
}
