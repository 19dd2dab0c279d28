import type { User } from '../../domain/shared/user.js';
import { exportTime, type PersonalDataSection, type SectionContent } from '../shared/ports/personal-data.js';
import type { MailQueue } from './ports/mail-queue.js';

/**
 * The export's `mail`: the messages to the account's address not yet sent (waiting, or
 * failed and kept): their kind, when queued, their state and attempts. Never their
 * content, which may hold a link. A sent message is not kept, so it is not here.
 */
export class MailDataSection implements PersonalDataSection {
  readonly key = 'mail';

  constructor(private readonly queue: MailQueue) {}

  async read(user: User): Promise<SectionContent> {
    const queued = await this.queue.listTo(user.email.value);
    return {
      kind: 'value',
      value: queued.map((mail) => ({
        kind: mail.kind,
        queuedAt: exportTime(mail.queuedAt),
        state: mail.status,
        attempts: mail.attempts,
      })),
    };
  }
}
