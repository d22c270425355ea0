// The competitor figures of the specification (accounts document, section 9:
// the comparison block shared by the rate views). Competitors are named
// generically. When a shared data module for competitor figures exists, this
// file should read from it instead.

export interface Competitor {
  /** key names the i18n strings of the row (compare.<key>, <key>Fee, <key>Time). */
  key: 'transfer' | 'tuition';
  /** BRL and MXN per USD. */
  rates: { BRL: number; MXN: number };
}

export const competitors: Competitor[] = [
  { key: 'transfer', rates: { BRL: 6.06, MXN: 19.28 } },
  { key: 'tuition', rates: { BRL: 5.88, MXN: 19.5 } },
];
