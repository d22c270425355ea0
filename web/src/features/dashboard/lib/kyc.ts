// The partner's identity verification (KYC) status, in words and colours.

interface KycBadge {
  labelKey: string;
  /** explainKey: the sentence Settings shows under the status. */
  explainKey: string;
  className: string;
}

const notStarted: KycBadge = {
  labelKey: 'kyc.not_started',
  explainKey: 'kyc.explain.not_started',
  className: 'bg-slate-100 text-slate-800 ring-slate-400/40',
};

const kyc: Record<string, KycBadge> = {
  approved: { labelKey: 'kyc.approved', explainKey: 'kyc.explain.approved', className: 'bg-green-100 text-green-900 ring-green-600/30' },
  under_review: {
    labelKey: 'kyc.under_review',
    explainKey: 'kyc.explain.under_review',
    className: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30',
  },
  rejected: { labelKey: 'kyc.rejected', explainKey: 'kyc.explain.rejected', className: 'bg-red-100 text-red-900 ring-red-600/30' },
  not_started: notStarted,
};

/** kycBadge maps a KYC status to its label key and colours (unknown: not started). */
export function kycBadge(status: string | undefined): KycBadge {
  return kyc[status ?? ''] ?? notStarted;
}
