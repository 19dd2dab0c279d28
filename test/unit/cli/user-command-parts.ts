import { EndSessions } from '../../../src/application/devices/end-sessions.js';
import { ListUsers } from '../../../src/application/administration/list-users.js';
import { InMemoryRememberTokens } from '../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import type { UserCommandDependencies } from '../../../src/cli/user-commands.js';
import type { SecurityEvents } from '../../../src/application/shared/ports/security-events.js';
import { testAdministration } from '../../support/administration.js';
import { testSecurityEvents } from '../../support/audit/security-events.js';
import { type InMemoryAccounts, testLinkTokens } from '../../support/accounts.js';
import { FakePasswordHasher } from '../../support/fake-password-hasher.js';
import { ManualClock, testThrottle } from '../../support/throttle.js';
import { testTwoFactor } from '../../support/two-factor.js';
import { silentLogger } from '../../../src/web/shared/logger.js';

/** The user commands' use cases on in-memory accounts, and the sessions they count and end. */
export function userCommandParts(
  accounts: InMemoryAccounts,
  sessions = new MemorySessionStorage(),
  securityEvents: SecurityEvents = testSecurityEvents().events,
): UserCommandDependencies {
  const clock = new ManualClock();
  const throttle = testThrottle({}, clock);
  const { transactions, users } = accounts;
  const twoFactor = testTwoFactor({ users, transactions, throttle, clock });
  return {
    securityEvents,
    listUsers: new ListUsers(accounts.users, clock, silentLogger),
    administration: testAdministration({
      users: accounts.users,
      hasher: new FakePasswordHasher(),
      throttle,
      sessions,
      endSessions: new EndSessions(sessions, new InMemoryRememberTokens()),
      transactions: accounts.transactions,
      linkTokens: testLinkTokens(),
      clock,
      sessionClock: { now: Date.now },
      getSecondFactors: twoFactor.services.getSecondFactors,
    }),
  };
}
