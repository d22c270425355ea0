// Command gencorridor writes the web app's copy of the corridor table
// (internal/corridor) to web/src/features/payments/lib/corridors.gen.ts.
// Run it from the repository's root after changing the table:
//
//	go run ./cmd/gencorridor
package main

import (
	"fmt"
	"os"

	"github.com/crebit/crebit/internal/corridor"
)

func main() {
	if err := os.WriteFile(corridor.TypeScriptPath, corridor.TypeScript(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gencorridor:", err, "(run it from the repository's root)")
		os.Exit(1)
	}
}
