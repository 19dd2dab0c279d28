import { expect } from 'chai';
import { providersIds } from '../../../src/infrastructure/providers/providers-ids.js';
import { runCli, type CliDependencies } from '../../../src/cli/run-cli.js';
import { Email } from '../../../src/domain/shared/email.js';
import { inMemoryAccounts } from '../../support/accounts.js';
import { captureLog } from '../../support/captured-log.js';
import { testSecurityEvents } from '../../support/audit/security-events.js';
import { userCommandParts } from './user-command-parts.js';

/** Root (1, administrator), Ada (2, with a live session) and Bob (3, verified); runs one command. */
async function run(args: string[], prepare: (state: Stores) => Promise<unknown> = async () => {}) {
  const state = await stores();
  await prepare(state);
  const out = { log: [] as string[], error: [] as string[] };
  // The user commands use nothing but these; any other part would fail the test when called.
  const deps = userCommandParts(state.accounts) as CliDependencies;
  const code = await runCli(args, deps, { log: (line) => out.log.push(line), error: (line) => out.error.push(line) });
  return { code, out, ...state };
}

type Stores = Awaited<ReturnType<typeof stores>>;

async function stores() {
  const accounts = inMemoryAccounts();
  const { users } = accounts;
  for (const email of ['root@example.com', 'ada@example.com', 'bob@example.org']) {
    await users.create({ email: Email.parse(email) as Email, passwordHash: 'h', phone: null });
  }
  await users.setAdmin(1, true);
  await users.markEmailVerified(3);
  const { sessions } = accounts;
  const now = Date.now();
  await sessions.insert('ada', { data: {}, userId: 2, expiresAt: now + 60_000, absoluteExpiresAt: now + 60_000, device: null });
  return { accounts, users, sessions, now };
}

describe('npm run cli -- user and sessions commands', () => {
  it("records each act of an operator in the log and on the user's activity, with no administrator as actor", async () => {
    const state = await stores();
    const log = captureLog();
    const { events, audit } = testSecurityEvents({ logger: log.logger, audit: state.accounts.audit });
    const deps = userCommandParts(state.accounts, events) as CliDependencies;
    const quiet = { log: () => {}, error: () => {} };
    for (const args of [['user', 'lock', 'ada@example.com'], ['user', 'unlock', 'ada@example.com'], ['sessions', 'revoke', 'ada@example.com']]) {
      expect(await runCli(args, deps, quiet)).to.equal(0);
    }

    expect(log.lines().map((line) => [line.event, line.userId, line.actorId ?? null])).to.deep.equal([
      ['admin.user-locked', 2, null],
      ['admin.user-unlocked', 2, null],
      ['admin.sessions-revoked', 2, null],
    ]);
    const stored = await audit.listOfUser(2, { before: null, limit: 10 });
    expect(stored.map((event) => [event.type, event.actorId])).to.deep.equal([
      ['admin.sessions-revoked', null],
      ['admin.user-unlocked', null],
      ['admin.user-locked', null],
    ]);
  });

  it('user list prints the count, then one tab-separated line per user', async () => {
    const { code, out } = await run(['user', 'list']);
    expect(code).to.equal(0);
    expect(out.log).to.deep.equal([
      '3 users:',
      '1\troot@example.com\tadministrator, unverified',
      '2\tada@example.com\tunverified',
      '3\tbob@example.org\t-',
    ]);
  });

  it('user list --admins --search s lists the administrators whose address contains s', async () => {
    expect((await run(['user', 'list', '--admins'])).out.log).to.deep.equal(['1 user:', '1\troot@example.com\tadministrator, unverified']);
    expect((await run(['user', 'list', '--search', 'EXAMPLE.COM'])).out.log).to.deep.equal([
      '2 users:',
      '2\tada@example.com\tunverified',
      '1\troot@example.com\tadministrator, unverified',
    ]);
    expect((await run(['user', 'list', '--admins', '--search', 'ada'])).out.log).to.deep.equal(['0 users:']);
  });

  it('user list prints every page, not only the first', async () => {
    const { code, out } = await run(['user', 'list'], async ({ users }) => {
      for (let i = 0; i < 120; i += 1) await users.create({ email: Email.parse(`u${i}@example.com`) as Email, passwordHash: 'h', phone: null });
    });
    expect(code).to.equal(0);
    expect(out.log[0]).to.equal('123 users:');
    expect(out.log).to.have.length(124);
  });

  it("user show prints the user's state", async () => {
    const { code, out } = await run(['user', 'show', 'ADA@example.com']);
    expect(code).to.equal(0);
    expect(out.log[0]).to.equal('ada@example.com (user 2)');
    expect(out.log).to.include.members(['  Email verified: no', '  Locked:         no', '  Live sessions:  1', '  Last login:     never']);
  });

  it('user show lists the linked sign-in providers of an account that has one, and says when it has no password', async () => {
    const { out } = await run(['user', 'show', 'ada@example.com'], async ({ accounts }) => {
      const identities = accounts.container.get(providersIds.linkedIdentities);
      await identities.add({ userId: 2, provider: 'okta', subject: 'sub', email: 'ada@corp.example', linkedAt: Date.UTC(2026, 0, 2) });
      await identities.markPasswordless(2);
    });
    expect(out.log.slice(-3)).to.deep.equal([
      '  Password:       none (signed up with a provider)',
      '  Sign-in providers: 1',
      '    okta: ada@corp.example, linked 2026-01-02T00:00:00.000Z, last used never',
    ]);
    const plain = await run(['user', 'show', 'bob@example.org']);
    expect(plain.out.log.join('\n')).to.not.include('Sign-in providers');
  });

  it('user lock keeps the user from logging in and ends their sessions; a second lock says so', async () => {
    const first = await run(['user', 'lock', 'ada@example.com']);
    expect(first.code).to.equal(0);
    expect(first.out.log).to.deep.equal(['ada@example.com is now locked: 1 session ended.']);
    expect((await first.users.findById(2))?.lockedAt).to.be.instanceOf(Date);
    expect(await first.sessions.countOfUser(2, first.now)).to.equal(0);

    const again = await run(['user', 'lock', 'ada@example.com'], ({ users }) => users.setLocked(2, true));
    expect(again.out.log).to.deep.equal(['ada@example.com was already locked: 1 session ended.']);
  });

  it('user lock refuses the only administrator who can log in, and exits 1', async () => {
    const { code, out, users } = await run(['user', 'lock', 'root@example.com']);
    expect(code).to.equal(1);
    expect(out.error).to.deep.equal(['root@example.com is the only administrator who can log in: make another user an administrator first.']);
    expect((await users.findById(1))?.lockedAt).to.equal(null);
  });

  it('user unlock lets the user log in again, and says when they were not locked', async () => {
    const unlocked = await run(['user', 'unlock', 'ada@example.com'], ({ users }) => users.setLocked(2, true));
    expect(unlocked.out.log).to.deep.equal(['ada@example.com is now unlocked.']);
    expect((await unlocked.users.findById(2))?.lockedAt).to.equal(null);
    expect((await run(['user', 'unlock', 'ada@example.com'])).out.log).to.deep.equal(['ada@example.com was not locked.']);
  });

  it('user delete needs --yes, then deletes the user and their sessions', async () => {
    const unconfirmed = await run(['user', 'delete', 'ada@example.com']);
    expect(unconfirmed.code).to.equal(1);
    expect(unconfirmed.out.error).to.deep.equal(['This deletes ada@example.com for good: add --yes to confirm.']);
    expect(await unconfirmed.users.findById(2)).to.not.equal(null);

    const deleted = await run(['user', 'delete', 'ada@example.com', '--yes']);
    expect(deleted.code).to.equal(0);
    expect(deleted.out.log).to.deep.equal(['Deleted the account of ada@example.com, its links and its sessions.']);
    expect(await deleted.users.findById(2)).to.equal(null);
    expect(await deleted.sessions.countOfUser(2, deleted.now)).to.equal(0);
  });

  it('user delete refuses the only administrator who can log in', async () => {
    const { code, users } = await run(['user', 'delete', 'root@example.com', '--yes']);
    expect(code).to.equal(1);
    expect(await users.findById(1)).to.not.equal(null);
  });

  it('sessions revoke logs the user out everywhere and says how many sessions ended', async () => {
    const { code, out, sessions, now } = await run(['sessions', 'revoke', 'ada@example.com']);
    expect(code).to.equal(0);
    expect(out.log).to.deep.equal(['Logged ada@example.com out everywhere: 1 session ended.']);
    expect(await sessions.countOfUser(2, now)).to.equal(0);
  });

  it('sessions revoke-all refuses without --yes, saying what it would do, and ends nothing', async () => {
    const { code, out, sessions, now } = await run(['sessions', 'revoke-all']);
    expect({ code, out }).to.deep.equal({
      code: 1,
      out: { log: [], error: ['This logs every user out and forgets every remembered device: add --yes to confirm.'] },
    });
    expect(await sessions.countOfUser(2, now)).to.equal(1);
  });

  it('sessions revoke-all --yes ends every session and remembered device, and records the act in the log only', async () => {
    const state = await stores();
    const { sessions, now } = state;
    await sessions.insert('bob', { data: {}, userId: 3, expiresAt: now + 60_000, absoluteExpiresAt: now + 60_000, device: null });
    await sessions.insert('anonymous', { data: {}, userId: null, expiresAt: now + 60_000, absoluteExpiresAt: now + 60_000, device: null });
    const remembered = { handle: 'h'.repeat(32), validatorHash: 'v'.repeat(64), sessionHandle: null, createdAt: now, expiresAt: now + 60_000, userAgent: '', ip: '::1' };
    await state.accounts.rememberTokens.issue({ ...remembered, selector: 's'.repeat(32), userId: 2 });
    const log = captureLog();
    const { events, audit } = testSecurityEvents({ logger: log.logger, audit: state.accounts.audit });
    const deps = userCommandParts(state.accounts, events) as CliDependencies;
    const out = { log: [] as string[], error: [] as string[] };

    const code = await runCli(['sessions', 'revoke-all', '--yes'], deps, { log: (line) => out.log.push(line), error: (line) => out.error.push(line) });

    expect({ code, out }).to.deep.equal({
      code: 0,
      out: { log: ['Logged every user out: 3 sessions ended, 1 remembered device forgotten.'], error: [] },
    });
    for (const id of ['ada', 'bob', 'anonymous']) expect(await sessions.find(id, now)).to.equal(null);
    expect(await state.accounts.rememberTokens.listOfUser(2, now)).to.deep.equal([]);
    expect(log.lines().map((line) => [line.event, line.userId ?? null, line.actorId ?? null])).to.deep.equal([
      ['admin.all-sessions-revoked', null, null],
    ]);
    expect(await audit.listOfUser(2, { before: null, limit: 10 })).to.deep.equal([]);
  });

  it('user export writes the document to stdout a piece at a time, as the download does, and records an operator\'s export', async () => {
    const state = await stores();
    const deps = userCommandParts(state.accounts) as CliDependencies;
    const pieces: string[] = [];
    const out = { log: () => expect.fail('no line'), error: () => expect.fail('no error'), write: async (text: string) => void pieces.push(text) };

    expect(await runCli(['user', 'export', 'ada@example.com'], deps, out)).to.equal(0);

    expect(pieces.length).to.be.greaterThan(3);
    const document = JSON.parse(pieces.join(''));
    expect(document.format).to.equal('gatehouse-export/1');
    expect(document.account.email).to.equal('ada@example.com');
    expect(document.sessions).to.have.length(0);
    expect(document.activity.map((event: { type: string; by: string }) => [event.type, event.by])).to.deep.equal([
      ['admin.data-exported', 'operator'],
    ]);
  });

  it('user export, with an output of lines only, logs the document as one text', async () => {
    const { code, out } = await run(['user', 'export', 'bob@example.org']);
    expect(code).to.equal(0);
    expect(out.log).to.have.length(1);
    expect(JSON.parse(out.log[0] ?? '').account).to.include({ email: 'bob@example.org', emailVerified: true });
  });

  for (const command of [['user', 'show'], ['user', 'lock'], ['user', 'unlock'], ['user', 'delete'], ['user', 'export'], ['sessions', 'revoke']]) {
    it(`${command.join(' ')} exits 1 with a clear line for an unknown or invalid email`, async () => {
      const unknown = await run([...command, 'ghost@example.com', ...(command[1] === 'delete' ? ['--yes'] : [])]);
      expect({ code: unknown.code, error: unknown.out.error }).to.deep.equal({ code: 1, error: ['No user with email ghost@example.com'] });
      const invalid = await run([...command, 'ghost', ...(command[1] === 'delete' ? ['--yes'] : [])]);
      expect({ code: invalid.code, error: invalid.out.error }).to.deep.equal({ code: 1, error: ['Not a valid email address: ghost'] });
    });
  }

  for (const args of [
    ['user', 'list', 'extra'],
    ['user', 'list', '--everyone'],
    ['user', 'list', '--search'],
    ['user', 'show'],
    ['user', 'show', 'a@b.co', 'extra'],
    ['user', 'lock', '--yes'],
    ['user', 'delete', 'a@b.co', '--force'],
    ['user', 'export', 'a@b.co', 'extra'],
    ['sessions'],
    ['sessions', 'revoke'],
    ['sessions', 'list', 'a@b.co'],
    ['sessions', 'revoke-all', '--force'],
    ['sessions', 'revoke-all', '--yes', '--yes'],
  ]) {
    it(`prints the usage and exits 2 for "${args.join(' ')}"`, async () => {
      const { code, out } = await run(args);
      expect(code).to.equal(2);
      expect(out.error.join('\n')).to.include('user lock <email>');
    });
  }
});
