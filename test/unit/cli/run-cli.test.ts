import { expect } from 'chai';
import { SetAdminFlag } from '../../../src/application/set-admin-flag.js';
import { runCli } from '../../../src/cli/run-cli.js';
import { Email } from '../../../src/domain/email.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/persistence/in-memory-user-repository.js';

async function run(args: string[]) {
  const users = new InMemoryUserRepository();
  await users.create({ email: Email.parse('ops@example.com') as Email, passwordHash: 'h', phone: null });
  const out = { log: [] as string[], error: [] as string[] };
  const code = await runCli(
    args,
    { migrate: async () => ['20261122000000-create-users'], setAdminFlag: new SetAdminFlag(users) },
    { log: (line) => out.log.push(line), error: (line) => out.error.push(line) },
  );
  return { code, out, admin: (await users.findById(1))?.admin };
}

describe('npm run cli', () => {
  it('admin grant <email> makes the user an administrator and says so', async () => {
    const { code, out, admin } = await run(['admin', 'grant', 'OPS@example.com']);
    expect({ code, admin }).to.deep.equal({ code: 0, admin: true });
    expect(out.log).to.deep.equal(['ops@example.com is now an administrator.']);
  });

  it('admin revoke <email> on a non-admin says it already is not one', async () => {
    const { code, out, admin } = await run(['admin', 'revoke', 'ops@example.com']);
    expect({ code, admin }).to.deep.equal({ code: 0, admin: false });
    expect(out.log).to.deep.equal(['ops@example.com is already not an administrator.']);
  });

  it('exits 1 with a clear message for an unknown email', async () => {
    const { code, out } = await run(['admin', 'grant', 'ghost@example.com']);
    expect(code).to.equal(1);
    expect(out.error).to.deep.equal(['No user with email ghost@example.com']);
  });

  it('exits 1 for a malformed email', async () => {
    const { code, out } = await run(['admin', 'grant', 'ghost']);
    expect(code).to.equal(1);
    expect(out.error).to.deep.equal(['Not a valid email address: ghost']);
  });

  it('migrate reports the migrations applied', async () => {
    const { code, out } = await run(['migrate']);
    expect(code).to.equal(0);
    expect(out.log).to.deep.equal(['Applied 1 migration(s): 20261122000000-create-users']);
  });

  for (const args of [[], ['admin'], ['admin', 'promote', 'ops@example.com'], ['admin', 'grant', 'a@b.co', 'extra']]) {
    it(`prints the usage and exits 2 for "${args.join(' ')}"`, async () => {
      const { code, out } = await run(args);
      expect(code).to.equal(2);
      expect(out.error.join('\n')).to.include('Usage: npm run cli -- <command>');
    });
  }
});
