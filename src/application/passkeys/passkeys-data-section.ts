import type { User } from '../../domain/shared/user.js';
import { exportTime, type PersonalDataSection, type SectionContent } from '../shared/ports/personal-data.js';
import type { Passkeys } from './ports/passkeys.js';

/**
 * The export's `passkeys`: each passkey's name, dates and what the browser said of it,
 * as the passkeys page shows them; never its credential id, public key or user handle.
 */
export class PasskeysDataSection implements PersonalDataSection {
  readonly key = 'passkeys';

  constructor(private readonly passkeys: Passkeys) {}

  async read(user: User): Promise<SectionContent> {
    const passkeys = await this.passkeys.listOfUser(user.id);
    return {
      kind: 'value',
      value: passkeys.map((passkey) => ({
        name: passkey.name,
        createdAt: exportTime(passkey.createdAt),
        lastUsedAt: exportTime(passkey.lastUsedAt),
        backedUp: passkey.backedUp,
        transports: [...passkey.transports],
      })),
    };
  }
}
