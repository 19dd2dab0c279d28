import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { onEveryDatabase } from '../../support/app-backends.js';
import { signedUp } from '../../support/links/link-flows.js';
import { browser, type TestApp } from '../../support/test-app.js';

/** The code of the newest login-code message to ada. */
async function lastCode(built: TestApp): Promise<string> {
  const mail = (await built.queuedMail()).filter((m) => m.kind === 'login-code').at(-1);
  if (mail?.kind !== 'login-code') throw new Error('no login code was queued');
  return mail.code;
}

describe('login by a code sent by email, on every database', () => {
  onEveryDatabase(
    (build) => {
      it('logs in once with the newest code, superseding the older, and marks the address verified', async () => {
        const built = await build();
        await signedUp(built.app, 'ada@example.com');
        const client = browser(built.app);
        await client.post('/login/code/send').type('form').send({ email: 'ada@example.com' }).expect(302);
        const first = await lastCode(built);
        await client.post('/login/code/send').type('form').send({ email: 'ada@example.com' }).expect(302);
        const second = await lastCode(built);
        if (first !== second) {
          expect((await client.post('/login/code').type('form').send({ code: first })).headers.location).to.equal('/login/code');
        }
        expect((await client.post('/login/code').type('form').send({ code: second })).headers.location).to.equal('/');
        expect((await client.get('/users/profile')).status).to.equal(200);
        expect((await built.users.findByEmail(Email.fromTrusted('ada@example.com')))?.emailVerified).to.equal(true);
        const again = browser(built.app);
        await again.post('/login/code/send').type('form').send({ email: 'ada@example.com' }).expect(302);
        expect((await again.post('/login/code').type('form').send({ code: second })).headers.location).to.equal('/login/code');
      });

      it('allows five tries of a code', async () => {
        const built = await build();
        await signedUp(built.app, 'ada@example.com');
        const client = browser(built.app);
        await client.post('/login/code/send').type('form').send({ email: 'ada@example.com' }).expect(302);
        const code = await lastCode(built);
        const wrong = code === '00000000' ? '11111111' : '00000000';
        for (let n = 0; n < 5; n++) await client.post('/login/code').type('form').send({ code: wrong }).expect(302);
        expect((await client.post('/login/code').type('form').send({ code })).headers.location).to.equal('/login/code');
      });
    },
    { emailCodeLogin: true },
  );
});
