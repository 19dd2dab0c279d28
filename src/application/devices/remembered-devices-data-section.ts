import type { User } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import { exportTime, type PersonalDataSection, type SectionContent } from '../shared/ports/personal-data.js';
import type { RememberTokens } from './ports/remember-tokens.js';

/**
 * The export's `rememberedDevices`: the browsers that keep the account logged in, as
 * the sessions page lists them, never a selector, validator or handle.
 */
export class RememberedDevicesDataSection implements PersonalDataSection {
  readonly key = 'rememberedDevices';

  constructor(
    private readonly tokens: RememberTokens,
    private readonly clock: Clock,
  ) {}

  async read(user: User): Promise<SectionContent> {
    const tokens = await this.tokens.listOfUser(user.id, this.clock.now());
    return {
      kind: 'value',
      value: tokens.map((token) => ({
        userAgent: token.userAgent,
        ip: token.ip,
        createdAt: exportTime(token.createdAt),
        lastUsedAt: exportTime(token.lastUsedAt),
        expiresAt: exportTime(token.expiresAt),
      })),
    };
  }
}
