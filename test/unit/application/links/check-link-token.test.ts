import { expect } from 'chai';
import { CheckLinkToken } from '../../../../src/application/links/check-link-token.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { HOUR, type LinkFixture, linkFixture, MALFORMED_TOKENS } from '../../../support/links/link-fixture.js';

const checkWith = (fixture: LinkFixture) => new CheckLinkToken(fixture.users, fixture.tokens, fixture.linkTokens, fixture.clock);

describe('CheckLinkToken', () => {
  it('says valid for a live link without using it, as often as asked', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    const check = checkWith(fixture);

    expect(await check.execute({ purpose: 'password-reset', token })).to.deep.equal({ kind: 'valid' });
    expect(await check.execute({ purpose: 'password-reset', token })).to.deep.equal({ kind: 'valid' });
    expect((await fixture.resetPassword().execute({ token, password: 'a brand new secret', request: testRequest() })).kind).to.equal('ok');
  });

  it('says invalid for a used, expired, unknown or other-purpose token alike', async () => {
    const fixture = await linkFixture();
    const check = checkWith(fixture);
    const used = await fixture.issue('email-verification');
    await fixture.verifyEmail().execute({ token: used, request: testRequest() });
    const expired = await fixture.issue('password-reset');
    fixture.clock.advance(HOUR);

    for (const [purpose, token] of [
      ['email-verification', used],
      ['password-reset', expired],
      ['password-reset', 'B'.repeat(43)],
      ['email-verification', await fixture.issue('password-reset')],
    ] as const) {
      expect(await check.execute({ purpose, token }), `${purpose} ${token}`).to.deep.equal({ kind: 'invalid' });
    }
  });

  for (const [shape, token] of MALFORMED_TOKENS) {
    it(`says invalid for a malformed token (${shape}), looked up nowhere`, async () => {
      const fixture = await linkFixture();
      fixture.tokens.find = () => Promise.reject(new Error('looked up'));
      expect(await checkWith(fixture).execute({ purpose: 'password-reset', token })).to.deep.equal({ kind: 'invalid' });
    });
  }
});
