import { inTime } from '../shared/messages.js';

/** What the login by an emailed code tells a visitor. */
export const loginCodeMessages = {
  codeSent:
    'If an account has that address, we have sent it a login code. Type it below: it works once, for 10 minutes.',
  malformedCode: 'Type the 8-digit code from the email.',
  invalidCode: 'That code is wrong or has expired. Try again, or ask for a new code.',
} as const;

/** A request for a code past the throttle's limit. */
export function loginCodeThrottled(retryAfterSeconds: number): string {
  return `Too many login code requests. Please try again ${inTime(retryAfterSeconds)}.`;
}
