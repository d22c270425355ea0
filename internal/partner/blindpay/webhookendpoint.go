package blindpay

import (
	"context"
	"net/http"
)

// CreateWebhookEndpointRequest registers an https URL for events
// (WebhookEndpointIn). An empty Events list means every event.
type CreateWebhookEndpointRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

// WebhookEndpoint is a registered endpoint (WebhookEndpoint).
type WebhookEndpoint struct {
	ID          string   `json:"id"` // we_...
	URL         string   `json:"url"`
	Events      []string `json:"events"`
	InstanceID  string   `json:"instance_id"`
	LastEventAt string   `json:"last_event_at"`
	CreatedAt   string   `json:"created_at"`
	UpdatedAt   string   `json:"updated_at"`
}

// CreateWebhookEndpoint registers an endpoint and returns its id. Its
// signing secret is read with WebhookEndpointSecret.
func (c *Client) CreateWebhookEndpoint(ctx context.Context, idemKey string, req CreateWebhookEndpointRequest) (string, error) {
	if req.Events == nil {
		req.Events = []string{} // the field is required; [] means all
	}
	var out webhookEndpointCreated
	err := c.do(ctx, call{method: http.MethodPost, path: c.instancePath("webhook-endpoints"), idemKey: idemKey, in: req, out: &out})
	return out.ID, err
}

// ListWebhookEndpoints returns the instance's endpoints (at most 25).
func (c *Client) ListWebhookEndpoints(ctx context.Context) ([]WebhookEndpoint, error) {
	var out []WebhookEndpoint
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("webhook-endpoints"), out: &out})
}

// WebhookEndpointSecret returns the endpoint's signing secret, "whsec_...".
func (c *Client) WebhookEndpointSecret(ctx context.Context, id string) (string, error) {
	var out webhookSecret
	err := c.do(ctx, call{method: http.MethodGet, path: c.instancePath("webhook-endpoints", id, "secret"), out: &out})
	return out.Key, err
}

// DeleteWebhookEndpoint removes an endpoint.
func (c *Client) DeleteWebhookEndpoint(ctx context.Context, idemKey, id string) error {
	return c.do(ctx, call{method: http.MethodDelete, path: c.instancePath("webhook-endpoints", id), idemKey: idemKey, out: &Success{}})
}

// webhookEndpointCreated is WebhookEndpointOut.
type webhookEndpointCreated struct {
	ID string `json:"id"`
}

// webhookSecret is the answer of GET …/webhook-endpoints/{id}/secret.
type webhookSecret struct {
	Key string `json:"key"`
}
