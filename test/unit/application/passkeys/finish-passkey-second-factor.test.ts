import { expect } from 'chai';
import { FinishPasskeySecondFactor } from '../../../../src/application/passkeys/finish-passkey-second-factor.js';
import type { User } from '../../../../src/domain/shared/user.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { CLIENT_ADDRESS } from '../../../support/throttle.js';
import { passkeysFixture } from './fixture.js';

/** Ada (user 1) and Bob (user 2), each with a passkey, and FinishPasskeySecondFactor on the container's parts. */
async function adaAndBob() {
  const f = passkeysFixture();
  const ada = await f.userWithPasskey('ada@example.com');
  const bob = await f.userWithPasskey('bob@example.com');
  const adaUser = (await f.users.findById(ada.id)) as User;
  const finish = new FinishPasskeySecondFactor(f.users, f.pendingLogins, f.throttle, f.finishLogin, f.events);
  /** Ada's pending login answered by `authenticator`'s passkey (a made-up answer when none). */
  const answer = async (authenticator: typeof ada.authenticator | null) => {
    const login = f.pendingLogins.start(adaUser, false);
    const started = await f.startSecondFactor.execute({ login, request: testRequest() });
    if (started.kind !== 'ok') throw new Error(started.kind);
    const response = authenticator ? authenticator.assert(started.optionsJSON) : { id: 'made-up' };
    return finish.execute({ pending: started.challenge, response, login, request: testRequest() });
  };
  return { ...f, ada, bob, answer };
}

describe('FinishPasskeySecondFactor', () => {
  it("counts each answer against the user's second-factor budget: the sixth is throttled, a right answer gives it back", async () => {
    const f = await adaAndBob();
    for (let i = 0; i < 4; i++) expect((await f.answer(null)).kind).to.equal('invalid-response');
    expect(await f.answer(f.ada.authenticator)).to.deep.equal({ kind: 'ok', userId: f.ada.id });
    // The user's count was cleared by the right answer: five more are checked, the sixth is not.
    for (let i = 0; i < 5; i++) expect((await f.answer(null)).kind).to.equal('invalid-response');
    expect((await f.answer(f.ada.authenticator)).kind).to.equal('throttled');
  });

  it('records a success as login.succeeded with method passkey, once', async () => {
    const f = await adaAndBob();
    await f.answer(f.ada.authenticator);
    const lines = f.eventLines('login.succeeded').map(({ userId, method, ip, requestId }) => ({ userId, method, ip, requestId }));
    expect(lines).to.deep.equal([{ userId: f.ada.id, method: 'passkey', ip: CLIENT_ADDRESS, requestId: 'test-request' }]);
    expect(f.eventLines('two-factor.failed')).to.deep.equal([]);
  });

  it("records a refused passkey and a throttled answer as two-factor.failed, on the pending user's activity", async () => {
    const f = await adaAndBob();
    await f.answer(f.bob.authenticator);
    for (let i = 0; i < 4; i++) await f.answer(null);
    await f.answer(null);

    const failed = f.eventLines('two-factor.failed').map(({ userId, reason, level }) => ({ userId, reason, level }));
    expect(failed).to.deep.equal([
      { userId: f.ada.id, reason: 'passkey-other-user', level: 'warn' },
      ...Array.from({ length: 4 }, () => ({ userId: f.ada.id, reason: 'passkey-invalid-response', level: 'warn' })),
      { userId: f.ada.id, reason: 'passkey-throttled', level: 'warn' },
    ]);
    // FinishPasskeyLogin's own event comes first: the refused passkey, logged.
    expect(f.eventLines('passkey.refused').map(({ reason }) => reason)[0]).to.equal('passkey-other-user');
    const types = (await f.audit.listOfUser(f.ada.id, { before: null, limit: 20 })).map((event) => event.type);
    expect(types.filter((type) => type === 'two-factor.failed')).to.have.length(6);
  });

  it('records nothing for a pending login that is over', async () => {
    const f = await adaAndBob();
    const login = f.pendingLogins.start((await f.users.findById(f.ada.id)) as User, false);
    const started = await f.startSecondFactor.execute({ login, request: testRequest() });
    if (started.kind !== 'ok') throw new Error(started.kind);
    const finish = new FinishPasskeySecondFactor(f.users, f.pendingLogins, f.throttle, f.finishLogin, f.events);
    f.clock.advance(5 * 60 * 1000);
    const response = f.ada.authenticator.assert(started.optionsJSON);
    expect(await finish.execute({ pending: started.challenge, response, login, request: testRequest() })).to.deep.equal({ kind: 'expired' });
    expect([...f.eventLines('two-factor.failed'), ...f.eventLines('login.succeeded')]).to.deep.equal([]);
  });
});
