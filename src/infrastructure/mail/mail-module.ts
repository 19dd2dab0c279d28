import type { Knex } from 'knex';
import { Email } from '../../domain/shared/email.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import { InMemoryRecipientLanguageOutbox, RecipientLanguageOutbox, type SavedLocaleOf } from './recipient-language-outbox.js';
import { MailDataSection } from '../../application/mail/mail-data-section.js';
import { join } from 'node:path';
import { DeliverMail, deliveryPolicy } from '../../application/mail/deliver-mail.js';
import { GetMailStatus } from '../../application/mail/get-mail-status.js';
import { RetryFailedMail } from '../../application/mail/retry-failed-mail.js';
import type { Logger } from '../../application/shared/ports/logger.js';
import { projectRoot } from '../project-root.js';
import { typedModule } from '../shared/binding.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds } from '../shared/shared-ids.js';
import { memoryStore, sqlStore } from '../shared/transactional-stores.js';
import { outboxStore } from '../../application/mail/ports/mail-outbox.js';
import { KnexMailOutbox } from './knex-mail-outbox.js';
import { KnexMailQueue } from './knex-mail-queue.js';
import { lazyMailer } from './lazy-mailer.js';
import { mailIds as ids } from './mail-ids.js';
import { PugMailComposer } from './pug-mail-composer.js';

/**
 * Mail: the outbox every change queues its message on, in the change's own transaction,
 * and its delivery: the templates of views/mail/, and SMTP or a folder of `.eml` files as
 * SMTP_URL says. Nothing connects to SMTP until a message is sent.
 */
export const mail: Feature = {
  name: 'mail',
  module: (config) =>
    typedModule((provide) => {
      const { transport, from, sendTimeoutMs } = config.mail;
      provide(ids.mailer, () =>
        lazyMailer(async () => {
          if (transport.kind === 'file') return new (await import('./file-mailer.js')).FileMailer(transport.dir, from);
          const smtp = await import('./smtp-mailer.js');
          return new smtp.SmtpMailer({ url: transport.url, from, timeouts: smtp.smtpTimeouts(sendTimeoutMs) });
        }),
      );
      const templatesDir = join(projectRoot(), 'views', 'mail');
      provide(
        ids.composer,
        (get) => new PugMailComposer({ templatesDir, appUrl: config.appUrl, cache: config.production, translations: get(sharedIds.translations) }),
      );
      provide(
        ids.deliverMail,
        (get) =>
          new DeliverMail(
            get(ids.queue),
            get(ids.composer),
            get(ids.mailer),
            get(sharedIds.clock),
            mailLogger(get(sharedIds.logger)),
            deliveryPolicy(sendTimeoutMs),
          ),
      );
      provide(ids.mailStatus, (get) => new GetMailStatus(get(ids.queue), get(sharedIds.clock)));
      provide(ids.retryFailedMail, (get) => new RetryFailedMail(get(ids.queue), get(sharedIds.clock)));
      provide(sharedIds.personalDataSections, (get) => new MailDataSection(get(ids.queue)));
    }),
  storage: {
    sql: () =>
      typedModule((provide) => {
        const onConnection = (db: Knex) =>
          new RecipientLanguageOutbox(new KnexMailOutbox(db), knexSavedLocaleOf(db));
        provide(ids.queue, (get) => new KnexMailQueue(get(sharedIds.database)));
        provide(ids.outbox, (get) => onConnection(get(sharedIds.database)));
        provide(sharedIds.sqlTransactionalStores, () => sqlStore(outboxStore, (trx) => onConnection(trx)));
      }),
    // One in-memory outbox is both: what changes queue on, and what delivery claims from.
    memory: () =>
      typedModule((provide) => {
        let outbox: InMemoryRecipientLanguageOutbox | undefined;
        const theOutbox = (users: UserRepository) => (outbox ??= new InMemoryRecipientLanguageOutbox(repositorySavedLocaleOf(users)));
        provide(ids.outbox, (get) => theOutbox(get(sharedIds.users)));
        provide(ids.queue, (get) => theOutbox(get(sharedIds.users)));
        provide(sharedIds.memoryTransactionalStores, (get) => memoryStore(outboxStore, get(ids.outbox)));
      }),
  },
};

/** The saved language of the user with this address, read on the connection or transaction that queues the message. */
function knexSavedLocaleOf(db: Knex): SavedLocaleOf {
  return async (email) => {
    const row = (await db('users').select('locale').where({ email }).first()) as { locale: string | null } | undefined;
    return row?.locale ?? null;
  };
}

/** The same, from the users' store in memory. */
function repositorySavedLocaleOf(users: UserRepository): SavedLocaleOf {
  return async (email) => (await users.findByEmail(Email.fromTrusted(email)))?.locale ?? null;
}

/** The lines of mail delivery carry `component: "mail"`. */
export function mailLogger(logger: Logger): Logger {
  return logger.child({ component: 'mail' });
}
