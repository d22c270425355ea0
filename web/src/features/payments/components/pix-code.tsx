import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import QRCode from 'qrcode';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** QR_OPTIONS: the spec's QR code size. */
export const QR_OPTIONS = { width: 256, margin: 2 } as const;

function useQrDataUrl(value: string): { url: string | null; failed: boolean } {
  const [result, setResult] = useState<{ value: string; url: string | null; failed: boolean }>({ value: '', url: null, failed: false });
  useEffect(() => {
    if (!value) return;
    let live = true;
    QRCode.toDataURL(value, { ...QR_OPTIONS })
      .then((url) => live && setResult({ value, url, failed: false }))
      .catch(() => live && setResult({ value, url: null, failed: true }));
    return () => {
      live = false;
    };
  }, [value]);
  return result.value === value ? result : { url: null, failed: false };
}

/**
 * PixCode is the BR Code to pay: its QR code drawn in the browser, the
 * copy-and-paste text and a copy button (wizard step 6 and the dashboard).
 */
export function PixCode({ t, value, amount, onCopy }: { t: TFunction<'wizard'>; value: string; amount: string; onCopy: () => void }) {
  const qr = useQrDataUrl(value);
  return (
    <section aria-labelledby="qr-heading" className="mt-6 grid items-start gap-6 sm:grid-cols-[auto_1fr]">
      <div className="mx-auto text-center sm:mx-0">
        <h3 id="qr-heading" className="text-lg font-semibold text-ink">
          {t('pay.qrHeading')}
        </h3>
        {qr.url ? (
          <img
            src={qr.url}
            width={QR_OPTIONS.width}
            height={QR_OPTIONS.width}
            alt={t('pay.qrAlt', { amount })}
            data-testid="pix-qr"
            className="mx-auto mt-3 rounded-lg border border-slate-200 bg-white"
          />
        ) : qr.failed ? (
          <p className="mt-3 text-sm text-red-800">{t('pay.qrError')}</p>
        ) : (
          <div className="mx-auto mt-3 h-64 w-64 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0">
        <p className="text-sm text-slate-700">{t('pay.qrHint')}</p>
        <Label htmlFor="pix-deposit-address" className="mt-4">
          {t('pay.depositAddress')}
        </Label>
        <Textarea
          id="pix-deposit-address"
          readOnly
          rows={5}
          value={value}
          className="break-all font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" className="mt-3 w-full sm:w-auto" onClick={onCopy}>
          {t('pay.copyAddress')}
        </Button>
      </div>
    </section>
  );
}
