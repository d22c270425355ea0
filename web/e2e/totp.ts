import { createHmac } from 'node:crypto';

/** totp computes an RFC 6238 code (SHA-1, 6 digits, 30 s steps) from a base32 secret. */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counterBuf = Buffer.alloc(8);
  counterBuf.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const h = createHmac('sha1', key).update(counterBuf).digest();
  const o = h[h.length - 1]! & 0xf;
  const n = ((h[o]! & 0x7f) << 24) | (h[o + 1]! << 16) | (h[o + 2]! << 8) | h[o + 3]!;
  return String(n % 1_000_000).padStart(6, '0');
}

/**
 * previousCode is the code of the step before the current one, for turning
 * two-factor on, so that a sign-in right after can use the current step (the
 * server takes no step twice). The server takes a step either side of its
 * own, so near a step's end this waits for the next one: a code of step N-1
 * computed in the last seconds of step N would reach a busy server in step
 * N+1, where it is refused (CI found it at load 16).
 */
export async function previousCode(secret: string): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 250));
  return totp(secret, Date.now() - 30_000);
}
