// The subscription secret and the delivery signature.
//
// The secret (`whsec_` + 32 random bytes, base64url) is the subscription's only credential: it keys
// the HMAC of every delivery and, sent as `Authorization: Bearer <secret>`, reads, tests or deletes the
// subscription. Bearer checks compare SHA-256 hashes in constant time, so the stored record needs only
// the hash for them (the key for signing is kept sealed: secret-box.ts).
//
// Signature: `X-Service-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw request body bytes keyed
// with the secret (the UTF-8 bytes of the whole secret string, prefix included).

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
export const SIGNATURE_HEADER = 'X-Service-Signature';
export const SIGNATURE_SCHEME = 'sha256';

export function createSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** `sha256=<hex HMAC-SHA256 of body keyed with secret>`. */
export function signBody(secret: string, body: string | Uint8Array): string {
  return `${SIGNATURE_SCHEME}=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** What a receiver does: recompute over the raw bytes and compare in constant time. */
export function verifySignature(secret: string, body: string | Uint8Array, header: string): boolean {
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Hex SHA-256 of the secret: what the store keeps to check a bearer secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Constant-time check of a presented secret against a stored hash (also with a wrong-length input). */
export function secretMatchesHash(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
