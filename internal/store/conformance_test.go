package store_test

import (
	"testing"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/conformance"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestConformance runs the one store suite on every engine.
func TestConformance(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			conformance.Exercise(t, func(t *testing.T) *store.DB { return storetest.Open(t, e) })
		})
	}
}
