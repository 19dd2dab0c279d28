import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { onEveryBackend } from '../../support/app-backends.js';
import {
  loggedIn,
  loginAnswer,
  OLD_PASSWORD,
  pathOf,
  postReset,
  postVerify,
  resetLinkPath,
  signedUp,
  tokenIn,
  verificationLinkPath,
} from '../../support/links/link-flows.js';
import { browser, flashOf } from '../../support/test-app.js';

const NEW_PASSWORD = 'a brand new secret';

describe('password reset and email verification, on every backend', () => {
  onEveryBackend((build) => {
    it('resets the password with an emailed link: sessions end, the new password logs in, the address is verified', async () => {
      const built = await build();
      const first = await signedUp(built.app, 'ada@example.com');
      const second = await loggedIn(built.app, 'ada@example.com');
      const path = await resetLinkPath(built, 'ada@example.com');

      await browser(built.app).get(path).expect(200);
      const response = await postReset(built.app, tokenIn(path), NEW_PASSWORD);

      expect(response.headers.location).to.equal('/login');
      for (const client of [first, second]) expect((await client.get('/users/profile')).headers.location).to.equal('/login');
      expect(await loginAnswer(built.app, 'ada@example.com', NEW_PASSWORD)).to.equal('/');
      expect(await loginAnswer(built.app, 'ada@example.com', OLD_PASSWORD)).to.equal('/login');
      expect((await built.users.findByEmail(Email.parse('ada@example.com') as Email))?.emailVerified).to.equal(true);
      await postReset(built.app, tokenIn(path), 'a third secret').expect(400);
    });

    it('resets the password with a link the CLI printed (user reset-link)', async () => {
      const built = await build();
      await signedUp(built.app, 'ada@example.com');
      const result = await built.createPasswordResetLink.execute({ email: 'ada@example.com' });
      if (result.kind !== 'ok') throw new Error(result.kind);

      const client = browser(built.app);
      const response = await postReset(built.app, tokenIn(pathOf(result.link)), NEW_PASSWORD, client);

      expect(response.headers.location).to.equal('/login');
      expect(flashOf((await client.get('/login')).text, 'messageSuccess')).to.match(/^Your password has been changed/);
    });

    it('verifies the address with the link queued at sign-up', async () => {
      const built = await build();
      const client = await signedUp(built.app, 'ada@example.com');
      const path = await verificationLinkPath(built);

      await client.get(path).expect(200);
      await postVerify(built.app, tokenIn(path), client).expect(302);

      expect((await client.get('/users/profile')).text).to.match(/<dt>Email verified<\/dt><dd>Yes<\/dd>/);
    });
  });
});
