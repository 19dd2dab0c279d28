import { expect } from 'chai';
import { BacklogWatch, DEFAULT_BACKLOG_WATCH } from '../../../../src/infrastructure/mail/backlog-watch.js';
import type { InMemoryMailOutbox } from '../../../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { mailIds } from '../../../../src/infrastructure/mail/mail-ids.js';
import { captureLog } from '../../../support/captured-log.js';
import { testContainer } from '../../../support/test-container.js';

const START = 1_800_000_000_000;
const MINUTE = 60_000;

function setUp() {
  const clock = { time: START, now: () => clock.time };
  const log = captureLog();
  const { get } = testContainer({ clock, logger: log.logger });
  const outbox = get(mailIds.outbox) as InMemoryMailOutbox;
  const watch = new BacklogWatch(get(mailIds.mailStatus), clock, log.logger);
  const warnings = () => log.lines().filter((line) => line.level === 'warn');
  return { clock, outbox, watch, warnings };
}

describe('BacklogWatch', () => {
  it('stays quiet while nothing waits, or nothing has waited 5 minutes', async () => {
    const { clock, outbox, watch, warnings } = setUp();
    expect(await watch.check()).to.equal(false);
    await outbox.enqueue({ kind: 'password-changed', to: 'a@example.com' }, START);
    clock.time += DEFAULT_BACKLOG_WATCH.checkEveryMs;
    expect(await watch.check()).to.equal(false);
    expect(warnings()).to.deep.equal([]);
  });

  it('warns with the counts once the oldest pending message has waited 5 minutes', async () => {
    const { clock, outbox, watch, warnings } = setUp();
    await outbox.enqueue({ kind: 'password-changed', to: 'a@example.com' }, START);
    await outbox.enqueue({ kind: 'password-changed', to: 'b@example.com' }, START + MINUTE);
    clock.time += 7 * MINUTE;
    expect(await watch.check()).to.equal(true);
    expect(warnings()).to.have.length(1);
    expect(warnings()[0]).to.include({ pending: 2, failed: 0, oldestPendingMinutes: 7 });
    expect(warnings()[0]?.msg).to.equal('mail backlog: the oldest undelivered message has waited 7 minutes (npm run cli -- mail status)');
  });

  it('looks at the queue once a minute, and warns once per 15 minutes while the backlog lasts', async () => {
    const { clock, outbox, watch, warnings } = setUp();
    await outbox.enqueue({ kind: 'password-changed', to: 'a@example.com' }, START - 10 * MINUTE);
    expect(await watch.check()).to.equal(true);
    clock.time += MINUTE - 1;
    await outbox.enqueue({ kind: 'password-changed', to: 'b@example.com' }, START);
    expect(await watch.check()).to.equal(false);
    for (let minute = 1; minute < 15; minute += 1) {
      clock.time = START + minute * MINUTE;
      expect(await watch.check()).to.equal(false, `minute ${minute}`);
    }
    clock.time = START + 15 * MINUTE;
    expect(await watch.check()).to.equal(true);
    expect(warnings().map((line) => line.pending)).to.deep.equal([1, 2]);
  });
});
