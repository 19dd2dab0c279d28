import { randomFillSync } from 'node:crypto';

/** Bytes of CSPRNG output in one session id: 256 bits. */
const ID_BYTES = 32;

/** Ids drawn from one refill of the pool. */
const IDS_PER_REFILL = 128;

/** The shape of every id `newSessionId` makes: 43 base64url characters. */
export const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const pool = Buffer.alloc(ID_BYTES * IDS_PER_REFILL);
let next = pool.length;

/**
 * A new session id: 256 bits from the CSPRNG, base64url (43 characters). The bytes
 * come from a pool refilled by `randomFillSync` 128 ids at a time, as Node's own
 * `randomUUID` does: koa-session draws an id for every request that arrives without
 * a session cookie, and a `randomBytes` call per request is a measurable share of a
 * page view. Every byte is used once; the pool never leaves this module.
 */
export function newSessionId(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const id = pool.toString('base64url', next, next + ID_BYTES);
  next += ID_BYTES;
  return id;
}
