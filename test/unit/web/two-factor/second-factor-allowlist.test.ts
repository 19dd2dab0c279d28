import { expect } from 'chai';
import { allowedWithoutSecondFactor } from '../../../../src/web/two-factor/second-factor-allowlist.js';

describe('allowedWithoutSecondFactor (REQUIRE_2FA=all)', () => {
  it('lets through the setup, the passkeys, the account security pages and logout', () => {
    const allowed = [
      '/logout',
      '/account/two-factor',
      '/account/two-factor/setup',
      '/account/two-factor/recovery-codes',
      '/account/passkeys',
      '/account/passkeys/add',
      '/account/passkeys/options',
      '/account',
      '/account/password',
      '/account/activity',
      '/account/sessions',
      '/account/sessions/revoke-others',
    ];
    expect(allowed.filter((path) => !allowedWithoutSecondFactor(path))).to.deep.equal([]);
  });

  it('lets through the administration pages, whose own gate runs after the admin check', () => {
    const admin = ['/admin', '/admin/audit', '/users', '/users/2', '/users/2/lock'];
    expect(admin.filter((path) => !allowedWithoutSecondFactor(path))).to.deep.equal([]);
  });

  it('holds back every other page, look-alike paths included', () => {
    const refused = [
      '/',
      '/special',
      '/users/profile',
      '/account/email',
      '/account/phone',
      '/account/data',
      '/account/delete',
      '/account/two-factorx',
      '/account/passwords',
      '/account/two-factor/setup/more',
      '/users/profile/x',
      '/logout/x',
      '/nowhere',
    ];
    expect(refused.filter((path) => allowedWithoutSecondFactor(path))).to.deep.equal([]);
  });
});
