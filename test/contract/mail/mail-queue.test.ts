import { InMemoryMailOutbox } from '../../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { KnexMailOutbox } from '../../../src/infrastructure/mail/knex-mail-outbox.js';
import { KnexMailQueue } from '../../../src/infrastructure/mail/knex-mail-queue.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { mailQueueContract } from './mail-queue.contract.js';

describe('MailQueue contract', () => {
  describe('InMemoryMailOutbox', () => {
    mailQueueContract(async () => {
      const outbox = new InMemoryMailOutbox();
      return { outbox, queue: outbox, close: async () => {} };
    });
  });

  describe('KnexMailQueue on SQLite', () => {
    mailQueueContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { outbox: new KnexMailOutbox(db), queue: new KnexMailQueue(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexMailQueue on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      mailQueueContract(async () => {
        await db()('mail_outbox').truncate();
        return { outbox: new KnexMailOutbox(db()), queue: new KnexMailQueue(db()), close: async () => {} };
      });
    });
  }
});
