import { EndSessions } from '../../../../src/application/devices/end-sessions.js';
import type { SessionRecord } from '../../../../src/application/shared/ports/session-storage.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { MemorySessionStorage } from '../../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { inMemoryAccounts } from '../../../support/accounts.js';
import { InMemoryRememberTokens } from '../../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { ManualClock, testThrottle } from '../../../support/throttle.js';
import { testTwoFactor } from '../../../support/two-factor.js';

/** Root (id 1, an administrator) and Ada (id 2) in fresh in-memory stores, each with one live session. */
export async function rootAndAda() {
  const accounts = inMemoryAccounts();
  const { users } = accounts;
  for (const email of ['root@example.com', 'ada@example.com']) {
    await users.create({ email: Email.parse(email) as Email, passwordHash: `fake$10$${email}`, phone: null });
  }
  await users.setAdmin(1, true);
  const sessions = new MemorySessionStorage();
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
  const clock = new ManualClock();
  // The second factors as the app reads them, on these accounts' stores.
  const twoFactor = testTwoFactor({ users, transactions: accounts.transactions, throttle: testThrottle({}, clock), clock });
  const endSessions = new EndSessions(sessions, new InMemoryRememberTokens());
  return { ...accounts, sessions, endSessions, now, user, getSecondFactors: twoFactor.services.getSecondFactors };
}
