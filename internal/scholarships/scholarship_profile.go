package scholarships

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/scholarship"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/scholarstore"
)

// scholarshipOwner is whose scholarship data the actor reaches, by the same
// rule as Actor.owns: a signed-in account's own rows (whichever browser made
// them), else the guest session's. ok is false for a browser with no session
// yet, which owns nothing.
func scholarshipOwner(a actor.Actor) (scholarstore.Owner, bool) {
	if a.AccountID != "" {
		return scholarstore.Owner{AccountID: a.AccountID}, true
	}
	return scholarstore.Owner{SessionID: a.SessionID}, a.SessionID != ""
}

// loadProfile reads the owner's saved answers; found is false when none.
func (s *Service) loadProfile(ctx context.Context, o scholarstore.Owner) (*scholarship.QuickMatch, *scholarship.EligibilityForm, bool, error) {
	var p scholarstore.ScholarshipProfile
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) { p, err = scholarstore.ScholarshipProfileOf(ctx, tx, o); return })
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, false, nil
	}
	if err != nil {
		return nil, nil, false, err
	}
	var qm *scholarship.QuickMatch
	var el *scholarship.EligibilityForm
	if p.QuickMatch != nil {
		qm = new(scholarship.QuickMatch)
		if err := json.Unmarshal(p.QuickMatch, qm); err != nil {
			return nil, nil, false, err
		}
	}
	if p.Eligibility != nil {
		el = new(scholarship.EligibilityForm)
		if err := json.Unmarshal(p.Eligibility, el); err != nil {
			return nil, nil, false, err
		}
	}
	return qm, el, true, nil
}

// QuickMatch returns the owner's Quick Match answers (empty when unsaved).
// Only the owner's own session or account ever reaches this.
func (s *Service) QuickMatch(ctx context.Context, a actor.Actor) (scholarship.QuickMatch, error) {
	o, ok := scholarshipOwner(a)
	if !ok {
		return scholarship.QuickMatch{}, nil
	}
	qm, _, _, err := s.loadProfile(ctx, o)
	if err != nil || qm == nil {
		return scholarship.QuickMatch{}, err
	}
	return *qm, nil
}

// SaveQuickMatch validates and stores the owner's Quick Match answers.
func (s *Service) SaveQuickMatch(ctx context.Context, a actor.Actor, q scholarship.QuickMatch) error {
	o, ok := scholarshipOwner(a)
	if !ok {
		return errNoSession
	}
	if err := q.Validate(); err != nil {
		return err
	}
	data, err := json.Marshal(q)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		return scholarstore.SaveScholarshipQuickMatch(ctx, tx, o, randid.New("spr"), data, s.now())
	})
}

// Eligibility returns the owner's eligibility form (empty when unsaved).
func (s *Service) Eligibility(ctx context.Context, a actor.Actor) (scholarship.EligibilityForm, error) {
	o, ok := scholarshipOwner(a)
	if !ok {
		return scholarship.EligibilityForm{}, nil
	}
	_, el, _, err := s.loadProfile(ctx, o)
	if err != nil || el == nil {
		return scholarship.EligibilityForm{}, err
	}
	return *el, nil
}

// SaveEligibility validates and stores the owner's eligibility form.
func (s *Service) SaveEligibility(ctx context.Context, a actor.Actor, e scholarship.EligibilityForm) error {
	o, ok := scholarshipOwner(a)
	if !ok {
		return errNoSession
	}
	e.GPA = strings.TrimSpace(e.GPA)
	if err := e.Validate(); err != nil {
		return err
	}
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		return scholarstore.SaveScholarshipEligibility(ctx, tx, o, randid.New("spr"), data, s.now())
	})
}

// errNoSession is a save without a session; the HTTP layer always creates
// one first, so this is a bug if it is ever seen.
var errNoSession = errors.New("scholarships: saving needs a session")

// FilterSetView is a saved filter set.
type FilterSetView struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Params    string    `json:"params"`
	CreatedAt time.Time `json:"created_at"`
}

// FilterSets lists the owner's saved filter sets.
func (s *Service) FilterSets(ctx context.Context, a actor.Actor) ([]FilterSetView, error) {
	o, ok := scholarshipOwner(a)
	if !ok {
		return []FilterSetView{}, nil
	}
	var fs []scholarstore.FilterSet
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { fs, err = scholarstore.FilterSets(ctx, tx, o); return }); err != nil {
		return nil, err
	}
	out := []FilterSetView{}
	for _, f := range fs {
		out = append(out, FilterSetView{ID: f.ID, Name: f.Name, Params: f.Params, CreatedAt: f.CreatedAt})
	}
	return out, nil
}

// CreateFilterSet saves a named search (its query string, checked and
// written canonically; the page number is not kept).
func (s *Service) CreateFilterSet(ctx context.Context, a actor.Actor, name, params string) (FilterSetView, error) {
	o, ok := scholarshipOwner(a)
	if !ok {
		return FilterSetView{}, errNoSession
	}
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > 60 {
		return FilterSetView{}, apperr.E(apperr.Invalid, "filter_set_name").On("name")
	}
	if len(params) > 2000 {
		return FilterSetView{}, apperr.E(apperr.Invalid, "filters_too_long").On("params")
	}
	v, err := url.ParseQuery(params)
	if err != nil {
		return FilterSetView{}, apperr.E(apperr.Invalid, "filters_query").On("params")
	}
	p, err := scholarship.ParseParams(v)
	if err != nil {
		return FilterSetView{}, err
	}
	p.Page = 1
	f := scholarstore.FilterSet{ID: randid.New("fset"), Name: name, Params: p.Encode(), CreatedAt: s.now()}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		existing, err := scholarstore.FilterSets(ctx, tx, o)
		if err != nil {
			return err
		}
		if len(existing) >= scholarstore.MaxFilterSets {
			return apperr.E(apperr.Conflict, "filter_sets", "max", scholarstore.MaxFilterSets)
		}
		return scholarstore.CreateFilterSet(ctx, tx, o, f)
	})
	if err != nil {
		return FilterSetView{}, err
	}
	return FilterSetView{ID: f.ID, Name: f.Name, Params: f.Params, CreatedAt: f.CreatedAt}, nil
}

// DeleteFilterSet removes one of the owner's filter sets; anyone else's is not found.
func (s *Service) DeleteFilterSet(ctx context.Context, a actor.Actor, id string) error {
	o, ok := scholarshipOwner(a)
	if !ok {
		return apperr.E(apperr.NotFound, "filter_set")
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error { return scholarstore.DeleteFilterSet(ctx, tx, o, id) })
	if errors.Is(err, store.ErrNotFound) {
		return apperr.E(apperr.NotFound, "filter_set")
	}
	return err
}
