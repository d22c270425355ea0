import type { TFunction } from 'i18next';
import { Button } from '@/components/ui/button';
import { SummaryList } from './summary-list';

interface SpeiInstructionsProps {
  t: TFunction<'wizard'>;
  amount: string;
  clabe: string;
  bankName: string;
  beneficiary: string;
  onCopy: () => void;
}

/**
 * SpeiInstructions are the SPEI transfer's details (amount, CLABE, bank,
 * beneficiary) and a button copying them (wizard step 6 and the dashboard).
 */
export function SpeiInstructions({ t, amount, clabe, bankName, beneficiary, onCopy }: SpeiInstructionsProps) {
  return (
    <section aria-labelledby="spei-heading" className="mt-6">
      <h3 id="spei-heading" className="text-lg font-semibold text-ink">
        {t('pay.spei.heading')}
      </h3>
      <SummaryList
        className="mt-3"
        rows={[
          { label: t('pay.spei.amount'), value: amount },
          { label: t('pay.spei.method'), value: t('pay.spei.methodValue') },
          { label: t('pay.spei.clabe'), value: <span className="font-mono tracking-wider" data-testid="spei-clabe">{clabe}</span> },
          { label: t('pay.spei.bankName'), value: bankName },
          { label: t('pay.spei.beneficiary'), value: beneficiary },
        ]}
      />
      <Button variant="secondary" className="mt-3 w-full sm:w-auto" onClick={onCopy}>
        {t('pay.spei.copy')}
      </Button>
    </section>
  );
}
