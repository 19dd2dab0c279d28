import { expect } from 'chai';
import { ChangePhone } from '../../../../src/application/accounts/change-phone.js';
import { ADA_PASSWORD, accountFixture, FIXTURE_FAILURES_PER_EMAIL } from '../../../support/accounts/account-fixture.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';

async function setUp() {
  const fixture = await accountFixture();
  const { check, users, ada } = fixture;
  const events = new RecordedEvents();
  const changePhone = new ChangePhone(check, users, events);
  const request = testRequest(fixture.address);
  const change = (phone: string, currentPassword = ADA_PASSWORD) =>
    changePhone.execute({ userId: ada.id, phone, currentPassword, request });
  const phoneOf = async () => (await users.findById(ada.id))?.phone;
  return { ...fixture, change, phoneOf, events, request };
}

describe('ChangePhone', () => {
  it('stores the new number, trimmed', async () => {
    const { change, phoneOf } = await setUp();
    expect(await change('  +1 555 0100 ')).to.deep.equal({ kind: 'ok', phone: '+1 555 0100' });
    expect(await phoneOf()).to.equal('+1 555 0100');
  });

  it('removes the number when left blank', async () => {
    const { change, phoneOf } = await setUp();
    expect(await change('   ')).to.deep.equal({ kind: 'ok', phone: null });
    expect(await phoneOf()).to.equal(null);
  });

  for (const [name, phone] of [
    ['over 32 characters', '1'.repeat(33)],
    ['holding a control character', '555\u00000100'],
  ]) {
    it(`refuses a number ${name} by the rules of sign-up, before the password is checked`, async () => {
      const { change, phoneOf, hasher } = await setUp();
      const verifies = hasher.calls.verify;
      expect(await change(phone ?? '')).to.deep.equal({ kind: 'invalid-phone' });
      expect(await phoneOf()).to.equal('+44 20 7946 0000');
      expect(hasher.calls.verify).to.equal(verifies);
    });
  }

  it('refuses a wrong current password, changing nothing', async () => {
    const { change, phoneOf } = await setUp();
    expect(await change('+1 555 0100', 'guess')).to.deep.equal({ kind: 'wrong-password' });
    expect(await phoneOf()).to.equal('+44 20 7946 0000');
  });

  it('answers not-found when the user was deleted meanwhile', async () => {
    const { change, users, ada } = await setUp();
    await users.delete(ada.id);
    expect(await change('+1 555 0100')).to.deep.equal({ kind: 'not-found' });
  });

  describe('its security events', () => {
    it('records account.phone-changed, with the request, for a new number and for a removed one', async () => {
      const { change, events, ada, request } = await setUp();
      await change('+1 555 0100');
      await change('');
      const changed = { type: 'account.phone-changed', userId: ada.id, request };
      expect(events.recorded).to.deep.equal([changed, changed]);
    });

    it('records account.refused for a wrong current password, and for one the throttle kept from being checked', async () => {
      const { change, events, ada, request } = await setUp();
      for (let n = 0; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await change('+1 555 0100', 'guess');
      await change('+1 555 0100');
      expect(events.recorded.map((event) => event.reason)).to.deep.equal([
        ...Array.from({ length: FIXTURE_FAILURES_PER_EMAIL }, () => 'wrong-password'),
        'throttled',
      ]);
      expect(events.recorded[0]).to.deep.equal({ type: 'account.refused', userId: ada.id, reason: 'wrong-password', request });
    });

    it('records nothing for an invalid number, an empty current password or an account that is gone', async () => {
      const { change, events, users, ada } = await setUp();
      await change('1'.repeat(33));
      await change('+1 555 0100', '');
      await users.delete(ada.id);
      await change('+1 555 0100');
      expect(events.recorded).to.deep.equal([]);
    });
  });
});
