import { expect } from 'chai';
import { ConfirmSudo } from '../../../../src/application/shared/confirm-sudo.js';
import { CurrentPasswordCheck } from '../../../../src/application/shared/current-password-check.js';
import { FakePasswordHasher } from '../../../support/fake-password-hasher.js';
import { CLIENT_ADDRESS, ManualClock, testThrottle } from '../../../support/throttle.js';
import { rootAndAda } from '../administration/fixture.js';

const WINDOW = 600_000;

async function setUp(limits = {}) {
  const stores = await rootAndAda();
  const clock = new ManualClock();
  const check = new CurrentPasswordCheck(stores.users, new FakePasswordHasher(), testThrottle(limits, clock));
  return { ...stores, clock, sudo: new ConfirmSudo(check, clock, WINDOW) };
}

const ask = (confirmedAt: number | null, password: string | null) => ({ userId: 1, confirmedAt, password, clientAddress: CLIENT_ADDRESS });

describe('ConfirmSudo', () => {
  it('asks for the password of a session that never confirmed it', async () => {
    const { sudo } = await setUp();
    expect(await sudo.execute(ask(null, null))).to.deep.equal({ kind: 'password-needed' });
  });

  it('confirms the right password as of now', async () => {
    const { sudo, clock } = await setUp();
    expect(await sudo.execute(ask(null, 'root@example.com'))).to.deep.equal({ kind: 'confirmed', at: clock.now() });
  });

  it('lets a confirmation stand for the window and no longer, nor one dated in the future', async () => {
    const { sudo, clock } = await setUp();
    const at = clock.now();
    clock.advance(WINDOW - 1);
    expect(await sudo.execute(ask(at, null))).to.deep.equal({ kind: 'fresh' });
    clock.advance(1);
    expect(await sudo.execute(ask(at, null))).to.deep.equal({ kind: 'password-needed' });
    expect(await sudo.execute(ask(clock.now() + 1, null))).to.deep.equal({ kind: 'password-needed' });
  });

  it('refuses an empty or wrong password, and throttles guesses like logins', async () => {
    const { sudo } = await setUp({ loginFailuresPerEmail: 1 });
    expect(await sudo.execute(ask(null, ''))).to.deep.equal({ kind: 'current-password-missing' });
    expect(await sudo.execute(ask(null, 'guess'))).to.deep.equal({ kind: 'wrong-password' });
    expect((await sudo.execute(ask(null, 'root@example.com'))).kind).to.equal('throttled');
  });
});
