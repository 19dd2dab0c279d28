import type { MailOutbox } from '../../application/mail/ports/mail-outbox.js';
import type { OutgoingMail } from '../../application/mail/outgoing-mail.js';
import { InMemoryMailOutbox } from './in-memory-mail-outbox.js';

/** The language a user saved for this address, or null (no such user, or none chosen). */
export type SavedLocaleOf = (email: string) => Promise<string | null>;

/**
 * Fixes each message's language when it is queued: the one the queuing use case named,
 * else the recipient's saved language (read in the same transaction), else the language
 * the recipient asked for it in (`askedIn`, set only on a message the request's own
 * visitor asked for). A message with none carries none and is written in DEFAULT_LOCALE. So a message is written later,
 * at delivery, in its recipient's language, never in the language of whoever happened
 * to trigger it.
 */
export class RecipientLanguageOutbox implements MailOutbox {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly savedLocaleOf: SavedLocaleOf,
  ) {}

  async enqueue(mail: OutgoingMail, now: number): Promise<void> {
    await this.outbox.enqueue(await inRecipientLanguage(mail, this.savedLocaleOf), now);
  }
}

/** The message with its language fixed: the one it names, else its recipient's saved one, else the one it was asked in, else none. */
export async function inRecipientLanguage(mail: OutgoingMail, savedLocaleOf: SavedLocaleOf): Promise<OutgoingMail> {
  const { askedIn, ...queued } = mail;
  const locale = mail.locale ?? (await savedLocaleOf(mail.to)) ?? askedIn ?? null;
  return locale === null ? queued : { ...queued, locale };
}

/** The outbox in memory, fixing each message's language as the database's does. */
export class InMemoryRecipientLanguageOutbox extends InMemoryMailOutbox {
  constructor(private readonly savedLocaleOf: SavedLocaleOf) {
    super();
  }

  override async enqueue(mail: OutgoingMail, now: number): Promise<void> {
    await super.enqueue(await inRecipientLanguage(mail, this.savedLocaleOf), now);
  }
}
