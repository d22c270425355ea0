import { useTranslation } from 'react-i18next';
import type { Explanation } from '../api/explain-payment';
import { Section } from '../components/section';

/** RailReferences shows the Pix end-to-end id or the SPEI tracking key, with Banxico's CEP page for SPEI. */
export function RailReferences({ rail, method }: { rail: Explanation['rail']; method: 'pix' | 'spei' }) {
  const { t } = useTranslation('ops');
  const none = !rail.pix_end_to_end_id && !rail.spei_tracking_key;
  return (
    <Section title={t('explain.rail.title')}>
      {none ? (
        <p className="text-slate-700">{t(`explain.rail.none.${method}`)}</p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {rail.pix_end_to_end_id ? (
            <>
              <dt className="font-semibold text-slate-700">{t('explain.rail.pix')}</dt>
              <dd className="break-all font-mono">{rail.pix_end_to_end_id}</dd>
            </>
          ) : null}
          {rail.spei_tracking_key ? (
            <>
              <dt className="font-semibold text-slate-700">{t('explain.rail.spei')}</dt>
              <dd className="break-all font-mono">
                {rail.spei_tracking_key}
                {rail.cep_url ? (
                  <a href={rail.cep_url} target="_blank" rel="noreferrer noopener" className="ml-3 font-sans font-semibold text-blue-700 underline">
                    {t('explain.rail.cep')}
                  </a>
                ) : null}
              </dd>
            </>
          ) : null}
        </dl>
      )}
    </Section>
  );
}
