import { message } from '../shared/message.js';

/** What the login's second step tells a visitor about the login itself. */
export const loginMessages = {
  pendingLoginExpired: message('accounts:loginMessages.pendingLoginExpired'),
} as const;
