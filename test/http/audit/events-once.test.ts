import { expect } from 'chai';
import { ADA, logIn, submit } from '../../support/accounts/account-client.js';
import { captureLog } from '../../support/captured-log.js';
import { postReset, resetLinkPath, tokenIn } from '../../support/links/link-flows.js';
import { browser, buildTestApp } from '../../support/test-app.js';
import { enrolTotp, totpCode } from '../../support/two-factor/two-factor-client.js';

const NEW_PASSWORD = 'difference-engine-2';
const NEWER_PASSWORD = 'jacquard-loom-punch';

/**
 * A person's own acts, each once, through the pages. Every act's security event is
 * recorded by its use case, and the web records none of them again: each act logs its
 * own event once, and no request logs one event twice.
 */
describe('security events of a person’s own acts are logged once each', () => {
  it('logs each act’s events exactly once, across a journey from sign-up to a two-factor login', async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger } });
    const acts: [string, string[]][] = [];
    /** Runs one act and keeps the events it logged, in order, failing on any logged twice in one request. */
    const act = async (name: string, run: () => Promise<unknown>) => {
      const before = log.lines().length;
      await run();
      await built.queuedMail(); // A reset request records its event after the answer.
      const lines = log.lines().slice(before).filter((line) => typeof line.event === 'string');
      const seen = lines.map((line) => `${String(line.requestId)} ${String(line.event)}`);
      expect(seen.filter((key, index) => seen.indexOf(key) !== index), `${name}: logged twice`).to.deep.equal([]);
      acts.push([name, lines.map((line) => String(line.event))]);
    };

    let ada = browser(built.app);
    await act('sign up', () => ada.post('/signup').type('form').send(ADA).expect(302));
    await act('log out', () => ada.get('/logout').expect(302));
    await act('a wrong password', () =>
      browser(built.app).post('/login').type('form').send({ email: ADA.email, password: 'not-her-password' }).expect(302),
    );
    await act('log in', async () => {
      ada = await logIn(built, ADA);
    });
    await act('change the phone', () => submit(ada, '/account/phone', { phone: '+44 20 7946 0001', currentPassword: ADA.password }));
    await act('change the password', () =>
      submit(ada, '/account/password', { currentPassword: ADA.password, password: NEW_PASSWORD }),
    );
    await logIn(built, { email: ADA.email, password: NEW_PASSWORD });
    await act('log out the other sessions', () => submit(ada, '/account/sessions/revoke-others', { sudoPassword: NEW_PASSWORD }));
    let resetPath = '';
    await act('ask for a reset link', async () => {
      resetPath = await resetLinkPath(built, ADA.email);
    });
    await act('reset the password', () => postReset(built.app, tokenIn(resetPath), NEWER_PASSWORD));
    ada = await logIn(built, { email: ADA.email, password: NEWER_PASSWORD });
    let secret = '';
    await act('turn on the authenticator app', async () => {
      secret = (await enrolTotp(built, ada, NEWER_PASSWORD)).secret;
    });
    await act('log out again', () => ada.get('/logout').expect(302));
    await act('log in with a code', async () => {
      await ada.post('/login').type('form').send({ email: ADA.email, password: NEWER_PASSWORD }).expect(302);
      const answer = await ada.post('/login/two-factor').type('form').send({ code: totpCode(secret, built.clock.now()) });
      expect(answer.headers.location).to.equal('/');
    });

    expect(acts).to.deep.equal([
      ['sign up', ['signup.succeeded']],
      ['log out', ['logout']],
      ['a wrong password', ['login.failed']],
      // From a browser of its own, which the account has not used: the new-device alert's event too.
      ['log in', ['login.succeeded', 'login.new-device']],
      ['change the phone', ['account.phone-changed']],
      ['change the password', ['account.password-changed']],
      ['log out the other sessions', ['sudo.confirmed', 'sessions.revoked-others']],
      ['ask for a reset link', ['password-reset.requested']],
      ['reset the password', ['password-reset.succeeded']],
      ['turn on the authenticator app', ['sudo.confirmed', 'two-factor.enabled']],
      ['log out again', ['logout']],
      ['log in with a code', ['login.succeeded']],
    ]);
  });
});
