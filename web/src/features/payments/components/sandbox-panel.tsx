import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { SandboxEvent } from '../api/trigger-mock-webhook';
import { FlaskIcon } from './icons';

/**
 * SandboxPanel lets a person who runs the product locally act as the
 * payer's bank. It is only shown when the server says it uses the sandbox
 * partner (GET /api/config), never with a real partner.
 */
export function SandboxPanel({ onSimulate }: { onSimulate: (event: SandboxEvent) => Promise<boolean> }) {
  const { t } = useTranslation('wizard');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<SandboxEvent | null>(null);
  const run = async (event: SandboxEvent) => {
    setBusy(true);
    try {
      if (await onSimulate(event)) setSent(event);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="sandbox-heading"
      className="mt-8 rounded-xl border-2 border-dashed border-purple-400 bg-purple-50 p-4"
      data-testid="sandbox-panel"
    >
      <h3 id="sandbox-heading" className="flex items-center gap-2 text-lg font-bold text-purple-900">
        <FlaskIcon />
        {t('sandbox.heading')}
      </h3>
      <p className="mt-1 text-sm text-purple-950">{t('sandbox.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void run('payin_completed')} disabled={busy} className="bg-purple-800 hover:bg-purple-900">
          {t('sandbox.simulatePayment')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void run('payin_processing')} disabled={busy}>
          {t('sandbox.simulateProcessing')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void run('payin_failed')} disabled={busy}>
          {t('sandbox.simulateFailure')}
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm text-purple-950">
        {sent ? t('sandbox.sent', { event: sent }) : null}
      </p>
    </section>
  );
}
