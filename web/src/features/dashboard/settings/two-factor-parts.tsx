import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** QrImage draws the otpauth:// URI as a QR code in the browser (the secret never leaves it). */
export function QrImage({ value }: { value: string }) {
  const { t } = useTranslation('dashboard');
  const [url, setUrl] = useState<{ value: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((u) => live && setUrl({ value, url: u }))
      .catch(() => live && setUrl({ value, url: null }));
    return () => {
      live = false;
    };
  }, [value]);
  if (!url || url.value !== value) return <div className="h-48 w-48 animate-pulse rounded bg-slate-100" />;
  if (!url.url) return <p className="text-sm text-slate-700">{t('twoFactor.qrFailed')}</p>;
  return <img src={url.url} width={192} height={192} alt={t('twoFactor.qrAlt')} className="rounded border border-slate-200" />;
}

/** RecoveryCodes shows the recovery codes once, to copy or download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n') + '\n';
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="mt-4 space-y-3">
      <p role="status" className="font-semibold text-green-800">
        {t('twoFactor.on')}
      </p>
      <p className="text-slate-800">{t('twoFactor.codesOnce')}</p>
      <ul aria-label={t('twoFactor.codesLabel')} className="grid max-w-sm grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
        </Button>
        <a href={href} download="crebit-recovery-codes.txt" className="inline-flex h-11 items-center rounded-lg border border-slate-300 bg-white px-5 font-semibold text-ink hover:bg-slate-50">
          {t('twoFactor.download')}
        </a>
        <Button onClick={onDone}>{t('twoFactor.done')}</Button>
      </div>
    </div>
  );
}
