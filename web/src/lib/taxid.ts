// The check-digit rules of internal/taxid, for the browser: a field is
// checked when it is left, with the same answer the server gives when the
// form is sent. Each returns null when the value holds, or the problem.

export type TaxIdProblem = 'format' | 'length' | 'checkDigit' | 'date';

const digitsOnly = (s: string) => /^\d*$/.test(s);
const allSame = (s: string) => s !== '' && [...s].every((c) => c === s[0]);
const stripBrazil = (s: string) => s.replace(/[.\-/\s]/g, '');

function mod11Digit(sum: number): number {
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** checkCpf: 11 digits (separators . - / allowed), not all the same, both check digits right. */
export function checkCpf(text: string): TaxIdProblem | null {
  const d = stripBrazil(text);
  if (!digitsOnly(d)) return 'format';
  if (d.length !== 11) return 'length';
  if (allSame(d)) return 'format';
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < 9; i++) {
    const v = Number(d[i]);
    s1 += v * (10 - i);
    s2 += v * (11 - i);
  }
  const dv1 = mod11Digit(s1);
  const dv2 = mod11Digit(s2 + dv1 * 2);
  return Number(d[9]) === dv1 && Number(d[10]) === dv2 ? null : 'checkDigit';
}

const cnpjW1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const cnpjW2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** checkCnpj: 14 characters (12 letters or digits, 2 check digits). */
export function checkCnpj(text: string): TaxIdProblem | null {
  const d = stripBrazil(text).toUpperCase();
  if (!/^[0-9A-Z]*$/.test(d)) return 'format';
  if (d.length !== 14) return 'length';
  if (!digitsOnly(d.slice(12)) || allSame(d)) return 'format';
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < 12; i++) {
    const v = d.charCodeAt(i) - 48;
    s1 += v * cnpjW1[i]!;
    s2 += v * cnpjW2[i]!;
  }
  const dv1 = mod11Digit(s1);
  const dv2 = mod11Digit(s2 + dv1 * cnpjW2[12]!);
  return Number(d[12]) === dv1 && Number(d[13]) === dv2 ? null : 'checkDigit';
}

/** checkBrazilTaxId: a CPF (11 digits) or a CNPJ (14 characters), as the server's BrazilTaxID. */
export function checkBrazilTaxId(text: string): TaxIdProblem | null {
  const d = stripBrazil(text);
  if (d.length === 11) return checkCpf(d);
  if (d.length === 14) return checkCnpj(d);
  return 'length';
}

const curpPattern = new RegExp(
  '^[A-Z][AEIOUX][A-Z]{2}\\d{6}[HMX]' +
    '(AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)' +
    '[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\\d$',
);

function curpValue(c: string): number {
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (c <= 'N') return code - 65 + 10;
  return code - 79 + 25; // 'O'..'Z' come after the Ñ at index 24.
}

/** checkCurp: 18 characters in RENAPO's layout, a real birth date, the check digit right. */
export function checkCurp(text: string): TaxIdProblem | null {
  // Letters outside A-Z (Ñ, accents) are refused, not dropped.
  if ([...text].some((c) => c.charCodeAt(0) > 0x7f && /[\p{L}\p{N}\p{M}]/u.test(c))) return 'format';
  const c = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (c.length !== 18) return 'length';
  if (!curpPattern.test(c)) return 'format';
  let year = Number(c.slice(4, 6));
  const month = Number(c.slice(6, 8));
  const day = Number(c.slice(8, 10));
  year += /\d/.test(c[16]!) ? 1900 : 2000;
  const dt = new Date(Date.UTC(year, month - 1, day, 12));
  if (dt.getUTCFullYear() !== year || dt.getUTCMonth() !== month - 1 || dt.getUTCDate() !== day) return 'date';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += curpValue(c[i]!) * (18 - i);
  return Number(c[17]) === (10 - (sum % 10)) % 10 ? null : 'checkDigit';
}

const abaWeights = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** checkAba: a US routing number, 9 digits, the 3-7-1 checksum, a Federal Reserve prefix. */
export function checkAba(text: string): TaxIdProblem | null {
  const d = text.replace(/[-\s]/g, '');
  if (!digitsOnly(d)) return 'format';
  if (d.length !== 9) return 'length';
  const sum = [...d].reduce((s, c, i) => s + Number(c) * abaWeights[i]!, 0);
  if (sum % 10 !== 0) return 'checkDigit';
  const p = Number(d.slice(0, 2));
  const assigned = p <= 12 || (p >= 21 && p <= 32) || (p >= 61 && p <= 72) || p === 80;
  return assigned ? null : 'format';
}
