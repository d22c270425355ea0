package blindpay

import (
	"context"
	"net/http"
)

// CreateWalletRequest opens a managed wallet (CreateWalletIn): BlindPay
// holds its keys, so a payin can settle into it and a payout can be funded
// from it in one call, with no on-chain approval by the customer. Managed
// wallets need an approved customer and are a beta feature in production.
type CreateWalletRequest struct {
	Network    string `json:"network"` // base in production, base_sepolia on development
	Name       string `json:"name"`
	ExternalID string `json:"external_id,omitempty"`
}

// Wallet is a managed wallet (WalletOut); its id starts bl_.
type Wallet struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	ExternalID string `json:"external_id"`
	Address    string `json:"address"`
	Network    string `json:"network"`
	CreatedAt  string `json:"created_at"`
}

// CreateWallet opens a managed wallet for a customer.
func (c *Client) CreateWallet(ctx context.Context, idemKey, customerID string, req CreateWalletRequest) (Wallet, error) {
	var out Wallet
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("customers", customerID, "wallets"), idemKey: idemKey, in: req, out: &out})
}

// GetWallet returns a customer's managed wallet.
func (c *Client) GetWallet(ctx context.Context, customerID, id string) (Wallet, error) {
	var out Wallet
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("customers", customerID, "wallets", id), out: &out})
}

// ListWallets returns a customer's managed wallets (at most 10).
func (c *Client) ListWallets(ctx context.Context, customerID string) ([]Wallet, error) {
	var out []Wallet
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("customers", customerID, "wallets"), out: &out})
}

// CreateBlockchainWalletRequest registers an external wallet by its
// address (CreateBlockchainWalletIn, the "direct address" flow).
type CreateBlockchainWalletRequest struct {
	Name                 string `json:"name"`
	Network              string `json:"network"`
	Address              string `json:"address,omitempty"`
	SignatureTxHash      string `json:"signature_tx_hash,omitempty"`
	IsAccountAbstraction *bool  `json:"is_account_abstraction,omitempty"`
}

// BlockchainWallet is an external wallet (BlockchainWalletOut); its id
// starts bw_. A payin quote can deliver to it instead of a managed wallet.
type BlockchainWallet struct {
	ID                   string `json:"id"`
	CustomerID           string `json:"customer_id"`
	Name                 string `json:"name"`
	Network              string `json:"network"`
	Address              string `json:"address"`
	SignatureTxHash      string `json:"signature_tx_hash"`
	IsAccountAbstraction *bool  `json:"is_account_abstraction"`
}

// CreateBlockchainWallet registers an external wallet for a customer.
func (c *Client) CreateBlockchainWallet(ctx context.Context, idemKey, customerID string, req CreateBlockchainWalletRequest) (BlockchainWallet, error) {
	var out BlockchainWallet
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("customers", customerID, "blockchain-wallets"), idemKey: idemKey, in: req, out: &out})
}

// GetBlockchainWallet returns a customer's external wallet.
func (c *Client) GetBlockchainWallet(ctx context.Context, customerID, id string) (BlockchainWallet, error) {
	var out BlockchainWallet
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("customers", customerID, "blockchain-wallets", id), out: &out})
}
