import { ledgerAmount } from '../lib/ledger';
import { TableScroll, td, th } from './section';

/** BalancesTable lists ledger balances: account, currency, balance (Health's shared accounts, Explain's payment accounts). */
export function BalancesTable({
  label,
  heads,
  balances,
}: {
  label: string;
  heads: { account: string; currency: string; balance: string };
  balances: Array<{ account: string; currency: string; balance: number }>;
}) {
  return (
    <TableScroll label={label}>
      <table className="w-full min-w-[28rem] border-collapse">
        <thead>
          <tr>
            <th scope="col" className={th}>{heads.account}</th>
            <th scope="col" className={th}>{heads.currency}</th>
            <th scope="col" className={`${th} text-right`}>{heads.balance}</th>
          </tr>
        </thead>
        <tbody>
          {balances.map((b) => (
            <tr key={`${b.account}-${b.currency}`}>
              <td className={`${td} break-all font-mono text-xs`}>{b.account}</td>
              <td className={td}>{b.currency}</td>
              <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{ledgerAmount(b.balance, b.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
