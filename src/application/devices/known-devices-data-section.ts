import type { User } from '../../domain/shared/user.js';
import { exportTime, type PersonalDataSection, type SectionContent } from '../shared/ports/personal-data.js';
import type { KnownDevices } from './ports/known-devices.js';

/**
 * The export's `knownDevices`: the browsers the account has logged in on, as the
 * new-device alert knows them: when each was first and last seen. Never the hash of
 * its device cookie, which is all that is stored of it.
 */
export class KnownDevicesDataSection implements PersonalDataSection {
  readonly key = 'knownDevices';

  constructor(private readonly devices: KnownDevices) {}

  async read(user: User): Promise<SectionContent> {
    const devices = await this.devices.ofUser(user.id);
    return {
      kind: 'value',
      value: devices.map((device) => ({ firstSeenAt: exportTime(device.firstSeenAt), lastSeenAt: exportTime(device.lastSeenAt) })),
    };
  }
}
