import { expect } from 'chai';
import { openDatabase } from '../../src/infrastructure/persistence/database.js';
import { KnexAuditEvents } from '../../src/infrastructure/audit/knex-audit-events.js';
import { startProcess } from '../support/app-process.js';
import { useCliDatabase } from '../support/cli-database.js';
import { rememberOn } from '../support/remember-me.js';
import { KnexRememberTokens } from '../../src/infrastructure/devices/knex-remember-tokens.js';
import { KnexSessionStorage } from '../../src/infrastructure/shared/sessions/knex-session-storage.js';
import { KnexUserRepository } from '../../src/infrastructure/shared/users/knex-user-repository.js';
import { Email } from '../../src/domain/shared/email.js';

describe('npm run cli -- admin grant and admin revoke', () => {
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

  it('admin revoke refuses the only administrator who can log in, with one line and exit code 1', async () => {
    const cli = startProcess('cli/main.ts', { DATABASE_URL: `sqlite:${database()}` }, ['admin', 'revoke', 'ada@example.com']);

    expect(await cli.exited).to.equal(1);
    expect(cli.stderr().trim()).to.equal('ada@example.com is the only administrator who can log in: make another user an administrator first.');
    expect(cli.lines.find((line) => line.event === 'admin.action-refused')).to.include({ userId: 1, reason: 'revoke-admin/last-admin' });
  });

  it("admin revoke takes the flag away and keeps the user's sessions and remembered devices", async () => {
    const now = Date.now();
    const db = openDatabase({ url: { client: 'sqlite', filename: database() }, poolMax: 1 });
    try {
      await db('users').where({ id: 1 }).update({ admin: true });
      // Another administrator who can log in, so Ada's flag may go.
      const grace = await new KnexUserRepository(db).create({ email: Email.fromTrusted('grace@example.com'), passwordHash: 'h', phone: null });
      await db('users').where({ id: grace.id }).update({ admin: true });
      const record = { data: {}, userId: 1, expiresAt: now + 3_600_000, absoluteExpiresAt: now + 3_600_000, device: null };
      await new KnexSessionStorage(db).insert('ada-laptop', record);
      await rememberOn(new KnexRememberTokens(db), 1, now);
    } finally {
      await db.destroy();
    }

    const cli = startProcess('cli/main.ts', { DATABASE_URL: `sqlite:${database()}` }, ['admin', 'revoke', 'ada@example.com']);

    expect(await cli.exited).to.equal(0);
    expect(cli.lines.map((line) => line.text).filter(Boolean)).to.deep.equal(['ada@example.com is now not an administrator.']);
    const after = openDatabase({ url: { client: 'sqlite', filename: database() }, poolMax: 1 });
    try {
      expect((await after('users').where({ id: 1 }).first<{ admin: number | boolean }>('admin'))?.admin).to.be.oneOf([0, false]);
      // The admin gate reads the flag on every request: the sessions need not end for it.
      expect(await new KnexSessionStorage(after).countOfUser(1, now)).to.equal(1);
      expect(await new KnexRememberTokens(after).listOfUser(1, now)).to.have.length(1);
    } finally {
      await after.destroy();
    }
  });
});
