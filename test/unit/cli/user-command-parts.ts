import type { UserCommandDependencies } from '../../../src/cli/user-commands.js';
import type { SecurityEvents } from '../../../src/application/shared/ports/security-events.js';
import { administrationIds } from '../../../src/infrastructure/administration/administration-ids.js';
import { testSecurityEvents } from '../../support/audit/security-events.js';
import type { InMemoryAccounts } from '../../support/accounts.js';

/** The user commands' use cases as the composition root builds them, on the accounts' in-memory stores. */
export function userCommandParts(
  accounts: InMemoryAccounts,
  securityEvents: SecurityEvents = testSecurityEvents().events,
): UserCommandDependencies {
  const { get } = accounts.container;
  return {
    securityEvents,
    listUsers: get(administrationIds.listUsers),
    administration: get(administrationIds.administration),
  };
}
