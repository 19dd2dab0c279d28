import { expect } from 'chai';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { ROOT, WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { captureLog } from '../../support/captured-log.js';
import { browser, buildTestApp } from '../../support/test-app.js';

describe('administration in the log', () => {
  it("logs every action with the target's id and the administrator's, and no password", async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger } });
    const { root } = await rootAndAda(built);
    await submit(root, '/users/2/lock', { sudoPassword: 'wrong-guess' });
    await submit(root, '/users/2/lock', WITH_PASSWORD);
    await submit(root, '/users/2/lock', {});
    await submit(root, '/users/2/unlock', {});
    await submit(root, '/users/2/grant-admin', {});
    await submit(root, '/users/2/revoke-admin', {});
    await submit(root, '/users/2/send-password-reset', {});
    await submit(root, '/users/2/revoke-sessions', {});
    await submit(root, '/users/2/delete', { confirm: 'yes' });
    await submit(root, '/users/2/unlock', {});
    await submit(root, '/users/1/lock', {});

    const events = log
      .lines()
      .filter((line) => /^(admin\.(?!refused)|sudo\.)/.test(String(line.event)))
      .map((line) => [line.event, line.userId, line.actorId ?? null, line.reason ?? null]);
    expect(events).to.deep.equal([
      // The set-up's `admin grant` on the command line: no administrator acted.
      ['admin.granted', 1, null, null],
      ['sudo.refused', 1, null, 'wrong-password'],
      ['sudo.confirmed', 1, null, null],
      ['admin.user-locked', 2, 1, null],
      ['admin.user-locked', 2, 1, 'unchanged'],
      ['admin.user-unlocked', 2, 1, null],
      ['admin.granted', 2, 1, null],
      ['admin.revoked', 2, 1, null],
      ['admin.reset-sent', 2, 1, null],
      ['admin.sessions-revoked', 2, 1, null],
      ['admin.user-deleted', 2, 1, null],
      ['admin.action-refused', 2, 1, 'unlock/not-found'],
      ['admin.action-refused', 1, 1, 'lock/last-admin'],
    ]);
    for (const secret of ['wrong-guess', ROOT.password, ADA.password]) expect(log.text()).not.to.include(secret);
  });

  it("logs a locked account's login as a failure with the right password, which the visitor is not told", async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger } });
    const { root } = await rootAndAda(built);
    await submit(root, '/users/2/lock', WITH_PASSWORD);

    const login = await submit(browser(built.app), '/login', ADA);

    expect(login.failure).to.equal('Invalid email and/ or password.');
    const failed = log.lines().find((line) => line.event === 'login.failed');
    expect({ email: failed?.email, userId: failed?.userId, reason: failed?.reason }).to.deep.equal({
      email: ADA.email,
      userId: 2,
      reason: 'locked',
    });
  });
});
