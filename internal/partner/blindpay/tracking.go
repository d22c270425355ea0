package blindpay

// Statuses of payins and payouts. completed, failed and refunded are final.
const (
	StatusProcessing = "processing"
	StatusOnHold     = "on_hold"
	StatusCompleted  = "completed"
	StatusFailed     = "failed"
	StatusRefunded   = "refunded"
)

// Tracking is one step of a payin's or payout's progress (the tracking_*
// objects). It is the union of their fields; each step fills its own.
// step is processing, on_hold, pending_review or completed.
type Tracking struct {
	Step        string `json:"step"`
	Status      string `json:"status"`
	CompletedAt string `json:"completed_at"`

	TransactionHash        string `json:"transaction_hash"`
	ExternalID             string `json:"external_id"`
	ProviderName           string `json:"provider_name"`
	ProviderIntegration    string `json:"provider_integration"`
	ProviderTransactionID  string `json:"provider_transaction_id"`
	ProviderStatus         string `json:"provider_status"`
	ProviderErrorReason    string `json:"provider_error_reason"`
	ProviderUETR           string `json:"provider_uetr"`
	ProviderIMAD           string `json:"provider_imad"`
	ProviderReference      string `json:"provider_reference"`
	ProviderClearingSystem string `json:"provider_clearing_system"`
	EstimatedTimeOfArrival string `json:"estimated_time_of_arrival"`
	LedgerInTransactionID  string `json:"ledger_in_transaction_id"`
	LedgerOutTransactionID string `json:"ledger_out_transaction_id"`

	// RefundReason says why a payout's tokens went back (tracking_complete).
	RefundReason string `json:"refund_reason"`
	ReviewedBy   string `json:"reviewed_by"`
	ReviewSource string `json:"review_source"`
	// ApprovedRiskSources lists the risk checks a payin passed.
	ApprovedRiskSources []string `json:"approved_risk_sources"`

	// The payer as their bank reported them, once a payin's money arrived
	// (tracking_transaction): for Pix the BACEN end-to-end id, for SPEI the
	// trace number.
	SenderName           string `json:"sender_name"`
	SenderBankName       string `json:"sender_bank_name"`
	SenderTaxID          string `json:"sender_tax_id"`
	SenderBankCode       string `json:"sender_bank_code"`
	SenderAccountNumber  string `json:"sender_account_number"`
	EndToEndID           string `json:"end_to_end_id"`
	TraceNumber          string `json:"trace_number"`
	TransactionReference string `json:"transaction_reference"`
	Description          string `json:"description"`

	// The payee as the payout's bank reported it (tracking_payment).
	RecipientName          string `json:"recipient_name"`
	RecipientTaxID         string `json:"recipient_tax_id"`
	RecipientBankCode      string `json:"recipient_bank_code"`
	RecipientBranchCode    string `json:"recipient_branch_code"`
	RecipientAccountNumber string `json:"recipient_account_number"`
	RecipientAccountType   string `json:"recipient_account_type"`
	CoelsaID               string `json:"coelsa_id"`
}
