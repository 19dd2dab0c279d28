import { isUserId, type UserId } from '../../domain/shared/user.js';

/** How long a visitor has to come back from a provider. */
export const PROVIDER_SIGN_IN_MS = 10 * 60 * 1000;

/** What a trip to a provider is for: logging in (or signing up), linking it to the logged-in user, or a fresh sign-in for sudo. */
export type ProviderPurpose = 'login' | 'link' | 'confirm';

/**
 * A trip to a provider under way: what the web keeps in the visitor's session, as plain
 * JSON, from `GET /auth/<name>` to its callback, and takes out (so uses once) there.
 */
export interface PendingProviderSignIn {
  readonly provider: string;
  readonly purpose: ProviderPurpose;
  /** The logged-in user a link or a confirmation is for; null for a login. */
  readonly userId: UserId | null;
  /** "Keep me logged in on this device", ticked on the login page. */
  readonly remember: boolean;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** A pending sign-in as read back from the session: null when it is malformed, expired, or not for this provider. */
export function livePendingSignIn(value: unknown, provider: string, now: number): PendingProviderSignIn | null {
  if (typeof value !== 'object' || value === null) return null;
  const pending = value as Record<string, unknown>;
  const strings = ['provider', 'state', 'nonce', 'codeVerifier'].every((field) => typeof pending[field] === 'string');
  const purposeOk = pending.purpose === 'login' || pending.purpose === 'link' || pending.purpose === 'confirm';
  const userOk = pending.purpose === 'login' ? pending.userId === null : isUserId(pending.userId);
  if (!strings || !purposeOk || !userOk || typeof pending.remember !== 'boolean') return null;
  if (typeof pending.expiresAt !== 'number' || !(pending.expiresAt > now) || pending.expiresAt - now > PROVIDER_SIGN_IN_MS) return null;
  if (pending.provider !== provider) return null;
  return value as PendingProviderSignIn;
}
