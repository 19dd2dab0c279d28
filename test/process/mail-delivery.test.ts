import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { OutgoingMail } from '../../src/application/mail/outgoing-mail.js';
import { KnexMailOutbox } from '../../src/infrastructure/mail/knex-mail-outbox.js';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { parseDatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';
import { type AppProcess, startApp, startProcess } from '../support/app-process.js';
import { requireServer } from '../support/servers.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { MYSQL, type TestDatabase } from '../support/sql-servers.js';

const TOKEN = 'process-test-token-never-logged';
const reset = (to: string): OutgoingMail => ({
  kind: 'password-reset',
  to,
  link: `http://127.0.0.1/password/reset?token=${TOKEN}`,
  expiresInMinutes: 60,
});

/** Ends the app as a supervisor does (SIGTERM), and resolves its exit code. */
async function stop(app: AppProcess | undefined): Promise<number | string | undefined> {
  if (!app) return undefined;
  if (app.child.exitCode === null) app.child.kill('SIGTERM');
  return app.exited;
}

/** Opens the app's database from outside, as a second process would. */
function openAppDatabase(url: string): Knex {
  const parsed = parseDatabaseUrl(url);
  if (typeof parsed === 'string') throw new Error(parsed);
  return openDatabase({ url: parsed, poolMax: 2 });
}

/** What `npm run cli -- mail status` prints with this environment. */
async function mailStatus(env: Record<string, string>): Promise<string[]> {
  const cli = startProcess('cli/main.ts', env, ['mail', 'status']);
  expect(await cli.exited).to.equal(0, cli.stderr());
  return cli.lines.map((line) => String(line.text));
}

const logged = (app: AppProcess, msg: string) => app.waitForLine((line) => line.msg === msg);
const stdoutOf = (...apps: AppProcess[]) => apps.flatMap((app) => app.lines.map((line) => JSON.stringify(line))).join('\n');

describe('mail delivery by the app process', () => {
  let dir: string;
  let smtp: TestSmtpServer;
  let env: Record<string, string>;
  const apps: AppProcess[] = [];
  let db: Knex | undefined;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-mail-'));
    smtp = await startSmtpServer();
    env = { DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`, SMTP_URL: smtp.url, SESSION_KEYS: 'mail-process-test-key' };
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map(stop));
    await db?.destroy();
    db = undefined;
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (extra: Record<string, string> = {}) => {
    const app = await startApp({ ...env, ...extra });
    apps.push(app);
    return app;
  };

  it('delivers a message queued while SMTP was down exactly once when it is back, after a restart in between', async () => {
    await smtp.stop();
    const first = await start();
    db = openAppDatabase(env.DATABASE_URL as string);
    await new KnexMailOutbox(db).enqueue(reset('ada@example.com'), Date.now());
    const retry = await logged(first, 'mail not sent: will retry');
    expect(retry).to.include({ kind: 'password-reset', to: 'ada@example.com', attempt: 1 });
    expect(await stop(first)).to.equal(0);

    // As if the 30 s until the retry had passed while the app was down.
    await db('mail_outbox').update({ next_attempt_at: Date.now() });
    await smtp.start();
    const second = await start();
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.parsed.subject).to.equal('Reset your Gatehouse password');
    expect(mail?.parsed.text).to.include(`token=${TOKEN}`);
    expect(await logged(second, 'mail sent')).to.include({ to: 'ada@example.com', attempt: 2 });
    expect(await stop(second)).to.equal(0);

    expect(smtp.received).to.have.length(1);
    expect(await mailStatus(env)).to.deep.equal(['Pending: 0', 'Failed: 0']);
    expect(stdoutOf(first, second)).to.not.include(TOKEN);
  });

  it('answers a reset request as usual while SMTP is down, and delivers its link exactly once after a restart and SMTP coming back', async () => {
    await smtp.stop();
    const first = await start();
    const origin = `http://127.0.0.1:${first.port}`;
    const post = (path: string, form: Record<string, string>) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams(form).toString(),
      });
    const signUp = await post('/signup', { email: 'ada@example.com', password: 'analytical-engine-1843' });
    expect(signUp.headers.get('location')).to.equal('/users/profile');
    const forgot = await post('/password/forgot', { email: 'ada@example.com' });
    expect(forgot.status).to.equal(302);
    expect(forgot.headers.get('location')).to.equal('/login');
    // The sign-up's verification link and the reset link both wait for SMTP.
    db = openAppDatabase(env.DATABASE_URL as string);
    await first.waitForLine((line) => line.msg === 'mail not sent: will retry' && line.kind === 'password-reset');
    expect(await stop(first)).to.equal(0);

    await db('mail_outbox').update({ next_attempt_at: Date.now() });
    await smtp.start();
    const second = await start({ APP_URL: origin });
    const received = await smtp.waitForMessages(2);
    expect(await stop(second)).to.equal(0);

    expect(received.map((mail) => mail.parsed.subject).sort()).to.deep.equal([
      'Confirm your email address for Gatehouse',
      'Reset your Gatehouse password',
    ]);
    expect(smtp.received).to.have.length(2);
    expect(await mailStatus(env)).to.deep.equal(['Pending: 0', 'Failed: 0']);
    const resetMail = received.find((mail) => mail.parsed.subject === 'Reset your Gatehouse password');
    expect(resetMail && linkIn(resetMail, '/password/reset')).to.match(/\/password\/reset\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('marks a message that SMTP refuses with 550 failed and logs it, and still sends the others', async () => {
    smtp.refuse(550, 'bounce@example.com');
    const app = await start();
    db = openAppDatabase(env.DATABASE_URL as string);
    const outbox = new KnexMailOutbox(db);
    await outbox.enqueue(reset('bounce@example.com'), Date.now());
    await outbox.enqueue(reset('ok@example.com'), Date.now());

    const refused = await logged(app, 'mail refused for good: marked failed, not retried');
    expect(refused).to.include({ level: 'error', to: 'bounce@example.com', attempt: 1 });
    expect(String(refused.reason)).to.include('550');
    await smtp.waitForMail('ok@example.com');
    expect(await stop(app)).to.equal(0);

    expect(await db('mail_outbox').select('status', 'attempts')).to.deep.equal([{ status: 'failed', attempts: 1 }]);
    expect(await mailStatus(env)).to.deep.equal(['Pending: 0', 'Failed: 1 (npm run cli -- mail retry queues them again)']);
    expect(stdoutOf(app)).to.not.include(TOKEN);
  });

  it('with WEB_CONCURRENCY=2, sends each of 20 queued messages exactly once', async () => {
    db = openAppDatabase(env.DATABASE_URL as string);
    await migrateToLatest(db);
    const outbox = new KnexMailOutbox(db);
    const recipients = Array.from({ length: 20 }, (_, n) => `worker${n}@example.com`);
    for (const to of recipients) await outbox.enqueue(reset(to), Date.now());

    const app = await start({ WEB_CONCURRENCY: '2' });
    await smtp.waitForMessages(20);
    expect(await stop(app)).to.equal(0);

    expect(smtp.received.flatMap((mail) => mail.envelope.to).sort()).to.deep.equal([...recipients].sort());
  });

  it('starts in production with a file: outbox, and warns that mail is not sent', async () => {
    const app = await start({
      NODE_ENV: 'production',
      SESSION_KEYS: 'a-production-key-that-is-long-enough-0123456789',
      APP_URL: 'https://auth.example.com',
      SMTP_URL: `file:${join(dir, 'outbox')}`,
      DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    const warning = await app.waitForLine((line) => line.level === 'warn' && String(line.msg).includes('.eml'));
    expect(warning).to.include({ dir: join(dir, 'outbox') });
    expect(warning.msg).to.include('never sent');
  });

  describe('two app processes on one MySQL database', () => {
    let database: TestDatabase | undefined;
    before(async function () {
      await requireServer(this, MYSQL.name, MYSQL.answers);
      database = await MYSQL.createDatabase();
    });
    after(async () => {
      await database?.drop();
    });

    it('send each of 30 queued messages exactly once', async () => {
      const url = (database as TestDatabase).url;
      db = openAppDatabase(url);
      await migrateToLatest(db);
      const outbox = new KnexMailOutbox(db);
      const recipients = Array.from({ length: 30 }, (_, n) => `user${n}@example.com`);
      for (const to of recipients) await outbox.enqueue(reset(to), Date.now());

      const both = await Promise.all([start({ DATABASE_URL: url }), start({ DATABASE_URL: url })]);
      await smtp.waitForMessages(30);
      expect(await Promise.all(both.map(stop))).to.deep.equal([0, 0]);

      const delivered = smtp.received.flatMap((mail) => mail.envelope.to).sort();
      expect(delivered).to.deep.equal([...recipients].sort());
      expect(await db('mail_outbox').count({ count: '*' })).to.deep.equal([{ count: 0 }]);
    });
  });
});
