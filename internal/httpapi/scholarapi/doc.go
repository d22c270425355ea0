// Package scholarapi is the scholarships' API: the catalog and its search,
// a program, the caller's Quick Match answers, eligibility form and saved
// filter sets, the application tracker, and search alerts with their
// double opt-in and one-click unsubscribe.
package scholarapi
