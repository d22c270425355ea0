package actor

import (
	"github.com/crebit/crebit/internal/apperr"
)

// ErrNotSignedIn refuses what only a signed-in account may do.
var ErrNotSignedIn = apperr.E(apperr.SignInRequired, "")

// ErrEmailNotVerified refuses what needs an address its holder has shown
// to own (turning two-factor on, inviting friends): otherwise someone who
// registered another person's address could put their own second factor in
// front of its owner, or write to strangers in Crebit's name.
var ErrEmailNotVerified = apperr.E(apperr.EmailNotVerified, "")
