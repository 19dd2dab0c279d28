import { expect } from 'chai';
import { LogInWithCode } from '../../../../src/application/accounts/log-in-with-code.js';
import type { SecondStep } from '../../../../src/application/accounts/ports/second-step.js';
import type { UserRepository } from '../../../../src/application/shared/ports/user-repository.js';
import { accountsIds } from '../../../../src/infrastructure/accounts/accounts-ids.js';
import { keyedLoginCodes } from '../../../../src/infrastructure/accounts/keyed-login-codes.js';
import { captureLog } from '../../../support/captured-log.js';
import { linkFixture } from '../../../support/links/link-fixture.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';

const CODE = '04918273';
const SECRETS = keyedLoginCodes('unit-test-login-code-key');

/** LogInWithCode on the fixture's stores, with a code issued for Ada (as RequestLoginCode stores it). */
async function setUp(options: { steps?: readonly SecondStep[]; users?: (inner: UserRepository) => UserRepository } = {}) {
  const fixture = await linkFixture();
  const log = captureLog();
  const { events } = testSecurityEvents({ logger: log.logger, audit: fixture.audit, clock: fixture.clock });
  const users = options.users?.(fixture.users) ?? fixture.users;
  const logIn = new LogInWithCode(
    users,
    fixture.tokens,
    SECRETS,
    fixture.throttle,
    fixture.clock,
    events,
    options.steps ?? [],
    fixture.container.get(accountsIds.pendingLogins),
  );
  const issue = async (code = CODE) => {
    await fixture.tokens.issue({
      tokenHash: SECRETS.hashOf(fixture.ada.id, code),
      purpose: 'login-code',
      userId: fixture.ada.id,
      newEmail: 'ada@example.com',
      expiresAt: fixture.clock.now() + 600_000,
    });
    await fixture.throttle.loginCodeIssued(fixture.ada.id);
  };
  await issue();
  const refusals = () => log.lines().filter((line) => line.event === 'login-code.refused').map((line) => line.reason);
  return { ...fixture, log, logIn, issue, refusals };
}

const typed = (code: string, email = 'ada@example.com') => ({ email, code, request: testRequest() });

describe('LogInWithCode', () => {
  it('logs in with the right code once, marks the address verified, and records the login with method email-code', async () => {
    const { logIn, users, ada, log } = await setUp();
    expect(await logIn.execute(typed(CODE, ' ADA@example.com'))).to.deep.equal({ kind: 'ok', userId: ada.id });
    expect((await users.findById(ada.id))?.emailVerified).to.equal(true);
    expect(await logIn.execute(typed(CODE))).to.deep.equal({ kind: 'invalid-code' });
    const events = log.lines().filter((line) => line.event === 'login-code.used' || line.event === 'login.succeeded');
    expect(events.map((line) => [line.event, line.method ?? null])).to.deep.equal([
      ['login-code.used', null],
      ['login.succeeded', 'email-code'],
    ]);
  });

  it('gives a pending login when a second step applies, and records no login yet', async () => {
    const step: SecondStep = { needed: async () => true } as unknown as SecondStep;
    const { logIn, log } = await setUp({ steps: [step] });
    const result = await logIn.execute(typed(CODE));
    expect(result.kind).to.equal('second-step');
    expect(log.lines().filter((line) => line.event === 'login.succeeded')).to.deep.equal([]);
  });

  it('refuses a code of the wrong shape before any look-up', async () => {
    let lookUps = 0;
    const { logIn, refusals } = await setUp({
      users: (inner) =>
        new Proxy(inner, {
          get(target, name, receiver) {
            if (name === 'findByEmail') lookUps += 1;
            return Reflect.get(target, name, receiver) as unknown;
          },
        }),
    });
    for (const code of ['1234567', '123456789', 'abcdefgh', '', '١٢٣٤٥٦٧٨']) {
      expect(await logIn.execute(typed(code))).to.deep.equal({ kind: 'malformed-code' });
    }
    expect(lookUps).to.equal(0);
    expect(refusals()).to.deep.equal(['malformed', 'malformed', 'malformed', 'malformed', 'malformed']);
  });

  it('allows five tries, then deletes the code', async () => {
    const { logIn, tokens, ada, refusals } = await setUp();
    for (let n = 0; n < 5; n++) expect(await logIn.execute(typed('11111111'))).to.deep.equal({ kind: 'invalid-code' });
    expect(await logIn.execute(typed(CODE))).to.deep.equal({ kind: 'invalid-code' });
    expect(await tokens.listOfUser(ada.id)).to.deep.equal([]);
    expect(refusals()).to.deep.equal([...Array<string>(5).fill('wrong-code'), 'too-many-tries']);
  });

  it('refuses an expired code, and a locked account and an unknown address alike', async () => {
    const { logIn, users, ada, clock, refusals } = await setUp();
    await users.setLocked(ada.id, true);
    expect(await logIn.execute(typed(CODE))).to.deep.equal({ kind: 'invalid-code' });
    expect(await logIn.execute(typed(CODE, 'nobody@example.com'))).to.deep.equal({ kind: 'invalid-code' });
    await users.setLocked(ada.id, false);
    (clock as unknown as { advance(ms: number): void }).advance(600_000);
    expect(await logIn.execute(typed(CODE))).to.deep.equal({ kind: 'invalid-code' });
    expect(refusals()).to.deep.equal(['locked', 'unknown', 'no-code']);
  });

  it('counts each try against the login throttle', async () => {
    const { logIn, refusals } = await setUp();
    // Ten failures per email are allowed (DEFAULT_THROTTLE_LIMITS.loginFailuresPerEmail), whatever the code.
    for (let n = 0; n < 10; n++) await logIn.execute(typed(CODE, 'nobody@example.com'));
    expect((await logIn.execute(typed(CODE, 'nobody@example.com'))).kind).to.equal('throttled');
    expect(refusals().at(-1)).to.equal('throttled');
  });
});
