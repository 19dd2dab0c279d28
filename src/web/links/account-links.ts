import type { AccountLinks } from '../../application/links/ports/account-links.js';

/**
 * The links of the messages, on the public origin (APP_URL) and never on a request's
 * Host header (Host-header poisoning). The token rides in the query string, which the
 * access log leaves out.
 */
export function accountLinks(appUrl: string): AccountLinks {
  const link = (path: string, token: string) => `${appUrl}${path}?${new URLSearchParams({ token }).toString()}`;
  return {
    passwordReset: (token) => link('/password/reset', token),
    emailVerification: (token) => link('/email/verify', token),
    emailChange: (token) => link('/email/change', token),
  };
}
