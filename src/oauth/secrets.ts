/** The secrets of the authorization server: random values handed out once, stored only as their SHA-256. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random secret: 32 bytes, base64url, after a short prefix that says what it is (`jat_` an access token…). */
export function newSecret(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** What is stored for a secret: its SHA-256, hex. A hash of a 256-bit random value cannot be turned back. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** PKCE S256 (RFC 7636): BASE64URL(SHA256(verifier)). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Equal strings, compared in constant time. */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
