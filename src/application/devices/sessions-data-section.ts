import type { User } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import { exportTime, type PersonalDataSection, type SectionContent } from '../shared/ports/personal-data.js';
import type { SessionStorage } from '../shared/ports/session-storage.js';

/**
 * The export's `sessions`: the account's live sessions as the sessions page lists them
 * (browser, address, when each began and was last used), never a session's id or handle.
 */
export class SessionsDataSection implements PersonalDataSection {
  readonly key = 'sessions';

  constructor(
    private readonly sessions: SessionStorage,
    private readonly clock: Clock,
  ) {}

  async read(user: User): Promise<SectionContent> {
    const devices = await this.sessions.listOfUser(user.id, this.clock.now());
    return {
      kind: 'value',
      value: devices.map((device) => ({
        userAgent: device.userAgent,
        ip: device.ip,
        startedAt: exportTime(device.createdAt),
        lastSeenAt: exportTime(device.lastSeenAt),
      })),
    };
  }
}
