import { englishTranslations } from '../../../support/english.js';
import { join } from 'node:path';
import { expect } from 'chai';
import { DeliverMail, deliveryPolicy } from '../../../../src/application/mail/deliver-mail.js';
import { MailNotSent } from '../../../../src/application/mail/ports/mailer.js';
import type { OutgoingMail } from '../../../../src/application/mail/outgoing-mail.js';
import type { ClaimedMail, ClaimTerms } from '../../../../src/application/mail/ports/mail-queue.js';
import { InMemoryMailOutbox } from '../../../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { PugMailComposer } from '../../../../src/infrastructure/mail/pug-mail-composer.js';
import { projectRoot } from '../../../../src/infrastructure/project-root.js';
import { captureLog } from '../../../support/captured-log.js';
import { RecordingMailer } from '../../../support/recording-mailer.js';

const QUEUED_AT = 1_800_000_000_000;
const SECOND = 1000;
const HOUR = 3_600_000;
const TOKEN = 'S3CRET-t0ken';
const RESET: OutgoingMail = {
  kind: 'password-reset',
  to: 'ada@example.com',
  link: `https://auth.example.com/password/reset?token=${TOKEN}`,
  expiresInMinutes: 60,
};

/** An outbox whose database can be taken away: every call of the delivery side then rejects. */
class OutboxWithOutages extends InMemoryMailOutbox {
  down = false;

  override async claimNext(now: number, terms: ClaimTerms) {
    this.answer();
    return super.claimNext(now, terms);
  }

  override async settle(claimed: ClaimedMail) {
    this.answer();
    return super.settle(claimed);
  }

  private answer(): void {
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }
}

const POLICY = deliveryPolicy();

function setUp() {
  const clock = { time: QUEUED_AT, now: () => clock.time };
  const outbox = new OutboxWithOutages();
  const mailer = new RecordingMailer();
  const log = captureLog();
  const composer = new PugMailComposer({ templatesDir: join(projectRoot(), 'views', 'mail'), appUrl: 'https://auth.example.com', cache: true, translations: englishTranslations });
  const deliverMail = new DeliverMail(outbox, composer, mailer, clock, log.logger);
  const lines = (msg: string) => log.lines().filter((line) => line.msg === msg);
  return { clock, outbox, mailer, log, deliverMail, lines, composer };
}

describe('DeliverMail', () => {
  it('sends a due message, removes it from the queue, and logs the receipt', async () => {
    const { outbox, mailer, deliverMail, lines } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT);

    expect(await deliverMail.execute()).to.deep.equal({ kind: 'sent', mailId: '1' });
    expect(mailer.sent.map(({ to, subject }) => ({ to, subject }))).to.deep.equal([{ to: 'ada@example.com', subject: 'Reset your Gatehouse password' }]);
    expect(mailer.sent[0]?.text).to.include(RESET.link);
    expect(await outbox.status()).to.deep.equal({ pending: 0, failed: 0, oldestPendingQueuedAt: null });
    expect(lines('mail sent')).to.have.length(1);
    expect(lines('mail sent')[0]).to.include({ mailId: '1', kind: 'password-reset', to: 'ada@example.com', attempt: 1, receipt: '250 accepted #1' });
  });

  it('does nothing when nothing is due', async () => {
    const { outbox, mailer, deliverMail } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT + SECOND);
    expect(await deliverMail.execute()).to.deep.equal({ kind: 'nothing-due' });
    expect(mailer.attempted).to.deep.equal([]);
  });

  it('claims one message per pass, the one that has waited longest', async () => {
    const { outbox, mailer, deliverMail } = setUp();
    for (let n = 0; n < 3; n += 1) await outbox.enqueue({ kind: 'password-changed', to: `u${n}@example.com` }, QUEUED_AT - n);
    await deliverMail.execute();
    expect(mailer.sent.map((mail) => mail.to)).to.deep.equal(['u2@example.com']);
    expect(await outbox.status()).to.include({ pending: 2 });
    await deliverMail.execute();
    expect(mailer.sent.map((mail) => mail.to)).to.deep.equal(['u2@example.com', 'u1@example.com']);
  });

  it('claims a message for one and a half times the longest send, so that a dead sender holds up only that one', async () => {
    const { clock, outbox, mailer, deliverMail, composer } = setUp();
    await outbox.enqueue({ kind: 'password-changed', to: 'held@example.com' }, QUEUED_AT);
    await outbox.enqueue({ kind: 'password-changed', to: 'next@example.com' }, QUEUED_AT);
    const held = mailer.holdNext();
    void deliverMail.execute();
    await held.started;
    // The sender dies here; another one finds the rest of the queue free at once…
    const other = new DeliverMail(outbox, composer, new RecordingMailer(), clock, captureLog().logger);
    expect(await other.execute()).to.deep.include({ kind: 'sent' });
    expect(POLICY.leaseMs).to.equal(90 * SECOND);
    // …and the held message once the lease has run out and the lapsed grace has passed.
    clock.time += POLICY.leaseMs;
    expect(await other.execute()).to.deep.equal({ kind: 'nothing-due' });
    clock.time += POLICY.lapsedGraceMs;
    expect(await other.execute()).to.deep.equal({ kind: 'sent', mailId: '1' });
  });

  it('retries a transient failure 30 s later, and logs it without the link', async () => {
    const { clock, outbox, mailer, deliverMail, lines, log } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT);
    mailer.refuseWith(new MailNotSent('ECONNECTION: 421 service not available', false));

    expect(await deliverMail.execute()).to.deep.equal({ kind: 'retrying', mailId: '1' });
    expect(lines('mail not sent: will retry')[0]).to.include({ mailId: '1', attempt: 1, reason: 'ECONNECTION: 421 service not available', retryInSeconds: 30 });
    mailer.refuseWith(null);
    clock.time += 30 * SECOND - 1;
    expect(await deliverMail.execute()).to.deep.equal({ kind: 'nothing-due' });
    clock.time += 1;
    expect(await deliverMail.execute()).to.include({ kind: 'sent' });
    expect(lines('mail sent')[0]).to.include({ attempt: 2 });
    expect(log.text()).to.not.include(TOKEN);
  });

  it('doubles the wait after each failure, up to an hour', async () => {
    const { clock, outbox, mailer, deliverMail, lines } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT);
    mailer.refuseWith(new Error('connect ECONNREFUSED 127.0.0.1:25'));
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await deliverMail.execute();
      clock.time += Number(lines('mail not sent: will retry').at(-1)?.retryInSeconds) * SECOND;
    }
    expect(lines('mail not sent: will retry').map((line) => line.retryInSeconds)).to.deep.equal([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
  });

  it('keeps retrying for a day after the message was queued, then marks it failed and logs it', async () => {
    const { clock, outbox, mailer, deliverMail, lines, log } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT);
    mailer.refuseWith(new MailNotSent('ETIMEDOUT: Greeting never received', false));
    let attempts = 0;
    while ((await outbox.status()).pending === 1) {
      await deliverMail.execute();
      attempts += 1;
      clock.time += HOUR;
    }
    const [failure] = lines('mail not sent after a day of retries: marked failed');
    expect(failure).to.include({ mailId: '1', kind: 'password-reset', attempt: attempts, reason: 'ETIMEDOUT: Greeting never received' });
    expect(clock.time - HOUR - QUEUED_AT).to.be.at.least(24 * HOUR);
    expect(await outbox.status()).to.deep.equal({ pending: 0, failed: 1, oldestPendingQueuedAt: null });
    expect(log.text()).to.not.include(TOKEN);
  });

  it('marks a permanent refusal failed at once, logs it, and never retries it', async () => {
    const { clock, outbox, mailer, deliverMail, lines, log } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT);
    mailer.refuseWith(new MailNotSent("EENVELOPE: Can't send mail - all recipients were rejected: 550 no such user", true));

    expect(await deliverMail.execute()).to.deep.equal({ kind: 'failed', mailId: '1' });
    expect(lines('mail refused for good: marked failed, not retried')[0]).to.include({ mailId: '1', to: 'ada@example.com' });
    expect(await outbox.status()).to.include({ pending: 0, failed: 1 });
    mailer.refuseWith(null);
    clock.time += 48 * HOUR;
    expect(await deliverMail.execute()).to.deep.equal({ kind: 'nothing-due' });
    expect(mailer.attempted).to.have.length(1);
    expect(log.text()).to.not.include(TOKEN);
  });

  it('logs an unexpected error with its stack, and retries it', async () => {
    const { outbox, mailer, deliverMail, lines } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT);
    mailer.refuseWith(new Error('EACCES: permission denied, open data/outbox/x.eml'));
    await deliverMail.execute();
    const [line] = lines('mail not sent: will retry');
    expect(line?.reason).to.equal('EACCES: permission denied, open data/outbox/x.eml');
    expect((line?.err as { stack?: string }).stack).to.include('deliver-mail.test.ts');
  });

  it('when told to stop, claims nothing more', async () => {
    const { outbox, mailer, deliverMail } = setUp();
    await outbox.enqueue({ kind: 'password-changed', to: 'a@example.com' }, QUEUED_AT);
    expect(await deliverMail.execute({ aborted: true })).to.deep.equal({ kind: 'nothing-due' });
    expect(mailer.attempted).to.deep.equal([]);
    expect(await outbox.status()).to.include({ pending: 1 });
  });

  it('keeps a message sent while the database was away, records it first once it answers, and never sends it again', async () => {
    const { clock, outbox, mailer, deliverMail, lines, log, composer } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT);
    await outbox.enqueue({ kind: 'password-changed', to: 'next@example.com' }, QUEUED_AT);
    const held = mailer.holdNext();
    const pass = deliverMail.execute();
    await held.started;
    outbox.down = true;
    held.release();
    expect(await pass).to.deep.equal({ kind: 'sent', mailId: '1' });
    expect(lines('mail sent but not recorded: recording it again until the database answers')[0]).to.include({ mailId: '1', to: 'ada@example.com' });

    // Down for longer than the claim's lease: every pass fails before claiming anything.
    clock.time += 2 * POLICY.leaseMs;
    await deliverMail.execute().then(() => expect.fail('the pass should fail'), () => {});
    outbox.down = false;
    // Another sender reaches the database first: it releases the lapsed claim, and waits.
    const other = new DeliverMail(outbox, composer, mailer, clock, captureLog().logger);
    expect((await other.execute()).kind).to.equal('sent');
    expect(mailer.sent.map((mail) => mail.to)).to.deep.equal(['ada@example.com', 'next@example.com']);

    expect(await deliverMail.execute()).to.deep.equal({ kind: 'nothing-due' });
    expect(lines('mail recorded as sent, the database answering again')[0]).to.include({ mailId: '1' });
    clock.time += POLICY.lapsedGraceMs;
    expect(await other.execute()).to.deep.equal({ kind: 'nothing-due' });
    expect(mailer.sent).to.have.length(2);
    expect(await outbox.status()).to.deep.equal({ pending: 0, failed: 0, oldestPendingQueuedAt: null });
    expect(log.text()).to.not.include(TOKEN);
  });

  it('says which messages it could not record when told to stop while the database is away', async () => {
    const { outbox, deliverMail, lines, mailer } = setUp();
    await outbox.enqueue(RESET, QUEUED_AT);
    const held = mailer.holdNext();
    const pass = deliverMail.execute();
    await held.started;
    outbox.down = true;
    held.release();
    await pass;

    expect(await deliverMail.recordSentBeforeStopping()).to.deep.equal(['1']);
    expect(lines('stopping with mail sent but not recorded: it may be sent again')[0]).to.deep.include({ mailIds: ['1'] });
    outbox.down = false;
    expect(await deliverMail.recordSentBeforeStopping()).to.deep.equal([]);
    expect(await outbox.status()).to.include({ pending: 0 });
  });
});
