import { join } from 'node:path';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { DeliverMail } from '../../application/mail/deliver-mail.js';
import { GetMailStatus } from '../../application/mail/get-mail-status.js';
import type { Logger } from '../../application/shared/ports/logger.js';
import type { MailComposer } from '../../application/mail/ports/mail-composer.js';
import type { MailQueue } from '../../application/mail/ports/mail-queue.js';
import type { Mailer } from '../../application/mail/ports/mailer.js';
import { RetryFailedMail } from '../../application/mail/retry-failed-mail.js';
import type { Config } from '../config.js';
import { KnexMailQueue } from './knex-mail-queue.js';
import { lazyMailer } from './lazy-mailer.js';
import { PugMailComposer } from './pug-mail-composer.js';
import { projectRoot } from '../project-root.js';
import { systemClock } from '../shared/system-clock.js';
import { ids } from '../composition/ids.js';

/**
 * The delivery of queued mail: the outbox table, the templates of views/mail/, and
 * SMTP or a folder of `.eml` files as SMTP_URL says. Nothing connects to SMTP until a
 * message is sent.
 */
export function bindMail(container: Container, config: Config, logger: Logger): void {
  const { transport, from } = config.mail;
  container.bind(ids.mailer).toResolvedValue(() =>
    lazyMailer(async () => {
      if (transport.kind === 'file') return new (await import('./file-mailer.js')).FileMailer(transport.dir, from);
      return new (await import('./smtp-mailer.js')).SmtpMailer({ url: transport.url, from });
    }),
  );
  container.bind(ids.mailComposer).toResolvedValue(
    () =>
      new PugMailComposer({
        templatesDir: join(projectRoot(), 'views', 'mail'),
        appUrl: config.appUrl,
        cache: config.production,
      }),
  );
  container.bind(ids.mailQueue).toResolvedValue((db: Knex) => new KnexMailQueue(db), [ids.database]);
  container
    .bind(ids.deliverMail)
    .toResolvedValue(
      (queue: MailQueue, composer: MailComposer, mailer: Mailer) =>
        new DeliverMail(queue, composer, mailer, systemClock, mailLogger(logger)),
      [ids.mailQueue, ids.mailComposer, ids.mailer],
    );
  container.bind(ids.mailStatus).toResolvedValue((queue: MailQueue) => new GetMailStatus(queue, systemClock), [ids.mailQueue]);
  container
    .bind(ids.retryFailedMail)
    .toResolvedValue((queue: MailQueue) => new RetryFailedMail(queue, systemClock), [ids.mailQueue]);
}

/** The lines of mail delivery carry `component: "mail"`. */
export function mailLogger(logger: Logger): Logger {
  return logger.child({ component: 'mail' });
}
