import { expect } from 'chai';
import { StartPasskeySecondFactor } from '../../../../src/application/passkeys/start-passkey-second-factor.js';
import { Email } from '../../../../src/domain/shared/email.js';
import type { User } from '../../../../src/domain/shared/user.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { CLIENT_ADDRESS } from '../../../support/throttle.js';
import { passkeysFixture } from './fixture.js';

/** Ada (user 1) with one passkey, Bob (user 2) with none, and StartPasskeySecondFactor on the container's parts. */
async function adaWithPasskey() {
  const f = passkeysFixture();
  const { id } = await f.userWithPasskey('ada@example.com');
  const ada = (await f.users.findById(id)) as User;
  const bob = await f.users.create({ email: Email.parse('bob@example.com') as Email, passwordHash: 'x', phone: null });
  return {
    ...f,
    ada,
    bob,
    login: (user: User) => f.pendingLogins.start(user, false),
    start: new StartPasskeySecondFactor(f.users, f.passkeys, f.webAuthn, f.throttle, f.pendingLogins, f.clock, f.events),
  };
}

describe('StartPasskeySecondFactor', () => {
  it("lists the user's own passkeys in allowCredentials, with user verification required", async () => {
    const f = await adaWithPasskey();
    const result = await f.start.execute({ login: f.login(f.ada), request: testRequest() });
    if (result.kind !== 'ok') throw new Error(result.kind);
    const [passkey] = await f.passkeys.listOfUser(f.ada.id);
    expect(result.optionsJSON).to.include({ userVerification: 'required', challenge: result.challenge.challenge });
    expect(result.optionsJSON.allowCredentials).to.deep.equal([{ id: passkey?.credentialId, type: 'public-key', transports: ['internal'] }]);
    expect(f.eventLines('two-factor.failed')).to.deep.equal([]);
  });

  it('is unavailable to a user with no passkey, a locked user and a deleted one', async () => {
    const f = await adaWithPasskey();
    expect(await f.start.execute({ login: f.login(f.bob), request: testRequest() })).to.deep.equal({ kind: 'unavailable' });
    await f.users.setLocked(f.ada.id, true);
    expect(await f.start.execute({ login: f.login(f.ada), request: testRequest() })).to.deep.equal({ kind: 'unavailable' });
    expect(await f.start.execute({ login: { ...f.login(f.ada), userId: 99 }, request: testRequest() })).to.deep.equal({ kind: 'unavailable' });
  });

  it("counts options per address only: the 21st is throttled, and the user's budget is untouched", async () => {
    const f = await adaWithPasskey();
    const begin = () => f.start.execute({ login: f.login(f.ada), request: testRequest() });
    for (let i = 0; i < 20; i++) expect((await begin()).kind).to.equal('ok');
    expect((await begin()).kind).to.equal('throttled');
    expect((await f.throttle.attemptSecondFactor(f.ada.id, testRequest().ip)).kind).to.equal('allowed');
  });

  it("records an unavailable or throttled one as two-factor.failed, on the user's activity", async () => {
    const f = await adaWithPasskey();
    await f.start.execute({ login: f.login(f.bob), request: testRequest() });
    // Bob's try counted against the address too: Ada's 20th is the 21st.
    for (let i = 0; i < 20; i++) await f.start.execute({ login: f.login(f.ada), request: testRequest() });

    const failed = f.eventLines('two-factor.failed').map(({ userId, reason, ip, requestId, level }) => ({ userId, reason, ip, requestId, level }));
    expect(failed).to.deep.equal([
      { userId: f.bob.id, reason: 'passkey-unavailable', ip: CLIENT_ADDRESS, requestId: 'test-request', level: 'warn' },
      { userId: f.ada.id, reason: 'passkey-throttled', ip: CLIENT_ADDRESS, requestId: 'test-request', level: 'warn' },
    ]);
    const adas = await f.audit.listOfUser(f.ada.id, { before: null, limit: 10 });
    expect(adas.map((event) => event.type)).to.include('two-factor.failed');
  });

  it('records nothing for a pending login that is over', async () => {
    const f = await adaWithPasskey();
    const login = f.login(f.ada);
    f.clock.advance(5 * 60 * 1000);
    expect(await f.start.execute({ login, request: testRequest() })).to.deep.equal({ kind: 'expired' });
    expect(f.eventLines('two-factor.failed')).to.deep.equal([]);
  });
});

describe('GetSecondFactors with passkeys', () => {
  it('counts passkeys: a user with only a passkey has a second factor', async () => {
    const f = await adaWithPasskey();
    expect(await f.getSecondFactors.execute(f.ada.id)).to.deep.equal({ totp: false, recoveryCodesLeft: 0, passkeys: 1 });
    expect(await f.getSecondFactors.execute(f.bob.id)).to.deep.equal({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
  });
});
