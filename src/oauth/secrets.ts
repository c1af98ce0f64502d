/** The secrets of the authorization server: random values handed out once, stored only as their SHA-256. */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

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

/** Capitals and digits a person reads off a phone without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ONE_TIME_CODE_LENGTH = 8;

/**
 * The code the bot shows the owner after Allow, to be typed into the page they started from: 8 of 31 symbols (about
 * 40 bits) against a few tries is out of reach of guessing. Stored as secretHash(normalisedCode(code)).
 */
export function oneTimeCode(): string {
  return Array.from({ length: ONE_TIME_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** What a person typed, as it is compared: capitals, no spaces or dashes. */
export const normalisedCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');
