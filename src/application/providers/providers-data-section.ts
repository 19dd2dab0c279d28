import type { User } from '../../domain/shared/user.js';
import { exportTime, type PersonalDataSection, type SectionContent } from '../shared/ports/personal-data.js';
import type { LinkedIdentities } from './ports/linked-identities.js';

/**
 * The export's `signInProviders`: whether the account has a password of its own, and
 * each linked provider with the address it gave and the dates, as the account page
 * shows them; never the provider's identifier of the account.
 */
export class ProvidersDataSection implements PersonalDataSection {
  readonly key = 'signInProviders';

  constructor(private readonly identities: LinkedIdentities) {}

  async read(user: User): Promise<SectionContent> {
    const linked = await this.identities.listOfUser(user.id);
    return {
      kind: 'value',
      value: {
        password: !(await this.identities.isPasswordless(user.id)),
        linked: linked.map((identity) => ({
          provider: identity.provider,
          email: identity.email,
          linkedAt: exportTime(identity.linkedAt),
          lastUsedAt: exportTime(identity.lastUsedAt),
        })),
      },
    };
  }
}
