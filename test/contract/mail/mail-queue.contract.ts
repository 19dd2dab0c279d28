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
    const claimed = await queue.claimDue(NOW + 10, 10, LEASE);
    expect(claimed.map((message) => message.mail)).to.deep.equal(kinds);
    expect(claimed.map((message) => [message.attempt, message.queuedAt])).to.deep.equal(kinds.map((_, i) => [1, NOW + i]));
  });

  it('claims at most the limit, and nothing that is not due yet', async () => {
    for (let n = 0; n < 3; n += 1) await enqueue(reset(n));
    await enqueue(reset(9), NOW + 5000);
    expect(await queue.claimDue(NOW - 1, 10, LEASE)).to.deep.equal([]);
    expect((await queue.claimDue(NOW, 2, LEASE)).map((m) => m.mail.to)).to.deep.equal(['user0@example.com', 'user1@example.com']);
    expect((await queue.claimDue(NOW, 10, LEASE)).map((m) => m.mail.to)).to.deep.equal(['user2@example.com']);
    expect(await queue.claimDue(NOW + 4999, 10, LEASE)).to.deep.equal([]);
  });

  it('gives each message to exactly one of many claimers at once', async () => {
    for (let n = 0; n < 30; n += 1) await enqueue(reset(n));
    const claimer = async (): Promise<ClaimedMail[]> => {
      const mine: ClaimedMail[] = [];
      for (;;) {
        const batch = await queue.claimDue(NOW, 3, LEASE);
        if (batch.length === 0) return mine;
        mine.push(...batch);
      }
    };
    const claims = (await Promise.all(Array.from({ length: 8 }, claimer))).flat();
    const rest = await claimer();
    const recipients = [...claims, ...rest].map((message) => message.mail.to).sort();
    expect(recipients).to.deep.equal(Array.from({ length: 30 }, (_, n) => `user${n}@example.com`).sort());
  });

  it('takes a claim that was never settled up again after its lease, for the new holder only', async () => {
    await enqueue(reset(1));
    const [crashed] = await queue.claimDue(NOW, 10, LEASE);
    expect(await queue.claimDue(NOW + LEASE - 1, 10, LEASE)).to.deep.equal([]);
    const [retaken] = await queue.claimDue(NOW + LEASE, 10, LEASE);
    expect(retaken?.id).to.equal(crashed?.id);
    expect(retaken?.attempt).to.equal(2);
    expect(await queue.settle(crashed as ClaimedMail)).to.equal(false);
    expect(await queue.reschedule(crashed as ClaimedMail, NOW, 'late')).to.equal(false);
    expect(await queue.fail(crashed as ClaimedMail, 'late')).to.equal(false);
    expect(await queue.settle(retaken as ClaimedMail)).to.equal(true);
    expect(await queue.status()).to.deep.equal({ pending: 0, failed: 0, oldestPendingQueuedAt: null });
  });

  it('settles only for the claim holder', async () => {
    await enqueue(reset(1));
    const [claimed] = (await queue.claimDue(NOW, 10, LEASE)) as [ClaimedMail];
    expect(await queue.settle({ ...claimed, claim: 'someone else' })).to.equal(false);
    expect(await queue.fail({ ...claimed, claim: 'someone else' }, 'no')).to.equal(false);
    expect((await queue.status()).pending).to.equal(1);
    expect(await queue.settle(claimed)).to.equal(true);
    expect(await queue.settle(claimed)).to.equal(false);
    expect((await queue.status()).pending).to.equal(0);
  });

  it('reschedules a message: due again at the time given, as the next attempt', async () => {
    await enqueue(reset(1));
    const [claimed] = (await queue.claimDue(NOW, 10, LEASE)) as [ClaimedMail];
    expect(await queue.reschedule(claimed, NOW + 30_000, '421 try again later')).to.equal(true);
    expect(await queue.claimDue(NOW + 29_999, 10, LEASE)).to.deep.equal([]);
    const [again] = await queue.claimDue(NOW + 30_000, 10, LEASE);
    expect({ attempt: again?.attempt, queuedAt: again?.queuedAt }).to.deep.equal({ attempt: 2, queuedAt: NOW });
  });

  it('releases a message untried: due at once, the attempt not counted', async () => {
    await enqueue(reset(1));
    const [claimed] = (await queue.claimDue(NOW, 10, LEASE)) as [ClaimedMail];
    expect(await queue.release(claimed, NOW + 5)).to.equal(true);
    const [again] = await queue.claimDue(NOW + 5, 10, LEASE);
    expect(again?.attempt).to.equal(1);
  });

  it('keeps a failed message out of every claim, counts it, and requeues it as new', async () => {
    await enqueue(reset(1), NOW - 1000);
    await enqueue(reset(2), NOW);
    const [first] = (await queue.claimDue(NOW, 1, LEASE)) as [ClaimedMail];
    expect(await queue.fail(first, '550 no such user')).to.equal(true);
    expect(await queue.status()).to.deep.equal({ pending: 1, failed: 1, oldestPendingQueuedAt: NOW });
    const others = await queue.claimDue(NOW + 10 * LEASE, 10, LEASE);
    expect(others.map((m) => m.mail.to)).to.deep.equal(['user2@example.com']);
    await queue.settle(others[0] as ClaimedMail);

    expect(await queue.requeueFailed(NOW + 20 * LEASE)).to.equal(1);
    expect(await queue.requeueFailed(NOW + 20 * LEASE)).to.equal(0);
    const [requeued] = await queue.claimDue(NOW + 20 * LEASE, 10, LEASE);
    expect(requeued?.mail).to.deep.equal(reset(1));
    expect({ attempt: requeued?.attempt, queuedAt: requeued?.queuedAt }).to.deep.equal({ attempt: 1, queuedAt: NOW + 20 * LEASE });
  });

  it('lists the messages not yet sent to one address, failed ones too, oldest first, and nothing of their content', async () => {
    expect(await queue.listTo('user1@example.com')).to.deep.equal([]);
    await enqueue(reset(1), NOW - 2000);
    await enqueue(reset(2), NOW - 1000);
    await enqueue({ kind: 'password-changed', to: 'user1@example.com' }, NOW);
    await enqueue(reset(3), NOW + 1);
    const [first] = (await queue.claimDue(NOW, 1, LEASE)) as [ClaimedMail];
    await queue.fail(first, '550 no such user');

    expect(await queue.listTo('user1@example.com')).to.deep.equal([
      { kind: 'password-reset', queuedAt: NOW - 2000, status: 'failed', attempts: 1 },
      { kind: 'password-changed', queuedAt: NOW, status: 'pending', attempts: 0 },
    ]);
    expect(await queue.listTo('USER1@example.com')).to.deep.equal([]);
    const [second] = (await queue.claimDue(NOW, 1, LEASE)) as [ClaimedMail];
    await queue.settle(second);
    expect(await queue.listTo('user2@example.com')).to.deep.equal([]);
  });

  it('reports the oldest pending message, claimed or not, and nothing once all are sent', async () => {
    expect(await queue.status()).to.deep.equal({ pending: 0, failed: 0, oldestPendingQueuedAt: null });
    await enqueue(reset(1), NOW - 5000);
    await enqueue(reset(2), NOW);
    const claimed = await queue.claimDue(NOW, 10, LEASE);
    expect(await queue.status()).to.deep.equal({ pending: 2, failed: 0, oldestPendingQueuedAt: NOW - 5000 });
    for (const message of claimed) await queue.settle(message);
    expect(await queue.status()).to.deep.equal({ pending: 0, failed: 0, oldestPendingQueuedAt: null });
  });
}
