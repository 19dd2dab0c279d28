import { expect } from 'chai';
import type { SecurityEventType } from '../../../src/application/shared/ports/security-events.js';
import { submit } from '../../support/accounts/account-client.js';
import { ROOT, WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { captureLog, type CapturedLog } from '../../support/captured-log.js';
import { browser, buildTestApp, type TestApp } from '../../support/test-app.js';

/** How many log lines of this event there are about `userId`. */
function linesOf(log: CapturedLog, event: SecurityEventType, userId: number): number {
  return log.lines().filter((line) => line.event === event && line.userId === userId).length;
}

/** How many rows of this event Ada's (user 2's) activity holds. */
async function rowsOf(built: TestApp, event: SecurityEventType): Promise<number> {
  return (await built.audit.listOfUser(2, { before: null, limit: 100 })).filter((row) => row.type === event).length;
}

describe('administration acts on the pages are recorded once each', () => {
  it('logs exactly one event of each act on Ada, naming Root, and stores one row of it on her activity', async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger } });
    const { root } = await rootAndAda(built);
    await built.twoFactor.totp.savePending(2, 'sealed-secret-of-ada');
    await built.twoFactor.totp.enable(2, 'sealed-secret-of-ada', 1, Date.now());

    const acts: [string, SecurityEventType][] = [
      ['grant-admin', 'admin.granted'],
      ['revoke-admin', 'admin.revoked'],
      ['lock', 'admin.user-locked'],
      ['unlock', 'admin.user-unlocked'],
      ['send-password-reset', 'admin.reset-sent'],
      ['revoke-sessions', 'admin.sessions-revoked'],
      ['reset-two-factor', 'admin.two-factor-reset'],
    ];
    for (const [act, event] of acts) {
      const done = await submit(root, `/users/2/${act}`, WITH_PASSWORD);
      expect(done.location, act).to.equal('/users/2');
      expect([act, linesOf(log, event, 2), await rowsOf(built, event)]).to.deep.equal([act, 1, 1]);
      expect(log.lines().find((line) => line.event === event && line.userId === 2)).to.include({ actorId: 1 });
    }

    await submit(root, '/users/2/delete', { confirm: 'yes' });
    expect(linesOf(log, 'admin.user-deleted', 2)).to.equal(1);
  });

  it('logs exactly one refusal of an act, of the admin gate, and of REQUIRE_2FA_FOR_ADMINS', async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger }, requireTwoFactorForAdmins: true });
    const { root, ada } = await rootAndAda(built);

    expect((await ada.get('/admin')).headers.location).to.equal('/users/profile');
    expect(linesOf(log, 'admin.refused', 2)).to.equal(1);

    expect((await root.get('/admin')).headers.location).to.equal('/account/two-factor');
    expect(linesOf(log, 'admin.two-factor-required', 1)).to.equal(1);

    // With the policy off, Root locking the only administrator who can log in: himself.
    const off = captureLog();
    const plain = buildTestApp({ options: { logger: off.logger } });
    const root2 = (await rootAndAda(plain)).root;
    expect((await submit(root2, '/users/1/lock', WITH_PASSWORD)).failure).to.match(/only administrator/);
    expect(off.lines().filter((line) => line.event === 'admin.action-refused')).to.have.length(1);
    expect(await submit(browser(plain.app), '/login', ROOT)).to.include({ location: '/' });
  });
});
