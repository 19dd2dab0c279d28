import { expect } from 'chai';
import { SendPasswordReset } from '../../../../src/application/administration/send-password-reset.js';
import { testLinkTokens } from '../../../support/accounts.js';
import { ManualClock, testThrottle } from '../../../support/throttle.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  const clock = new ManualClock();
  const send = new SendPasswordReset(stores.users, stores.transactions, testLinkTokens(), clock, testThrottle({}, clock), stores.events);
  return { ...stores, clock, send };
}

describe('SendPasswordReset', () => {
  it('queues the reset message with a live link to the user', async () => {
    const { send, outbox } = await setUp();
    expect(await send.execute({ user: { id: 2 } })).to.deep.equal({ kind: 'ok', userId: 2, email: 'ada@example.com' });
    const [mail] = outbox.queued;
    expect(mail?.kind).to.equal('password-reset');
    expect(mail?.to).to.equal('ada@example.com');
  });

  it('sends no second link within a minute, and one after', async () => {
    const { send, outbox, clock } = await setUp();
    await send.execute({ user: { id: 2 } });
    expect(await send.execute({ user: { id: 2 } })).to.deep.equal({ kind: 'recently-sent', userId: 2, email: 'ada@example.com' });
    expect(outbox.queued).to.have.length(1);
    clock.advance(60_000);
    expect((await send.execute({ user: { id: 2 } })).kind).to.equal('ok');
    expect(outbox.queued).to.have.length(2);
  });

  it('answers not-found and invalid-email', async () => {
    const { send, outbox } = await setUp();
    expect(await send.execute({ user: { id: 9 } })).to.deep.equal({ kind: 'not-found' });
    expect(await send.execute({ user: { email: 'not an address' } })).to.deep.equal({ kind: 'invalid-email' });
    expect(outbox.queued).to.deep.equal([]);
  });

  it("records the link sent on the user's activity, naming the administrator; one not sent again as unchanged; nobody as refused", async () => {
    const { send, recorded, audit } = await setUp();
    const by = { actorId: 1, request: testRequest() };
    await send.execute({ user: { id: 2 }, ...by });
    await send.execute({ user: { id: 2 }, ...by });
    await send.execute({ user: { id: 9 }, ...by });

    expect(recorded()).to.deep.equal([
      ['admin.reset-sent', 2, 1, null],
      ['admin.reset-sent', 2, 1, 'unchanged'],
      ['admin.action-refused', 9, 1, 'send-password-reset/not-found'],
    ]);
    expect(await audit.listOfUser(2, { before: null, limit: 10 })).to.have.length(2);
  });
});
