package scholarships

import (
	"context"
	"errors"
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

// Application states of the scholarship tracker.
const (
	AppInterested  = "interested"
	AppPreparing   = "preparing"
	AppSubmitted   = "submitted"
	AppAwarded     = "awarded"
	AppNotAwarded  = "not_awarded"
	maxNotesLength = 2000
)

// ApplicationStates are the tracker's columns, in order.
var ApplicationStates = []string{AppInterested, AppPreparing, AppSubmitted, AppAwarded, AppNotAwarded}

// appMoves are the allowed moves: one step forward or back, and a result
// only after submitting (a result can be undone to submitted).
var appMoves = map[string][]string{
	AppInterested: {AppPreparing},
	AppPreparing:  {AppInterested, AppSubmitted},
	AppSubmitted:  {AppPreparing, AppAwarded, AppNotAwarded},
	AppAwarded:    {AppSubmitted},
	AppNotAwarded: {AppSubmitted},
}

// ApplicationView is one tracked program as the dashboard shows it.
type ApplicationView struct {
	ID          string                `json:"id"`
	ProgramID   string                `json:"program_id"`
	Title       string                `json:"title"`
	Provider    string                `json:"provider"`
	OfficialURL string                `json:"official_url"`
	Status      string                `json:"status"`
	Moves       []string              `json:"moves"` // where the status may go next
	Deadline    *string               `json:"deadline"`
	Cycle       scholarship.CycleInfo `json:"cycle"`
	Notes       string                `json:"notes"`
	Documents   []DocumentView        `json:"documents"`
	UpdatedAt   time.Time             `json:"updated_at"`
}

// DocumentView is one requirement of the program's record, ticked or not.
type DocumentView struct {
	Label string `json:"label"`
	Done  bool   `json:"done"`
}

// ApplicationPatch is a change to a tracked program; nil fields stay.
type ApplicationPatch struct {
	Status    *string
	Deadline  *string // "" clears it
	Notes     *string
	Documents *[]int
}

func signedIn(a actor.Actor) error {
	if !a.SignedIn() {
		return apperr.E(apperr.SignInRequired, "tracker")
	}
	return nil
}

// Applications lists the signed-in student's tracker in lang.
func (s *Service) Applications(ctx context.Context, a actor.Actor, lang string) ([]ApplicationView, error) {
	if err := signedIn(a); err != nil {
		return nil, err
	}
	var apps []scholarstore.Application
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { apps, err = scholarstore.Applications(ctx, tx, a.AccountID); return }); err != nil {
		return nil, err
	}
	out := []ApplicationView{}
	for _, ap := range apps {
		if p, ok := s.schol.index.Program(ap.ProgramID); ok {
			out = append(out, s.applicationView(ap, p, lang))
		}
	}
	return out, nil
}

// TrackProgram saves a program to the student's tracker as interested,
// with the program's dated deadline when one is ahead.
func (s *Service) TrackProgram(ctx context.Context, a actor.Actor, programID, lang string) (ApplicationView, error) {
	if err := signedIn(a); err != nil {
		return ApplicationView{}, err
	}
	p, ok := s.schol.index.Program(programID)
	if !ok {
		return ApplicationView{}, apperr.E(apperr.Invalid, "program_id").On("program_id")
	}
	now := s.now()
	ap := scholarstore.Application{ID: randid.New("app"), AccountID: a.AccountID, ProgramID: p.ID, Status: AppInterested, CreatedAt: now, UpdatedAt: now}
	if c := p.CycleStatus(now); c.Status == scholarship.CycleOpen {
		d := c.Date
		ap.Deadline = &d
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		n, err := scholarstore.CountApplications(ctx, tx, a.AccountID)
		if err != nil {
			return err
		}
		if n >= scholarstore.MaxApplications {
			return apperr.E(apperr.Conflict, "tracker_max", "max", scholarstore.MaxApplications)
		}
		return scholarstore.CreateApplication(ctx, tx, ap)
	})
	if errors.Is(err, store.ErrConflict) {
		return ApplicationView{}, apperr.E(apperr.Conflict, "tracked")
	}
	if err != nil {
		return ApplicationView{}, err
	}
	return s.applicationView(ap, p, lang), nil
}

// UpdateApplication moves a tracked program, or changes its deadline, notes
// or ticked documents. Another account's application is not found.
func (s *Service) UpdateApplication(ctx context.Context, a actor.Actor, id string, patch ApplicationPatch, lang string) (ApplicationView, error) {
	if err := signedIn(a); err != nil {
		return ApplicationView{}, err
	}
	var ap scholarstore.Application
	var p *scholarship.Program
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if ap, err = scholarstore.ApplicationOf(ctx, tx, a.AccountID, id); err != nil {
			return err
		}
		var ok bool
		if p, ok = s.schol.index.Program(ap.ProgramID); !ok {
			return store.ErrNotFound
		}
		if err := applyPatch(&ap, patch, len(p.Requirements.EN)); err != nil {
			return err
		}
		ap.UpdatedAt = s.now()
		return scholarstore.UpdateApplication(ctx, tx, ap)
	})
	if errors.Is(err, store.ErrNotFound) {
		return ApplicationView{}, apperr.E(apperr.NotFound, "application")
	}
	if err != nil {
		return ApplicationView{}, err
	}
	return s.applicationView(ap, p, lang), nil
}

func applyPatch(ap *scholarstore.Application, patch ApplicationPatch, requirements int) error {
	if st := patch.Status; st != nil && *st != ap.Status {
		if !contains(ApplicationStates, *st) {
			return apperr.E(apperr.Invalid, "application_status", "values", strings.Join(ApplicationStates, ", ")).On("status")
		}
		if !contains(appMoves[ap.Status], *st) {
			return apperr.E(apperr.Conflict, "application_move", "from", ap.Status, "to", *st)
		}
		ap.Status = *st
	}
	if d := patch.Deadline; d != nil {
		if *d == "" {
			ap.Deadline = nil
		} else if _, err := time.Parse(time.DateOnly, *d); err != nil {
			return apperr.E(apperr.Invalid, "deadline").On("deadline")
		} else {
			v := *d
			ap.Deadline = &v
		}
	}
	if n := patch.Notes; n != nil {
		if utf8.RuneCountInString(*n) > maxNotesLength {
			return apperr.E(apperr.Invalid, "notes").On("notes")
		}
		ap.Notes = *n
	}
	if docs := patch.Documents; docs != nil {
		seen := map[int]bool{}
		clean := []int{}
		for _, i := range *docs {
			if i < 0 || i >= requirements {
				return apperr.E(apperr.Invalid, "document").On("documents")
			}
			if !seen[i] {
				seen[i] = true
				clean = append(clean, i)
			}
		}
		ap.Documents = clean
	}
	return nil
}

// UntrackProgram removes a program from the student's tracker.
func (s *Service) UntrackProgram(ctx context.Context, a actor.Actor, id string) error {
	if err := signedIn(a); err != nil {
		return err
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error { return scholarstore.DeleteApplication(ctx, tx, a.AccountID, id) })
	if errors.Is(err, store.ErrNotFound) {
		return apperr.E(apperr.NotFound, "application")
	}
	return err
}

func (s *Service) applicationView(ap scholarstore.Application, p *scholarship.Program, lang string) ApplicationView {
	if !contains(scholarship.Languages, lang) {
		lang = "en"
	}
	v := ApplicationView{ID: ap.ID, ProgramID: p.ID, Title: p.TitleIn(lang), Provider: p.ProviderIn(lang), OfficialURL: p.OfficialURL,
		Status: ap.Status, Moves: nonNil(appMoves[ap.Status]), Deadline: ap.Deadline, Cycle: p.CycleStatus(s.now()),
		Notes: ap.Notes, Documents: []DocumentView{}, UpdatedAt: ap.UpdatedAt}
	done := map[int]bool{}
	for _, i := range ap.Documents {
		done[i] = true
	}
	for i, r := range p.Requirements.In(lang) {
		v.Documents = append(v.Documents, DocumentView{Label: r, Done: done[i]})
	}
	return v
}
