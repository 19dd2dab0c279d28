import { expect } from 'chai';
import { ADA, filledIn, submit, withAda } from '../../support/accounts/account-client.js';

describe('POST /account/phone', () => {
  it('stores the new number and shows it', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/phone', { phone: '+1 555 0100', currentPassword: ADA.password });

    expect(answer.location).to.equal('/account');
    expect(answer.success).to.equal('Your phone number was changed.');
    expect((await built.users.findById(1))?.phone).to.equal('+1 555 0100');
    expect(answer.page).to.include('<dd>+1 555 0100</dd>');
  });

  it('removes the number when the field is left empty', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/phone', { phone: '', currentPassword: ADA.password });

    expect(answer.success).to.equal('Your phone number was removed.');
    expect((await built.users.findById(1))?.phone).to.equal(null);
    expect(answer.page).to.include('<dd>Not given</dd>');
  });

  it('refuses a number over 32 characters with the sign-up message, keeping what was typed', async () => {
    const built = await withAda();
    const typed = '1'.repeat(33);

    const answer = await submit(built.ada, '/account/phone', { phone: typed, currentPassword: ADA.password });

    expect(answer.failure).to.equal('Please enter a valid phone number of at most 32 characters, or leave it empty.');
    expect(filledIn(answer.page, 'phone')).to.equal('1'.repeat(32));
    expect((await built.users.findById(1))?.phone).to.equal(ADA.phone);
  });

  it('refuses a wrong current password, keeping the number typed and the one stored', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/phone', { phone: '', currentPassword: 'not-it' });

    expect(answer.failure).to.equal('Your current password is not correct.');
    expect(filledIn(answer.page, 'phone')).to.equal(null);
    expect((await built.users.findById(1))?.phone).to.equal(ADA.phone);
  });

  it('fills the form with the number on record when nothing was refused', async () => {
    const built = await withAda();
    const page = await built.ada.get('/account').expect(200);
    expect(filledIn(page.text, 'phone')).to.equal(ADA.phone);
  });
});
