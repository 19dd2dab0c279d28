/** What the login's second step tells a visitor about the login itself. */
export const loginMessages = {
  pendingLoginExpired: 'Your login has expired. Please log in again.',
} as const;
