import { expect } from 'chai';
import { ConfirmSudo } from '../../../../src/application/shared/confirm-sudo.js';
import { sharedIds } from '../../../../src/infrastructure/shared/shared-ids.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { testThrottle } from '../../../support/throttle.js';
import { rootAndAda } from '../administration/fixture.js';

const WINDOW = 600_000;

async function setUp(limits = {}) {
  const stores = await rootAndAda();
  const { container, clock } = stores;
  container.replace(sharedIds.throttle, testThrottle(limits, clock));
  const events = new RecordedEvents();
  return { ...stores, events, sudo: new ConfirmSudo(container.get(sharedIds.currentPasswordCheck), clock, WINDOW, events) };
}

const request = testRequest();
const ask = (confirmedAt: number | null, password: string | null) => ({ userId: 1, confirmedAt, password, request });

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

  describe('its security events', () => {
    it('records sudo.confirmed, with the request, for a right password', async () => {
      const { sudo, events } = await setUp();
      await sudo.execute(ask(null, 'root@example.com'));
      expect(events.recorded).to.deep.equal([{ type: 'sudo.confirmed', userId: 1, request }]);
    });

    it('records sudo.refused for a wrong password, and for one the throttle kept from being checked', async () => {
      const { sudo, events } = await setUp({ loginFailuresPerEmail: 1 });
      await sudo.execute(ask(null, 'guess'));
      await sudo.execute(ask(null, 'root@example.com'));
      expect(events.recorded).to.deep.equal([
        { type: 'sudo.refused', userId: 1, reason: 'wrong-password', request },
        { type: 'sudo.refused', userId: 1, reason: 'throttled', request },
      ]);
    });

    it('records nothing while the confirmation holds, before a password is asked for, or for an empty one', async () => {
      const { sudo, events, clock } = await setUp();
      await sudo.execute(ask(clock.now(), null));
      await sudo.execute(ask(null, null));
      await sudo.execute(ask(null, ''));
      expect(events.recorded).to.deep.equal([]);
    });
  });
});
