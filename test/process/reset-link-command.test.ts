import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Email } from '../../src/domain/email.js';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { KnexUserRepository } from '../../src/infrastructure/persistence/knex-user-repository.js';
import { startProcess } from '../support/app-process.js';

describe('npm run cli -- user reset-link', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-reset-link-'));
    const file = join(dir, 'app.sqlite');
    env = { DATABASE_URL: `sqlite:${file}`, APP_URL: 'https://auth.example.com' };
    const db = openDatabase({ url: { client: 'sqlite', filename: file }, poolMax: 1 });
    try {
      await migrateToLatest(db);
      await new KnexUserRepository(db).create({ email: Email.fromTrusted('ada@example.com'), passwordHash: 'h', phone: null });
    } finally {
      await db.destroy();
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints a reset link on APP_URL and exits 0', async () => {
    const cli = startProcess('cli/main.ts', env, ['user', 'reset-link', 'ada@example.com']);

    expect(await cli.exited).to.equal(0);
    const said = cli.lines.map((line) => String(line.text));
    expect(said[0]).to.match(/^Password reset link for ada@example\.com, valid once until \d{4}-\d\d-\d\dT/);
    expect(said[1]).to.match(/^https:\/\/auth\.example\.com\/password\/reset\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('exits 1 with one clear line for an unknown email', async () => {
    const cli = startProcess('cli/main.ts', env, ['user', 'reset-link', 'ghost@example.com']);

    expect(await cli.exited).to.equal(1);
    expect(cli.stderr().trim()).to.equal('No user with email ghost@example.com');
    expect(cli.lines).to.deep.equal([]);
  });
});
