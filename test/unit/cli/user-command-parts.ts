import type { UserCommandDependencies } from '../../../src/cli/user-commands.js';
import type { SecurityEvents } from '../../../src/application/shared/ports/security-events.js';
import { administrationIds } from '../../../src/infrastructure/administration/administration-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import type { InMemoryAccounts } from '../../support/accounts.js';

/**
 * The user commands' use cases as the composition root builds them, on the accounts'
 * in-memory stores; recording into `securityEvents` when given (which then replaces the
 * container's recorder, before any use case is built).
 */
export function userCommandParts(accounts: InMemoryAccounts, securityEvents?: SecurityEvents): UserCommandDependencies {
  const { get, replace } = accounts.container;
  if (securityEvents) replace(sharedIds.securityEvents, securityEvents);
  return {
    listUsers: get(administrationIds.listUsers),
    administration: get(administrationIds.administration),
  };
}
