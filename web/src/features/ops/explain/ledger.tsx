import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/money';
import type { Explanation } from '../api/explain-payment';
import { byCurrency, ledgerAmount } from '../lib/ledger';
import { BalancesTable } from '../components/balances-table';
import { Section, TableScroll, td, th } from '../components/section';

type Posting = NonNullable<Explanation['ledger']>[number];
type Balance = NonNullable<Explanation['balances']>[number];

/** Ledger shows the payment's postings, their entries per currency (each sums to zero), and the touched accounts' balances now. */
export function Ledger({ postings, balances }: { postings: Posting[]; balances: Balance[] }) {
  const { t } = useTranslation('ops');
  return (
    <Section title={t('explain.ledger.title')}>
      {postings.length === 0 ? (
        <p className="text-slate-700">{t('explain.ledger.none')}</p>
      ) : (
        <ul className="space-y-4">
          {postings.map((p) => (
            <li key={p.id}>
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-mono text-sm font-semibold text-ink">{p.kind}</span>
                <time dateTime={p.at} className="text-sm text-slate-700">
                  {formatDateTime(new Date(p.at), { dateStyle: 'medium', timeStyle: 'medium' })}
                </time>
                <span className="break-all font-mono text-xs text-slate-500">{p.id}</span>
              </p>
              <TableScroll label={t('explain.ledger.entriesOf', { kind: p.kind })}>
                <table className="mt-1 w-full min-w-[28rem] border-collapse">
                  <thead>
                    <tr>
                      <th scope="col" className={th}>{t('explain.ledger.currency')}</th>
                      <th scope="col" className={th}>{t('explain.ledger.account')}</th>
                      <th scope="col" className={`${th} text-right`}>{t('explain.ledger.amount')}</th>
                    </tr>
                  </thead>
                  {byCurrency(p.entries).map((g) => (
                    <tbody key={g.currency}>
                      {g.entries.map((e, i) => (
                        <tr key={`${e.account}-${i}`}>
                          <td className={td}>{i === 0 ? g.currency : ''}</td>
                          <td className={`${td} break-all font-mono text-xs`}>{e.account}</td>
                          <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{ledgerAmount(e.amount, e.currency)}</td>
                        </tr>
                      ))}
                      <tr>
                        <td className={td} />
                        <td colSpan={2} className={`${td} text-right text-xs font-semibold ${g.balanced ? 'text-green-800' : 'text-red-800'}`}>
                          {g.balanced ? t('explain.ledger.balanced', { currency: g.currency }) : t('explain.ledger.unbalanced', { currency: g.currency })}
                        </td>
                      </tr>
                    </tbody>
                  ))}
                </table>
              </TableScroll>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mb-2 mt-6 text-base font-semibold text-ink">{t('explain.ledger.balances')}</h3>
      {balances.length === 0 ? (
        <p className="text-slate-700">{t('explain.ledger.noBalances')}</p>
      ) : (
        <BalancesTable
          label={t('explain.ledger.balances')}
          heads={{ account: t('explain.ledger.account'), currency: t('explain.ledger.currency'), balance: t('explain.ledger.balance') }}
          balances={balances}
        />
      )}
    </Section>
  );
}
