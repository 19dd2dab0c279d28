import { randomBytes, randomFillSync } from 'node:crypto';

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

/** The shape of a session's public handle: 128 random bits in hex. */
export const SESSION_HANDLE_SHAPE = /^[0-9a-f]{32}$/;

/**
 * A new public handle for a session: what the sessions page names a session by
 * (to log it out), in place of its id. Random, so nothing about the id can be learnt
 * or forged from it; made once per login.
 */
export function newSessionHandle(): string {
  return randomBytes(16).toString('hex');
}
