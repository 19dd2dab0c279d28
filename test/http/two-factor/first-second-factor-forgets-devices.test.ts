import { expect } from 'chai';
import { ADA, withAda } from '../../support/accounts/account-client.js';
import { addPasskey } from '../../support/passkeys/passkey-client.js';
import { logInRemembered, withRememberCookie } from '../../support/devices/remember-client.js';
import { SoftAuthenticator } from '../../support/passkeys/soft-authenticator.js';
import type { Browser } from '../../support/accounts/account-client.js';
import type { TestApp } from '../../support/test-app.js';
import { enrolTotp } from '../../support/two-factor/two-factor-client.js';

/** Ways a user gets a first second factor, on the page of the logged-in `client`. */
const FIRST_FACTORS: readonly { what: string; enrol: (built: TestApp, client: Browser) => Promise<unknown> }[] = [
  { what: 'turning the authenticator app on', enrol: (built, client) => enrolTotp(built, client) },
  { what: 'adding a first passkey', enrol: (_built, client) => addPasskey(client, new SoftAuthenticator()) },
];

describe('A first second factor forgets the devices remembered before it', () => {
  for (const { what, enrol } of FIRST_FACTORS) {
    it(`${what} forgets another remembered device, which must log in again`, async () => {
      const built = await withAda();
      const other = await logInRemembered(built.app, ADA);
      await withRememberCookie(built.app, other.cookie).expect(200);

      await enrol(built, built.ada);

      const answer = await withRememberCookie(built.app, other.cookie);
      expect(answer.status).to.equal(302);
      expect(answer.headers.location).to.equal('/login');
    });

    it(`${what} keeps the device it was done on remembered`, async () => {
      const built = await withAda();
      const other = await logInRemembered(built.app, ADA);
      const here = await logInRemembered(built.app, ADA);

      await enrol(built, here.client);

      await withRememberCookie(built.app, here.cookie).expect(200);
      expect((await withRememberCookie(built.app, other.cookie)).status).to.equal(302);
    });
  }
});
