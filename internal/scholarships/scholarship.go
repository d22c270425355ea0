package scholarships

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/scholarship"
	"github.com/crebit/crebit/internal/scholarship/catalog"
	"github.com/crebit/crebit/internal/scholarship/validate"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/scholarstore"
)

// scholarships is the catalog shipped in the binary, validated and indexed
// once at start-up (identical on every instance), and the optional embedder.
type scholarships struct {
	index    *scholarship.Index
	embedder scholarship.Embedder
	lastVer  string
}

func loadScholarships(cfg config.Config, now time.Time) (*scholarships, error) {
	ix, err := catalogIndex(now)
	if err != nil {
		return nil, err
	}
	sc := &scholarships{index: ix}
	for _, p := range ix.Programs {
		sc.lastVer = max(sc.lastVer, p.VerifiedAt)
	}
	if cfg.EmbeddingsURL != "" {
		sc.embedder = scholarship.NewOpenAIEmbedder(cfg.EmbeddingsURL, cfg.EmbeddingsAPIKey.Reveal(), cfg.EmbeddingsModel)
	}
	return sc, nil
}

// indexed is the embedded catalog's index, built once per process and day:
// the catalog is compiled in, the index is read-only once built
// (scholarship.Index), and LoadCatalog's answer depends only on the day it
// checks dates against. A process that builds the application more than
// once (the tests start one per test) would otherwise validate and index
// the catalog each time (8% of the HTTP tests' CPU, measured).
var indexed struct {
	mu  sync.Mutex
	day string
	ix  *scholarship.Index
}

// catalogIndex is the index of LoadCatalog(now), shared.
func catalogIndex(now time.Time) (*scholarship.Index, error) {
	day := now.UTC().Format(time.DateOnly)
	indexed.mu.Lock()
	defer indexed.mu.Unlock()
	if indexed.ix != nil && indexed.day == day {
		return indexed.ix, nil
	}
	ps, err := LoadCatalog(now)
	if err != nil {
		return nil, err
	}
	indexed.day, indexed.ix = day, scholarship.NewIndex(ps)
	return indexed.ix, nil
}

// ScholarshipOverview is what /scholarships shows about the catalog.
type ScholarshipOverview struct {
	Count        int    `json:"count"`
	LastVerified string `json:"last_verified"`
}

// ScholarshipOverview counts the catalog and its latest verification date.
func (s *Service) ScholarshipOverview() ScholarshipOverview {
	n := 0
	for i := range s.schol.index.Programs {
		p := &s.schol.index.Programs[i]
		if p.Discontinued == nil && !scholarship.IsLoan(p) {
			n++ // what a search offers: ended programs and loans are not scholarships on offer
		}
	}
	return ScholarshipOverview{Count: n, LastVerified: s.schol.lastVer}
}

// ImportScholarships writes the shipped catalog into the database (new and
// changed records; records no longer shipped are removed).
func (s *Service) ImportScholarships(ctx context.Context) (written, removed int64, err error) {
	return ImportCatalog(ctx, s.db, s.schol.index.Programs, s.now())
}

// LoadCatalog reads and validates the catalog shipped in the binary.
func LoadCatalog(now time.Time) ([]scholarship.Program, error) {
	ps, err := validate.LoadDir(catalog.FS(), now)
	if err != nil {
		return nil, fmt.Errorf("scholarship catalog: %w", err)
	}
	return ps, nil
}

// ImportCatalog writes ps into the database (the import command and start-up).
func ImportCatalog(ctx context.Context, db *store.DB, ps []scholarship.Program, now time.Time) (written, removed int64, err error) {
	rows := make([]scholarstore.ScholarshipProgramRow, 0, len(ps))
	for _, p := range ps {
		rec, err := json.Marshal(p)
		if err != nil {
			return 0, 0, err
		}
		rows = append(rows, scholarstore.ScholarshipProgramRow{ID: p.ID, Name: p.Name, Provider: p.Provider, VerifiedAt: p.VerifiedAt, Record: rec})
	}
	err = db.Tx(ctx, func(tx *store.Tx) (err error) {
		written, removed, err = scholarstore.ImportScholarshipPrograms(ctx, tx, rows, now)
		return err
	})
	return written, removed, err
}

// SearchResponse is one page of results.
type SearchResponse struct {
	Total          int                `json:"total"`
	Page           int                `json:"page"`
	PerPage        int                `json:"per_page"`
	Sort           string             `json:"sort"`
	Mode           string             `json:"mode"`
	ProfileApplied bool               `json:"profile_applied"`
	Understood     []scholarship.Chip `json:"understood"`
	// Hint is "no_terms" when the text held only words that search nothing
	// (the results are then the whole list).
	Hint string `json:"hint,omitempty"`
	// Counts are, per Advanced Filter (award, category, level, field), how
	// many programs each option would leave with the other choices kept.
	Counts  map[string]map[string]int `json:"counts"`
	Results []ProgramView             `json:"results"`
}

// SearchScholarships runs a search from its query string, matched against
// the owner's saved profile unless the search says profile=0.
func (s *Service) SearchScholarships(ctx context.Context, a actor.Actor, query url.Values) (SearchResponse, error) {
	p, err := scholarship.ParseParams(query)
	if err != nil {
		return SearchResponse{}, err
	}
	if query.Get("lang") == "" && contains(scholarship.Languages, a.Lang) {
		p.Lang = a.Lang // the cards are written in the page's language, not English by default
	}
	var student scholarship.Student
	applied := false
	if owner, ok := scholarshipOwner(a); ok && !p.NoProfile {
		qm, el, found, err := s.loadProfile(ctx, owner)
		if err != nil {
			return SearchResponse{}, err
		}
		student, applied = scholarship.FromProfile(qm, el), found
	}
	res := s.schol.index.Search(ctx, scholarship.Query{Text: p.Q, Mode: p.Mode, Sort: p.Sort, Filters: p.Filters,
		Student: student, Partial: p.Partial, Today: s.now()}, s.schol.embedder)
	out := SearchResponse{Total: len(res.Hits), Page: p.Page, PerPage: scholarship.PerPage, Sort: p.Sort, Mode: p.Mode,
		ProfileApplied: applied, Understood: res.Understood, Hint: res.Hint, Counts: res.Counts, Results: []ProgramView{}}
	if out.Understood == nil {
		out.Understood = []scholarship.Chip{}
	}
	from := (p.Page - 1) * scholarship.PerPage
	for i := from; i < len(res.Hits) && i < from+scholarship.PerPage; i++ {
		h := res.Hits[i]
		out.Results = append(out.Results, view(h.Program, p.Lang, s.now(), h.Deadline, &h.Verdict))
	}
	return out, nil
}

// ScholarshipProgram returns one program in lang, with its deadline status.
func (s *Service) ScholarshipProgram(id, lang string) (ProgramView, error) {
	p, ok := s.schol.index.Program(id)
	if !ok {
		return ProgramView{}, apperr.E(apperr.NotFound, "scholarship")
	}
	if lang == "" {
		lang = "en"
	}
	if !contains(scholarship.Languages, lang) {
		return ProgramView{}, apperr.E(apperr.Invalid, "lang").On("lang")
	}
	return view(p, lang, s.now(), scholarship.DeadlineStatus(p.Deadline, s.now()), nil), nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
