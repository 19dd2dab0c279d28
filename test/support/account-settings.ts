import type { Transactions } from '../../src/application/shared/ports/transactions.js';
import type { InMemoryMailOutbox } from '../../src/infrastructure/mail/in-memory-mail-outbox.js';
import type { InMemoryOneTimeTokens } from '../../src/infrastructure/links/in-memory-one-time-tokens.js';
import type { InMemoryAuditEvents } from '../../src/infrastructure/audit/in-memory-audit-events.js';

/** The origin of the links in messages (APP_URL) in the test app. */
import { TEST_APP_URL } from './accounts.js';

export { TEST_APP_URL };

/** How long a test app's email-change link works: a day, the default. */
export const TEST_EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The in-memory stores a change of an account writes, on one transaction with the test app's users. */
export interface TestAccountStores {
  readonly transactions: Transactions;
  readonly tokens: InMemoryOneTimeTokens;
  /** What was queued for delivery: `outbox.queued`. */
  readonly outbox: InMemoryMailOutbox;
  /** The audit trail, on the same transactions. */
  readonly audit: InMemoryAuditEvents;
}
