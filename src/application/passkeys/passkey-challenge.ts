import type { UserId } from '../../domain/shared/user.js';

/** How long the answer to a passkey ceremony may take: the browser's own timeout is 1 minute. */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/**
 * A challenge the server handed out and keeps (in the session) until one answer comes:
 * whichever the answer, it is then dropped, so it is used at most once. Times are epoch ms.
 */
export interface PasskeyChallenge {
  readonly challenge: string;
  readonly expiresAt: number;
}

/** A registration's challenge, with the user it was for and the user handle its options carried. */
export interface RegistrationChallenge extends PasskeyChallenge {
  readonly userId: UserId;
  readonly userHandle: string;
}

/** The challenge when it is there and still live at `now`; else null. */
export function liveChallenge<T extends PasskeyChallenge>(pending: T | null, now: number): T | null {
  return pending !== null && pending.expiresAt > now ? pending : null;
}
