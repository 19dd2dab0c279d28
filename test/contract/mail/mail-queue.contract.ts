import { expect } from 'chai';
import type { MailOutbox } from '../../../src/application/mail/ports/mail-outbox.js';
import type { ClaimedMail, MailQueue } from '../../../src/application/mail/ports/mail-queue.js';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';

/** A fresh, empty outbox for one test: both of its sides, and how to release it. */
export interface MailQueueUnderTest {
  readonly outbox: MailOutbox;
  readonly queue: MailQueue;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;
const LEASE = 60_000;
const GRACE = 15_000;
const TERMS = { leaseMs: LEASE, lapsedGraceMs: GRACE };

const reset = (n: number): OutgoingMail => ({
  kind: 'password-reset',
  to: `user${n}@example.com`,
  link: `https://auth.example.com/password/reset?token=t${n}`,
  expiresInMinutes: 60,
});

/** What every `MailQueue` adapter must do, with messages queued through its `MailOutbox`. */
export function mailQueueContract(make: () => Promise<MailQueueUnderTest>): void {
  let subject: MailQueueUnderTest;
  let queue: MailQueue;
  const enqueue = (mail: OutgoingMail, at = NOW) => subject.outbox.enqueue(mail, at);

  beforeEach(async () => {
    subject = await make();
    queue = subject.queue;
  });
  afterEach(async () => {
    await subject.close();
  });

  /** Claims at `now` until nothing is due: what one sender would take in turn. */
  const claimAll = async (now: number): Promise<ClaimedMail[]> => {
    const claimed: ClaimedMail[] = [];
    for (let message = await queue.claimNext(now, TERMS); message; message = await queue.claimNext(now, TERMS)) claimed.push(message);
    return claimed;
  };

  it('hands out every kind of message as it was queued, the oldest first', async () => {
    const kinds: OutgoingMail[] = [
      reset(1),
      { kind: 'password-changed', to: 'a@example.com' },
      { kind: 'email-verification', to: 'b@example.com', link: 'https://x.test/email/verify?token=v', expiresInMinutes: 1440 },
      { kind: 'email-change-confirmation', to: 'c@example.com', link: 'https://x.test/email/change?token=c', expiresInMinutes: 1440 },
      { kind: 'email-changed', to: 'd@example.com', newEmail: 'é@example.com' },
      { kind: 'second-factor-changed', to: 'e@example.com', change: { kind: 'passkey-added', passkeyName: 'Clé <b>"de"</b> 🔑' } },
    ];
    for (const [index, mail] of kinds.entries()) await enqueue(mail, NOW + index);
    const claimed = await claimAll(NOW + 10);
    expect(claimed.map((message) => message.mail)).to.deep.equal(kinds);
    expect(claimed.map((message) => [message.attempt, message.queuedAt])).to.deep.equal(kinds.map((_, i) => [1, NOW + i]));
  });

  it('claims one message at a time, and nothing that is not due yet', async () => {
    for (let n = 0; n < 3; n += 1) await enqueue(reset(n));
    await enqueue(reset(9), NOW + 5000);
    expect(await queue.claimNext(NOW - 1, TERMS)).to.equal(null);
    expect((await queue.claimNext(NOW, TERMS))?.mail.to).to.equal('user0@example.com');
    expect((await queue.claimNext(NOW, TERMS))?.mail.to).to.equal('user1@example.com');
    expect((await queue.claimNext(NOW, TERMS))?.mail.to).to.equal('user2@example.com');
    expect(await queue.claimNext(NOW + 4999, TERMS)).to.equal(null);
    expect((await queue.claimNext(NOW + 5000, TERMS))?.mail.to).to.equal('user9@example.com');
  });

  it('gives each message to exactly one of many claimers at once', async () => {
    for (let n = 0; n < 30; n += 1) await enqueue(reset(n));
    const claims = (await Promise.all(Array.from({ length: 8 }, () => claimAll(NOW)))).flat();
    const rest = await claimAll(NOW);
    const recipients = [...claims, ...rest].map((message) => message.mail.to).sort();
    expect(recipients).to.deep.equal(Array.from({ length: 30 }, (_, n) => `user${n}@example.com`).sort());
  });

  it('holds a claim for its lease only: the next claim after it releases the message, due again after the lapsed grace', async () => {
    await enqueue(reset(1));
    await enqueue(reset(2), NOW + LEASE);
    const crashed = (await queue.claimNext(NOW, TERMS)) as ClaimedMail;
    expect(await queue.claimNext(NOW + LEASE - 1, TERMS)).to.equal(null);
    // The lapsed claim is released; the other message is not held up by it.
    expect((await queue.claimNext(NOW + LEASE, TERMS))?.mail.to).to.equal('user2@example.com');
    expect(await queue.claimNext(NOW + LEASE + GRACE - 1, TERMS)).to.equal(null);
    const retaken = (await queue.claimNext(NOW + LEASE + GRACE, TERMS)) as ClaimedMail;
    expect({ id: retaken.id, attempt: retaken.attempt }).to.deep.equal({ id: crashed.id, attempt: 2 });
    expect(await queue.settle(crashed)).to.equal(false);
    expect(await queue.reschedule(crashed, NOW, 'late')).to.equal(false);
    expect(await queue.fail(crashed, 'late')).to.equal(false);
    expect(await queue.settle(retaken)).to.equal(true);
    expect(await queue.status()).to.include({ pending: 1, failed: 0 });
  });

  it('lets a sender whose claim lapsed record its message as sent, until another sender claims it', async () => {
    await enqueue(reset(1));
    const late = (await queue.claimNext(NOW, TERMS)) as ClaimedMail;
    expect(await queue.claimNext(NOW + 10 * LEASE, TERMS)).to.equal(null);
    expect(await queue.settle(late)).to.equal(true);
    expect(await queue.status()).to.deep.equal({ pending: 0, failed: 0, oldestPendingQueuedAt: null });
    expect(await queue.claimNext(NOW + 20 * LEASE, TERMS)).to.equal(null);
  });

  it('settles only for the claim holder', async () => {
    await enqueue(reset(1));
    const claimed = (await queue.claimNext(NOW, TERMS)) as ClaimedMail;
    expect(await queue.settle({ ...claimed, claim: 'someone else' })).to.equal(false);
    expect(await queue.fail({ ...claimed, claim: 'someone else' }, 'no')).to.equal(false);
    expect((await queue.status()).pending).to.equal(1);
    expect(await queue.settle(claimed)).to.equal(true);
    expect(await queue.settle(claimed)).to.equal(false);
    expect((await queue.status()).pending).to.equal(0);
  });

  it('reschedules a message: due again at the time given, as the next attempt', async () => {
    await enqueue(reset(1));
    const claimed = (await queue.claimNext(NOW, TERMS)) as ClaimedMail;
    expect(await queue.reschedule(claimed, NOW + 30_000, '421 try again later')).to.equal(true);
    expect(await queue.claimNext(NOW + 29_999, TERMS)).to.equal(null);
    const again = await queue.claimNext(NOW + 30_000, TERMS);
    expect({ attempt: again?.attempt, queuedAt: again?.queuedAt }).to.deep.equal({ attempt: 2, queuedAt: NOW });
  });

  it('keeps a failed message out of every claim, counts it, and requeues it as new', async () => {
    await enqueue(reset(1), NOW - 1000);
    await enqueue(reset(2), NOW);
    const first = (await queue.claimNext(NOW, TERMS)) as ClaimedMail;
    expect(await queue.fail(first, '550 no such user')).to.equal(true);
    expect(await queue.status()).to.deep.equal({ pending: 1, failed: 1, oldestPendingQueuedAt: NOW });
    const others = await claimAll(NOW + 10 * LEASE);
    expect(others.map((m) => m.mail.to)).to.deep.equal(['user2@example.com']);
    await queue.settle(others[0] as ClaimedMail);

    expect(await queue.requeueFailed(NOW + 20 * LEASE)).to.equal(1);
    expect(await queue.requeueFailed(NOW + 20 * LEASE)).to.equal(0);
    const requeued = await queue.claimNext(NOW + 20 * LEASE, TERMS);
    expect(requeued?.mail).to.deep.equal(reset(1));
    expect({ attempt: requeued?.attempt, queuedAt: requeued?.queuedAt }).to.deep.equal({ attempt: 1, queuedAt: NOW + 20 * LEASE });
  });

  it('reports the oldest pending message, claimed or not, and nothing once all are sent', async () => {
    expect(await queue.status()).to.deep.equal({ pending: 0, failed: 0, oldestPendingQueuedAt: null });
    await enqueue(reset(1), NOW - 5000);
    await enqueue(reset(2), NOW);
    const claimed = await claimAll(NOW);
    expect(await queue.status()).to.deep.equal({ pending: 2, failed: 0, oldestPendingQueuedAt: NOW - 5000 });
    for (const message of claimed) await queue.settle(message);
    expect(await queue.status()).to.deep.equal({ pending: 0, failed: 0, oldestPendingQueuedAt: null });
  });
}
