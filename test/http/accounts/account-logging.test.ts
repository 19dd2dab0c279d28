import { expect } from 'chai';
import { ADA, emailChangeLink, submit, tokenOf, withAda } from '../../support/accounts/account-client.js';
import { captureLog } from '../../support/captured-log.js';

describe('account changes in the log', () => {
  it('log each change and each refusal as a security event, with no password, token or link', async () => {
    const log = captureLog();
    const built = await withAda({ options: { logger: log.logger } });
    await submit(built.ada, '/account/phone', { phone: '', currentPassword: 'wrong-secret' });
    await submit(built.ada, '/account/email', { email: 'new@example.com', currentPassword: ADA.password });
    const link = emailChangeLink(built.account.outbox.queued, 'new@example.com');
    await built.ada.get(link);
    await submit(built.ada, '/email/change', { token: tokenOf(link) });
    await submit(built.ada, '/account/password', { currentPassword: ADA.password, password: 'difference-engine' });
    await submit(built.ada, '/account/delete', { currentPassword: 'difference-engine', confirm: 'yes' });

    const events = log.lines().filter((line) => typeof line.event === 'string' && String(line.event).startsWith('account.'));
    expect(events.map((line) => [line.event, line.reason ?? null, line.userId])).to.deep.equal([
      ['account.refused', 'wrong-password', 1],
      ['account.email-change-requested', null, 1],
      ['account.email-changed', null, 1],
      ['account.password-changed', null, 1],
      ['account.deleted', null, 1],
    ]);
    for (const secret of ['wrong-secret', ADA.password, 'difference-engine', tokenOf(link)]) {
      expect(log.text()).not.to.include(secret);
    }
  });

  it("log a phone change, the last administrator's refusal and too many email changes, each once, in its request", async () => {
    const log = captureLog();
    const built = await withAda({ options: { logger: log.logger } });
    await submit(built.ada, '/account/phone', { phone: '+1 555 0100', currentPassword: ADA.password });
    await built.users.setAdmin(1, true);
    await submit(built.ada, '/account/delete', { currentPassword: ADA.password, confirm: 'yes' });
    for (let n = 1; n <= 6; n += 1) {
      await submit(built.ada, '/account/email', { email: `new${n}@example.com`, currentPassword: ADA.password });
    }

    const events = log.lines().filter((line) => typeof line.event === 'string' && String(line.event).startsWith('account.'));
    expect(events.map((line) => [line.event, line.reason ?? null, line.userId])).to.deep.equal([
      ['account.phone-changed', null, 1],
      ['account.refused', 'last-admin', 1],
      ...Array.from({ length: 5 }, () => ['account.email-change-requested', null, 1]),
      ['account.refused', 'too-many-requests', 1],
    ]);
    // One line per request: each carries its own request id, and the client's address.
    const requestIds = events.map((line) => line.requestId);
    expect(requestIds.every((id) => typeof id === 'string')).to.equal(true);
    expect(new Set(requestIds).size).to.equal(events.length);
    expect(events.every((line) => typeof line.ip === 'string' && line.ip !== '')).to.equal(true);
  });
});
