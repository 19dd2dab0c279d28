import { expect } from 'chai';
import { ChangePhone } from '../../../../src/application/accounts/change-phone.js';
import { ADA_PASSWORD, accountFixture } from '../../../support/accounts/account-fixture.js';

async function setUp() {
  const fixture = await accountFixture();
  const { check, users, ada } = fixture;
  const changePhone = new ChangePhone(check, users);
  const change = (phone: string, currentPassword = ADA_PASSWORD) =>
    changePhone.execute({ userId: ada.id, phone, currentPassword, clientAddress: fixture.address });
  const phoneOf = async () => (await users.findById(ada.id))?.phone;
  return { ...fixture, change, phoneOf };
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
});
