import type { User } from '../../domain/shared/user.js';
import { exportTime, type PersonalDataSection, type SectionContent } from '../shared/ports/personal-data.js';
import type { OneTimeTokens } from './ports/one-time-tokens.js';

/**
 * The export's `links`: the emailed links still stored (a password reset, an email
 * verification, an email change): what each was for, the address it was bound to,
 * when it expires and whether it was followed. Never the link or its token's hash.
 */
export class LinksDataSection implements PersonalDataSection {
  readonly key = 'links';

  constructor(private readonly tokens: OneTimeTokens) {}

  async read(user: User): Promise<SectionContent> {
    const tokens = await this.tokens.listOfUser(user.id);
    return {
      kind: 'value',
      value: tokens.map((token) => ({
        purpose: token.purpose,
        address: token.newEmail,
        expiresAt: exportTime(token.expiresAt),
        usedAt: exportTime(token.usedAt),
      })),
    };
  }
}
