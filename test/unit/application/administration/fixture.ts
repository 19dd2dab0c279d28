import type { SessionRecord } from '../../../../src/application/shared/ports/session-storage.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { inMemoryAccounts } from '../../../support/accounts.js';
import { testSecurityEvents } from '../../../support/audit/security-events.js';
import { captureLog } from '../../../support/captured-log.js';
import { devicesIds } from '../../../../src/infrastructure/devices/devices-ids.js';
import { twoFactorIds } from '../../../../src/infrastructure/two-factor/two-factor-ids.js';

/**
 * Root (id 1, an administrator) and Ada (id 2) in fresh in-memory stores, each with one
 * live session; `events` records into `log` and the stores' audit trail, and `recorded()`
 * reads back what was recorded.
 */
export async function rootAndAda() {
  const accounts = inMemoryAccounts();
  const { users } = accounts;
  for (const email of ['root@example.com', 'ada@example.com']) {
    await users.create({ email: Email.parse(email) as Email, passwordHash: `fake$10$${email}`, phone: null });
  }
  await users.setAdmin(1, true);
  const { sessions, rememberTokens, container } = accounts;
  const now = Date.now();
  const record = (userId: number): SessionRecord => ({ data: {}, userId, expiresAt: now + 60_000, absoluteExpiresAt: now + 60_000, device: null });
  await sessions.insert('root-session', record(1));
  await sessions.insert('ada-session', record(2));
  /** The stored user with this id; fails the test when there is none. */
  const user = async (id: number) => {
    const found = await users.findById(id);
    if (!found) throw new Error(`no user ${id}`);
    return found;
  };
  const endSessions = container.get(devicesIds.endSessions);
  // The second factors as the app reads them, on these accounts' stores.
  const getSecondFactors = container.get(twoFactorIds.getSecondFactors);
  const log = captureLog();
  const { events } = testSecurityEvents({ logger: log.logger, audit: accounts.audit });
  /** Each event line so far, as [event, userId, actorId, reason] (null for a field it lacks). */
  const recorded = () => log.lines().map((line) => [line.event, line.userId ?? null, line.actorId ?? null, line.reason ?? null]);
  return { ...accounts, sessions, rememberTokens, endSessions, now, user, getSecondFactors, events, log, recorded };
}
