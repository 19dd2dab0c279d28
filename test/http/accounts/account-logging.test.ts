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
});
