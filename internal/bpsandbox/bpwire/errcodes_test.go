package bpwire

import (
	"encoding/json"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestErrorTablesMatchOpenAPI reads the vendor's document again and checks
// that errcodes.go holds exactly its error table (status, legacy message
// from the examples, description) and each operation's listed statuses.
func TestErrorTablesMatchOpenAPI(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../partner/blindpay/testdata/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tags []struct {
			Name        string `json:"name"`
			Description string `json:"description"`
		} `json:"tags"`
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	messages := map[string]string{}
	listed := map[string]map[string][]int{} // operation → code → statuses
	codeRef := regexp.MustCompile("`([A-Z_]+)`")
	for path, item := range doc.Paths {
		for method, raw := range item {
			var op struct {
				Responses map[string]struct {
					Description string `json:"description"`
					Content     map[string]struct {
						Examples map[string]struct {
							Value struct{ Code, Message string } `json:"value"`
						} `json:"examples"`
					} `json:"content"`
				} `json:"responses"`
			}
			if json.Unmarshal(raw, &op) != nil || op.Responses == nil {
				continue
			}
			key := strings.ToUpper(method) + " " + path
			for status, r := range op.Responses {
				for _, ex := range r.Content["application/json"].Examples {
					if ex.Value.Code != "" {
						messages[ex.Value.Code] = ex.Value.Message
					}
				}
				if status == "200" {
					continue
				}
				n, _ := strconv.Atoi(status)
				for _, m := range codeRef.FindAllStringSubmatch(r.Description, -1) {
					if listed[key] == nil {
						listed[key] = map[string][]int{}
					}
					listed[key][m[1]] = append(listed[key][m[1]], n)
				}
			}
		}
	}
	want := map[string]vendorError{}
	row := regexp.MustCompile("\\| `([A-Z_]+)` \\| (\\d+) \\| (\\w+) \\| (.*?) \\|")
	for _, tag := range doc.Tags {
		if tag.Name != "Errors" {
			continue
		}
		for _, m := range row.FindAllStringSubmatch(tag.Description, -1) {
			n, _ := strconv.Atoi(m[2])
			msg := messages[m[1]]
			if msg == "" {
				msg = strings.ToLower(m[1])
			}
			want[m[1]] = vendorError{n, msg, m[4]}
		}
	}
	ops := map[string]map[string]int{}
	for key, codes := range listed {
		ops[key] = map[string]int{}
		for code, statuses := range codes {
			ops[key][code] = slices.Max(statuses) // several: the typical one if listed, else the highest
			if slices.Contains(statuses, want[code].status) {
				ops[key][code] = want[code].status
			}
		}
	}
	if len(want) < 80 || !maps.Equal(want, vendorErrors) {
		t.Errorf("vendorErrors differs from the document's %d codes (regenerate errcodes.go)", len(want))
	}
	if len(ops) < 30 || !maps.EqualFunc(ops, operationErrors, func(a, b map[string]int) bool { return maps.Equal(a, b) }) {
		t.Errorf("operationErrors differs from the document's %d operations (regenerate errcodes.go)", len(ops))
	}
}
