import { expect } from 'chai';
import { ADA, submit, withAda } from '../../support/accounts/account-client.js';
import { postReset, resetLinkPath, tokenIn } from '../../support/links/link-flows.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

/** 64 characters of CJK text (192 bytes of UTF-8), and of emoji (256 bytes). */
const CJK_64 = '漢字仮名交じり文'.repeat(8);
const EMOJI_64 = '😀🔐🌏🎉'.repeat(16);

const BCRYPT_TOO_LONG = 'Password must be at most 72 bytes long (fewer when it uses non-Latin characters or emoji).';
const ARGON2ID_TOO_LONG = 'Password must be at most 1024 bytes long (256 characters or more in any script).';
const BCRYPT_HINT = 'At least 8 characters and at most 72 bytes (72 plain letters; fewer with accents or emoji).';
const ARGON2ID_HINT = 'At least 8 characters and at most 1024 bytes (256 characters or more in any script, emoji included).';

/** Where a login with this password redirects: `/` on success. */
async function loginAnswer(app: Parameters<typeof browser>[0], email: string, password: string) {
  return (await browser(app).post('/login').type('form').send({ email, password })).headers.location;
}

describe('long passwords of any script', () => {
  describe('with PASSWORD_HASHER=argon2id', () => {
    it('signs up with 64 emoji, and logs in with them', async () => {
      const built = buildTestApp({ passwordHasher: 'argon2id' });
      const answer = await submit(browser(built.app), '/signup', { email: ADA.email, password: EMOJI_64 });
      expect(answer.location).to.equal('/users/profile');
      expect(await loginAnswer(built.app, ADA.email, EMOJI_64)).to.equal('/');
      expect(await loginAnswer(built.app, ADA.email, EMOJI_64.slice(0, -2))).to.equal('/login');
    });

    it('changes the password to 64 CJK characters, and confirms with it afterwards', async () => {
      const built = await withAda({ passwordHasher: 'argon2id' });
      const answer = await submit(built.ada, '/account/password', { currentPassword: ADA.password, password: CJK_64 });
      expect(answer.location).to.equal('/account');
      expect(answer.success).to.equal('Your password was changed. Every other session of your account was logged out.');
      expect(await loginAnswer(built.app, ADA.email, CJK_64)).to.equal('/');
      const phone = await submit(built.ada, '/account/phone', { phone: '+44 20 7946 0001', currentPassword: CJK_64 });
      expect(phone.failure).to.equal(null);
    });

    it('resets the password to 64 emoji', async () => {
      const built = await withAda({ passwordHasher: 'argon2id' });
      const token = tokenIn(await resetLinkPath(built, ADA.email));
      const answer = await postReset(built.app, token, EMOJI_64);
      expect(answer.headers.location).to.equal('/login');
      expect(await loginAnswer(built.app, ADA.email, EMOJI_64)).to.equal('/');
    });

    it('refuses more than 1024 bytes with a message that says the limit', async () => {
      const built = buildTestApp({ passwordHasher: 'argon2id' });
      const answer = await submit(browser(built.app), '/signup', { email: ADA.email, password: '😀'.repeat(257) });
      expect(answer.failure).to.equal(ARGON2ID_TOO_LONG);
    });

    it('says so in the hint and the maxlength of every new-password field', async () => {
      const built = await withAda({ passwordHasher: 'argon2id' });
      const token = tokenIn(await resetLinkPath(built, ADA.email));
      const pages = [
        (await browser(built.app).get('/signup').expect(200)).text,
        (await built.ada.get('/account').expect(200)).text,
        (await browser(built.app).get(`/password/reset?token=${token}`).expect(200)).text,
      ];
      for (const page of pages) {
        expect(page).to.include(ARGON2ID_HINT);
        expect(page).to.match(/name="password"[^>]*maxlength="1024"/);
      }
    });
  });

  describe('with bcrypt, the default', () => {
    it('keeps the 72-byte limit, its hint and maxlength: 64 CJK characters are refused', async () => {
      const built = await withAda();
      const signUp = await submit(browser(built.app), '/signup', { email: 'grace@example.com', password: CJK_64 });
      expect(signUp.failure).to.equal(BCRYPT_TOO_LONG);
      const change = await submit(built.ada, '/account/password', { currentPassword: ADA.password, password: CJK_64 });
      expect(change.failure).to.equal(BCRYPT_TOO_LONG);
      const token = tokenIn(await resetLinkPath(built, ADA.email));
      const reset = await postReset(built.app, token, CJK_64);
      expect(reset.status).to.equal(422);
      expect(reset.text).to.include(BCRYPT_TOO_LONG);
      const page = (await browser(built.app).get('/signup').expect(200)).text;
      expect(page).to.include(BCRYPT_HINT);
      expect(page).to.match(/name="password"[^>]*maxlength="72"/);
      expect(flashOf(page, 'messageFailure')).to.equal(null);
    });
  });
});
