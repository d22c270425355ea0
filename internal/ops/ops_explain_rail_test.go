package ops

import (
	"encoding/json"
	"testing"
)

// The console's Explain names the reference by its kind, as it did when
// each rail had its own field; nothing before the pay-in completed.
func TestExplainedRailJSON(t *testing.T) {
	for _, tt := range []struct {
		r    ExplainedRail
		want string
	}{
		{ExplainedRail{}, `{}`},
		{ExplainedRail{Kind: "pix_end_to_end_id", Value: "E12345678202611231504abcdefghijk"},
			`{"pix_end_to_end_id":"E12345678202611231504abcdefghijk"}`},
		{ExplainedRail{Kind: "spei_tracking_key", Value: "MBAN01202611230123456789", LookupURL: "https://www.banxico.org.mx/cep/"},
			`{"spei_tracking_key":"MBAN01202611230123456789","cep_url":"https://www.banxico.org.mx/cep/"}`},
	} {
		b, err := json.Marshal(struct {
			Rail ExplainedRail `json:"rail"`
		}{tt.r})
		if err != nil || string(b) != `{"rail":`+tt.want+`}` {
			t.Errorf("%+v: %s, %v; want %s", tt.r, b, err, tt.want)
		}
	}
}
