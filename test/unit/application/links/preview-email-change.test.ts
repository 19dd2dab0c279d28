import { expect } from 'chai';
import { PreviewEmailChange } from '../../../../src/application/links/preview-email-change.js';
import { linksIds } from '../../../../src/infrastructure/links/links-ids.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { accountFixture } from '../../../support/accounts/account-fixture.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { MALFORMED_TOKENS } from '../../../support/links/link-fixture.js';

const HOUR_MS = 3_600_000;

async function setUp() {
  const fixture = await accountFixture();
  const { tokens, clock, ada, container } = fixture;
  const preview = new PreviewEmailChange(cryptoSecretTokens, tokens, clock);
  // The app's confirmation, which uses the link.
  const confirm = container.get(linksIds.confirmEmailChange);
  const link = await fixture.issueToken({ purpose: 'email-change', userId: ada.id, newEmail: 'lovelace@example.com' });
  return { ...fixture, preview, confirm, link };
}

describe('PreviewEmailChange', () => {
  it('shows the new address of a live link without using it', async () => {
    const { preview, link, isLive } = await setUp();
    expect(await preview.execute(link)).to.deep.equal({ kind: 'ok', newEmail: 'lovelace@example.com' });
    expect(await isLive('email-change', link)).to.equal(true);
  });

  it('answers invalid-token for a used, expired or unknown link', async () => {
    const { preview, confirm, link, clock, issueToken, ada } = await setUp();
    expect((await confirm.execute({ token: link, request: testRequest() })).kind).to.equal('ok');
    expect(await preview.execute(link)).to.deep.equal({ kind: 'invalid-token' });

    const later = await issueToken({ purpose: 'email-change', userId: ada.id, newEmail: 'later@example.com' });
    clock.advance(HOUR_MS);
    expect(await preview.execute(later)).to.deep.equal({ kind: 'invalid-token' });
    expect(await preview.execute(cryptoSecretTokens.create().token)).to.deep.equal({ kind: 'invalid-token' });
  });

  for (const [name, token] of MALFORMED_TOKENS) {
    it(`answers invalid-token for a token that is ${name}`, async () => {
      const { preview } = await setUp();
      expect(await preview.execute(token)).to.deep.equal({ kind: 'invalid-token' });
    });
  }
});
