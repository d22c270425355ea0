import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/money';
import type { FoundPayment } from '../api/find-payments';
import { StateBadge } from '../components/state-badge';
import { TableScroll, td, th } from '../components/section';

/** PaymentsTable lists found payments; each transaction id opens its Explain. */
export function PaymentsTable({ payments, caption }: { payments: FoundPayment[]; caption: string }) {
  const { t } = useTranslation('ops');
  return (
    <TableScroll label={caption}>
      <table className="w-full min-w-[56rem] border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>{t('table.transaction')}</th>
            <th scope="col" className={th}>{t('table.created')}</th>
            <th scope="col" className={th}>{t('table.payer')}</th>
            <th scope="col" className={th}>{t('table.corridor')}</th>
            <th scope="col" className={`${th} text-right`}>{t('table.local')}</th>
            <th scope="col" className={`${th} text-right`}>{t('table.usd')}</th>
            <th scope="col" className={th}>{t('table.status')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.transaction_id}>
              <td className={td}>
                <Link to={`/ops/payments/${encodeURIComponent(p.transaction_id)}`} className="font-mono text-xs font-semibold text-blue-800 underline">
                  {p.transaction_id}
                </Link>
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatDateTime(new Date(p.created_at))}</td>
              <td className={td}>
                <span className="block font-medium">{p.payer_name}</span>
                <span className="block break-all text-xs text-slate-600">{p.payer_email}</span>
              </td>
              <td className={`${td} whitespace-nowrap`}>{t(`corridors.${p.corridor}`)}</td>
              <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(p.amount_local, p.currency)}</td>
              <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(p.amount_usd, 'USD')}</td>
              <td className={td}>
                <StateBadge state={p.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
