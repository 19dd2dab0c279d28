import { expect } from 'chai';
import { openDatabase } from '../../src/infrastructure/persistence/database.js';
import { KnexAuditEvents } from '../../src/infrastructure/audit/knex-audit-events.js';
import { startProcess } from '../support/app-process.js';
import { useCliDatabase } from '../support/cli-database.js';

describe('npm run cli -- admin grant', () => {
  const database = useCliDatabase('gatehouse-admin-command-');

  it("says so, writes the admin.granted line before it exits, and keeps the event on the user's activity", async () => {
    const cli = startProcess('cli/main.ts', { DATABASE_URL: `sqlite:${database()}` }, ['admin', 'grant', 'ada@example.com']);

    expect(await cli.exited).to.equal(0);
    expect(cli.lines.map((line) => line.text).filter(Boolean)).to.deep.equal(['ada@example.com is now an administrator.']);
    const event = cli.lines.find((line) => line.event === 'admin.granted');
    expect(event).to.include({ level: 'info', userId: 1 });
    expect(event).not.to.have.property('ip');

    const db = openDatabase({ url: { client: 'sqlite', filename: database() }, poolMax: 1 });
    try {
      const stored = await new KnexAuditEvents(db).listOfUser(1, { before: null, limit: 10 });
      expect(stored.map(({ type, actorId, ip }) => ({ type, actorId, ip }))).to.deep.equal([
        { type: 'admin.granted', actorId: null, ip: null },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
