import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import type { BreachedPasswordsConfig } from '../../../src/infrastructure/config.js';
import { ADA, submit, withAda } from '../../support/accounts/account-client.js';
import { postReset, resetLinkPath, signedUp, tokenIn } from '../../support/links/link-flows.js';
import { RangeServer } from '../../support/passwords/range-server.js';
import { browser, buildTestApp, flashOf, type TestAppParts } from '../../support/test-app.js';

const BREACHED_PASSWORD = 'correct horse battery';
const REFUSAL = 'This password has appeared in a data breach, so attackers try it first. Please choose a different one.';

describe('breached passwords at sign-up, reset and change (BREACHED_PASSWORDS)', () => {
  const server = new RangeServer(new Map([[BREACHED_PASSWORD, 42]]));
  let url = '';
  before(async () => {
    url = await server.start();
  });
  after(() => server.stop());
  beforeEach(() => {
    server.mode = 'normal';
    server.requests.length = 0;
  });

  function parts(changes: Partial<BreachedPasswordsConfig> = {}): TestAppParts {
    return { breachedPasswords: { check: true, url, minCount: 1, onError: 'accept', timeoutMs: 2000, ...changes } };
  }

  describe('POST /signup', () => {
    it('refuses a breached password with its reason, keeps the typed email, creates nothing', async () => {
      const built = buildTestApp(parts());
      const client = browser(built.app);

      const response = await client.post('/signup').type('form').send({ email: 'pw@example.com', password: BREACHED_PASSWORD });

      expect(response.headers.location).to.equal('/signup');
      const page = (await client.get('/signup')).text;
      expect(flashOf(page, 'messageFailure')).to.equal(REFUSAL);
      expect(page).to.include('value="pw@example.com"');
      expect(page).not.to.include(BREACHED_PASSWORD);
      expect(await built.users.findByEmail(Email.parse('pw@example.com') as Email)).to.equal(null);
    });

    it('accepts a password in no breach, and any password when BREACHED_PASSWORDS is off', async () => {
      const checking = buildTestApp(parts());
      const miss = await browser(checking.app).post('/signup').type('form').send({ email: 'a@example.com', password: 'not in any breach' });
      expect(miss.headers.location).to.equal('/users/profile');

      const off = buildTestApp(parts({ check: false }));
      const anything = await browser(off.app).post('/signup').type('form').send({ email: 'b@example.com', password: BREACHED_PASSWORD });
      expect(anything.headers.location).to.equal('/users/profile');
      expect(server.requests).to.have.length(1);
    });

    it('accepts when the service answers 500 (accept), refuses it with the same reason (refuse)', async () => {
      server.mode = 'status-500';
      const accepting = buildTestApp(parts());
      const accepted = await browser(accepting.app).post('/signup').type('form').send({ email: 'a@example.com', password: BREACHED_PASSWORD });
      expect(accepted.headers.location).to.equal('/users/profile');

      const refusing = buildTestApp(parts({ onError: 'refuse' }));
      const client = browser(refusing.app);
      const refused = await client.post('/signup').type('form').send({ email: 'a@example.com', password: 'not in any breach' });
      expect(refused.headers.location).to.equal('/signup');
      expect(flashOf((await client.get('/signup')).text, 'messageFailure')).to.equal(REFUSAL);
    });
  });

  describe('POST /password/reset', () => {
    it('re-shows the form with the reason for a breached password, and the link still works', async () => {
      const built = buildTestApp(parts());
      await signedUp(built.app, 'ada@example.com');
      const path = await resetLinkPath(built, 'ada@example.com');

      const page = await browser(built.app).post('/password/reset').type('form').send({ token: tokenIn(path), password: BREACHED_PASSWORD });

      expect(page.status).to.equal(422);
      expect(/data-problem[^>]*>([^<]*)</.exec(page.text)?.[1]).to.equal(REFUSAL);
      expect(page.text).not.to.include(BREACHED_PASSWORD);
      const response = await postReset(built.app, tokenIn(path), 'not in any breach');
      expect(response.headers.location).to.equal('/login');
    });
  });

  describe('POST /account/password', () => {
    it('refuses a breached new password; the current one still logs in', async () => {
      const built = await withAda(parts());

      const answer = await submit(built.ada, '/account/password', { currentPassword: ADA.password, password: BREACHED_PASSWORD });

      expect(answer.failure).to.equal(REFUSAL);
      expect((await submit(browser(built.app), '/login', ADA)).success).to.equal('Successfully logged in.');
    });
  });
});
