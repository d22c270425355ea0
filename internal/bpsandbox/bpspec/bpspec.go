// Package bpspec checks HTTP requests, answers and webhook payloads against
// BlindPay's own OpenAPI document as the repository keeps it
// (internal/partner/blindpay/testdata/openapi.json, issue 28 item 4), with
// kin-openapi. It is for tests and for the BlindPay sandbox's optional
// request check (bpsandbox.Config.CheckRequest); the product does not
// import it.
package bpspec

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// Spec is a loaded document and its router.
type Spec struct {
	doc    *openapi3.T
	router routers.Router
}

// host is the document's server: requests are matched on their path only.
const host = "https://api.blindpay.com"

// Load reads the document at docPath and adds the paths of each extra
// document (a JSON object with "paths", whose references point into the
// main document). Examples are not validated: the vendor's own break its
// schemas [docs/BLINDPAY.md §15].
func Load(docPath string, extra ...string) (*Spec, error) {
	var doc map[string]any
	if err := readJSON(docPath, &doc); err != nil {
		return nil, err
	}
	paths, _ := doc["paths"].(map[string]any)
	if paths == nil {
		return nil, fmt.Errorf("bpspec: %s has no paths", docPath)
	}
	for _, p := range extra {
		var more struct {
			Paths map[string]any `json:"paths"`
		}
		if err := readJSON(p, &more); err != nil {
			return nil, err
		}
		for k, v := range more.Paths {
			paths[k] = v
		}
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	loaded, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		return nil, fmt.Errorf("bpspec: %w", err)
	}
	router, err := legacy.NewRouter(loaded, openapi3.DisableExamplesValidation())
	if err != nil {
		return nil, fmt.Errorf("bpspec: %w", err)
	}
	return &Spec{doc: loaded, router: router}, nil
}

func readJSON(path string, dst any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, dst); err != nil {
		return fmt.Errorf("bpspec: %s: %w", path, err)
	}
	return nil
}

// ErrNoOperation: the method and path are not an operation of the document.
var ErrNoOperation = errors.New("not an operation of the vendor's document")

func (s *Spec) route(header http.Header, method, path string, body []byte) (*openapi3filter.RequestValidationInput, error) {
	req, err := http.NewRequest(method, host+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header = header.Clone()
	route, params, err := s.router.FindRoute(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, ErrNoOperation)
	}
	return &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}, nil
}

// Request checks a request (path relative to the API's root, /v1/…):
// its operation, parameters and body. Authentication is not checked.
func (s *Spec) Request(header http.Header, method, path string, body []byte) error {
	in, err := s.route(header, method, path, body)
	if err != nil {
		return err
	}
	return openapi3filter.ValidateRequest(context.Background(), in)
}

// Response checks the answer to a request. A status the operation lists is
// checked with openapi3filter.ValidateResponse; one it does not list
// (undeclared is then true) must still be the Error envelope.
func (s *Spec) Response(header http.Header, method, path string, reqBody []byte, status int, respHeader http.Header, respBody []byte) (undeclared bool, err error) {
	in, err := s.route(header, method, path, reqBody)
	if err != nil {
		return false, err
	}
	if in.Route.Operation.Responses.Status(status) == nil {
		var v any
		if err := json.Unmarshal(respBody, &v); err != nil {
			return true, fmt.Errorf("%d with a body that is not JSON: %s", status, respBody)
		}
		return true, s.doc.Components.Schemas["Error"].Value.VisitJSON(v, openapi3.MultiErrors())
	}
	return false, openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: status, Header: respHeader, Body: io.NopCloser(bytes.NewReader(respBody)),
		Options: &openapi3filter.Options{MultiError: true, IncludeResponseStatus: true}})
}

// Event checks a webhook payload against the document's schema for its type.
func (s *Spec) Event(typ string, payload []byte) error {
	item := s.doc.Webhooks[typ]
	if item == nil || item.Post == nil || item.Post.RequestBody == nil {
		return fmt.Errorf("event %s: not in the vendor's webhooks", typ)
	}
	media := item.Post.RequestBody.Value.Content.Get("application/json")
	if media == nil || media.Schema == nil {
		return fmt.Errorf("event %s: no JSON schema", typ)
	}
	var v any
	if err := json.Unmarshal(payload, &v); err != nil {
		return err
	}
	return media.Schema.Value.VisitJSON(v, openapi3.MultiErrors())
}
