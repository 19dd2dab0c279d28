import { setImmediate } from 'node:timers/promises';
import { expect } from 'chai';
import type { ClaimedMail, ClaimTerms } from '../../../../src/application/mail/ports/mail-queue.js';
import { BacklogWatch } from '../../../../src/infrastructure/mail/backlog-watch.js';
import { startDeliveryLoop, type DeliveryLoop } from '../../../../src/infrastructure/mail/delivery-loop.js';
import { InMemoryMailOutbox } from '../../../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { mailIds } from '../../../../src/infrastructure/mail/mail-ids.js';
import { systemClock } from '../../../../src/infrastructure/shared/system-clock.js';
import { captureLog } from '../../../support/captured-log.js';
import { RecordingMailer } from '../../../support/recording-mailer.js';
import { testContainer } from '../../../support/test-container.js';

/** An outbox whose database is down for the first `outages` claims. */
class FlakyOutbox extends InMemoryMailOutbox {
  constructor(private outages: number) {
    super();
  }

  override async claimNext(now: number, terms: ClaimTerms) {
    if (this.outages > 0) {
      this.outages -= 1;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    }
    return super.claimNext(now, terms);
  }
}

/** An outbox whose database goes away while a message is being sent. */
class OutboxLostWhileSending extends InMemoryMailOutbox {
  down = false;

  override async settle(claimed: ClaimedMail) {
    if (this.down) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    return super.settle(claimed);
  }
}

describe('the mail delivery loop', () => {
  let loop: DeliveryLoop | null = null;
  afterEach(async () => {
    await loop?.stop();
    loop = null;
  });

  function start(outbox: InMemoryMailOutbox = new InMemoryMailOutbox()) {
    const mailer = new RecordingMailer();
    const log = captureLog();
    // The mail module's use cases, as production wires them, on this outbox and mailer.
    const { get, replace } = testContainer({ clock: systemClock, logger: log.logger });
    replace(mailIds.queue, outbox);
    replace(mailIds.mailer, mailer);
    const backlog = new BacklogWatch(get(mailIds.mailStatus), systemClock, log.logger);
    const deliverMail = get(mailIds.deliverMail);
    loop = startDeliveryLoop(deliverMail, backlog, log.logger, 5);
    return { outbox, mailer, log, loop };
  }

  it('delivers what is queued in the background, a backlog without pauses', async () => {
    const { outbox, mailer, loop: running } = start();
    for (let n = 0; n < 25; n += 1) await outbox.enqueue({ kind: 'password-changed', to: `u${n}@example.com` }, Date.now());
    await mailer.waitForSent(25);
    await running.stop();
    expect(await outbox.status()).to.include({ pending: 0, failed: 0 });
  });

  it('on stop, waits for the send in flight and settles it', async () => {
    const { outbox, mailer, loop: running } = start();
    const held = mailer.holdNext();
    await outbox.enqueue({ kind: 'password-changed', to: 'a@example.com' }, Date.now());
    await held.started;
    let stopped = false;
    const stopping = running.stop().then(() => {
      stopped = true;
    });
    for (let tick = 0; tick < 20; tick += 1) await setImmediate();
    expect(stopped).to.equal(false);

    held.release();
    await stopping;
    expect(mailer.sent.map((mail) => mail.to)).to.deep.equal(['a@example.com']);
    expect(await outbox.status()).to.include({ pending: 0 });
  });

  it('logs a failed pass once, keeps going, and says when delivery works again', async () => {
    const { outbox, mailer, log, loop: running } = start(new FlakyOutbox(3));
    await outbox.enqueue({ kind: 'password-changed', to: 'a@example.com' }, Date.now());
    await mailer.waitForSent(1);
    await running.stop();
    const messages = log.lines().map((line) => line.msg);
    expect(messages.filter((msg) => msg === 'mail delivery pass failed; trying again')).to.have.length(1);
    expect(messages).to.include('mail delivery works again');
  });

  it('on stop, records a message sent while the database was away, or says it may be sent again', async () => {
    for (const comesBack of [true, false]) {
      const outbox = new OutboxLostWhileSending();
      const { mailer, log, loop: running } = start(outbox);
      const held = mailer.holdNext();
      await outbox.enqueue({ kind: 'password-changed', to: 'a@example.com' }, Date.now());
      await held.started;
      outbox.down = true;
      held.release();
      await log.waitForLine((line) => line.msg === 'mail sent but not recorded: recording it again until the database answers');
      outbox.down = !comesBack;
      await running.stop();

      expect(mailer.sent).to.have.length(1);
      expect((await outbox.status()).pending, String(comesBack)).to.equal(comesBack ? 0 : 1);
      const stoppingLine = log.lines().find((line) => line.msg === 'stopping with mail sent but not recorded: it may be sent again');
      expect(stoppingLine === undefined, String(comesBack)).to.equal(comesBack);
    }
  });
});
