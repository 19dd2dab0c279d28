import { message, type Message } from '../shared/message.js';
import { inTime } from '../shared/messages.js';

/** What the login by an emailed code tells a visitor. */
export const loginCodeMessages = {
  codeSent: message('accounts:loginCodeMessages.codeSent'),
  malformedCode: message('accounts:loginCodeMessages.malformedCode'),
  invalidCode: message('accounts:loginCodeMessages.invalidCode'),
} as const;

/** A request for a code past the throttle's limit. */
export function loginCodeThrottled(retryAfterSeconds: number): Message {
  return message('accounts:loginCodeMessages.throttled', { when: inTime(retryAfterSeconds) });
}
