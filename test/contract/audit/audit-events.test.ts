import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryAuditEvents } from '../../../src/infrastructure/audit/in-memory-audit-events.js';
import { KnexAuditEvents } from '../../../src/infrastructure/audit/knex-audit-events.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { auditEventsContract } from './audit-events.contract.js';

describe('AuditEvents contract', () => {
  describe('InMemoryAuditEvents', () => {
    auditEventsContract(async () => ({ audit: new InMemoryAuditEvents(), close: async () => {} }));
  });

  describe('KnexAuditEvents on SQLite', () => {
    auditEventsContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { audit: new KnexAuditEvents(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexAuditEvents on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      auditEventsContract(async () => {
        await db()('audit_events').truncate();
        return { audit: new KnexAuditEvents(db()), close: async () => {} };
      });
    });
  }
});
