import type { Context } from 'koa';
import type { PasskeyChallenge, RegistrationChallenge } from '../../application/passkeys/passkey-challenge.js';
import { isUserId } from '../../domain/shared/user.js';

/**
 * The challenge of a passkey ceremony lives in the session until its answer comes: a
 * registration's in the logged-in user's session, a login's in the visitor's (which
 * makes the anonymous visitor a stored session, for at most the challenge's life: the
 * answer drops it, and an empty session with it), a second factor's beside its pending
 * login (a field of its own, so a challenge counted against the login budget cannot
 * answer a second factor, counted against the second factor's). Taking a challenge
 * removes it, so an answer, right or wrong, uses it up.
 */
const REGISTRATION = 'passkeyRegistration';
const LOGIN = 'passkeyLogin';
const SECOND_FACTOR = 'passkeySecondFactor';

type Field = typeof REGISTRATION | typeof LOGIN | typeof SECOND_FACTOR;

/** Keeps a registration's challenge, replacing any earlier one. */
export function keepRegistrationChallenge(ctx: Context, challenge: RegistrationChallenge): void {
  keep(ctx, REGISTRATION, challenge);
}

/** Takes the registration's challenge out of the session; null when there is none (or it is malformed). */
export function takeRegistrationChallenge(ctx: Context): RegistrationChallenge | null {
  const value = take(ctx, REGISTRATION);
  if (!isChallenge(value)) return null;
  const { userId, userHandle } = value as { userId?: unknown; userHandle?: unknown };
  if (!isUserId(userId) || typeof userHandle !== 'string') return null;
  return { challenge: value.challenge, expiresAt: value.expiresAt, userId, userHandle };
}

/** Keeps a login's challenge, replacing any earlier one. */
export function keepLoginChallenge(ctx: Context, challenge: PasskeyChallenge): void {
  keep(ctx, LOGIN, challenge);
}

/** Takes the login's challenge out of the session; null when there is none (or it is malformed). */
export function takeLoginChallenge(ctx: Context): PasskeyChallenge | null {
  const value = take(ctx, LOGIN);
  return isChallenge(value) ? { challenge: value.challenge, expiresAt: value.expiresAt } : null;
}

/** Keeps a second factor's challenge, beside the pending login, replacing any earlier one. */
export function keepSecondFactorChallenge(ctx: Context, challenge: PasskeyChallenge): void {
  keep(ctx, SECOND_FACTOR, challenge);
}

/** Takes the second factor's challenge out of the session; null when there is none (or it is malformed). */
export function takeSecondFactorChallenge(ctx: Context): PasskeyChallenge | null {
  const value = take(ctx, SECOND_FACTOR);
  return isChallenge(value) ? { challenge: value.challenge, expiresAt: value.expiresAt } : null;
}

/**
 * Ends a session left empty by taking its challenge (an anonymous visitor's, after a
 * refused login), so the store does not keep it. Call it only on a refusal: a session
 * set to null cannot be logged in on in the same request.
 */
export function dropEmptySession(ctx: Context): void {
  const session = ctx.session;
  if (session && Object.keys(session.toJSON()).length === 0) ctx.session = null;
}

function keep(ctx: Context, field: Field, challenge: PasskeyChallenge): void {
  if (ctx.session) (ctx.session as Record<string, unknown>)[field] = { ...challenge };
}

function take(ctx: Context, field: Field): unknown {
  const session = ctx.session as Record<string, unknown> | null;
  if (!session || !(field in session)) return undefined;
  const value = session[field];
  Reflect.deleteProperty(session, field);
  return value;
}

function isChallenge(value: unknown): value is PasskeyChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { challenge, expiresAt } = value as { challenge?: unknown; expiresAt?: unknown };
  return typeof challenge === 'string' && typeof expiresAt === 'number' && Number.isFinite(expiresAt);
}
