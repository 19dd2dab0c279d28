import { expect } from 'chai';
import type { Logger } from '../../../../src/application/shared/ports/logger.js';
import type { UserCriteria } from '../../../../src/application/shared/ports/user-repository.js';
import { KEPT_TOTAL_MIN, KEPT_TOTAL_MS, RENEW_TOTAL_MS, UserTotals } from '../../../../src/application/administration/user-totals.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { ManualClock } from '../../../support/throttle.js';

/**
 * A repository whose count answers `total` and remembers how often it was asked; while
 * `held`, each count waits until `release()` (or fails at `fail()`).
 */
class CountingUsers extends InMemoryUserRepository {
  counted = 0;
  total = 0;
  held = false;
  private waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];

  override async count(): Promise<number> {
    this.counted += 1;
    if (this.held) await new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    return this.total;
  }

  release(): void {
    for (const count of this.waiting.splice(0)) count.resolve();
  }

  fail(): void {
    for (const count of this.waiting.splice(0)) count.reject(new Error('the database is away'));
  }
}

const ALL: UserCriteria = { filter: null, search: null };
const ADMINS: UserCriteria = { filter: 'admins', search: null };

/** A logger that keeps the messages of its warnings. */
function warningsLogger(): Logger & { readonly warnings: string[] } {
  const warnings: string[] = [];
  const logger: Logger & { readonly warnings: string[] } = {
    warnings,
    debug: () => undefined,
    info: () => undefined,
    warn: (_fields, message) => warnings.push(message),
    error: () => undefined,
    child: () => logger,
  };
  return logger;
}

function setUp(total: number) {
  const users = new CountingUsers();
  users.total = total;
  const clock = new ManualClock();
  const logger = warningsLogger();
  return { users, clock, logger, totals: new UserTotals(users, clock, logger) };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('UserTotals', () => {
  it('counts a small total afresh every time, so a new user shows at once', async () => {
    const { users, totals } = setUp(KEPT_TOTAL_MIN - 1);
    await totals.of(ALL);
    users.total = KEPT_TOTAL_MIN - 2;
    expect(await totals.of(ALL)).to.equal(KEPT_TOTAL_MIN - 2);
    expect(users.counted).to.equal(2);
  });

  it('keeps a large total without counting again until it is old enough to renew', async () => {
    const { users, clock, totals } = setUp(250_000);
    await totals.of(ALL);
    users.total = 250_001;
    clock.advance(RENEW_TOTAL_MS - 1);
    expect(await totals.of(ALL)).to.equal(250_000);
    await settle();
    expect(users.counted).to.equal(1);
  });

  it('renews an old total beside the pages, which show the kept one meanwhile and the new one after', async () => {
    const { users, clock, totals } = setUp(250_000);
    await totals.of(ALL);
    users.total = 250_001;
    users.held = true;
    clock.advance(RENEW_TOTAL_MS);

    expect(await totals.of(ALL)).to.equal(250_000);
    expect(await totals.of(ALL)).to.equal(250_000);
    expect(users.counted).to.equal(2);

    users.release();
    await settle();
    expect(await totals.of(ALL)).to.equal(250_001);
    expect(users.counted).to.equal(2);
  });

  it('makes a page wait for a fresh count once the kept total has expired', async () => {
    const { users, clock, totals } = setUp(250_000);
    await totals.of(ALL);
    users.total = 250_001;
    clock.advance(KEPT_TOTAL_MS);
    expect(await totals.of(ALL)).to.equal(250_001);
    expect(users.counted).to.equal(2);
  });

  it('lets pages that ask at the same time share one count', async () => {
    const { users, totals } = setUp(250_000);
    users.held = true;
    const pages = [totals.of(ALL), totals.of(ALL), totals.of(ALL)];
    await settle();
    users.release();
    expect(await Promise.all(pages)).to.deep.equal([250_000, 250_000, 250_000]);
    expect(users.counted).to.equal(1);
  });

  it('keeps showing the kept total when its renewal fails, logs the failure, and lets the page that finds it expired see it', async () => {
    const { users, clock, logger, totals } = setUp(250_000);
    await totals.of(ALL);
    users.held = true;
    clock.advance(RENEW_TOTAL_MS);
    expect(await totals.of(ALL)).to.equal(250_000);
    users.fail();
    await settle();
    expect(await totals.of(ALL)).to.equal(250_000);
    users.fail();
    await settle();
    expect(logger.warnings).to.deep.equal(['renewing a user total failed', 'renewing a user total failed']);

    clock.advance(KEPT_TOTAL_MS - RENEW_TOTAL_MS);
    const expired = totals.of(ALL);
    await settle();
    users.fail();
    let failure: unknown;
    await expired.catch((error: unknown) => (failure = error));
    expect(failure).to.be.an('error').with.property('message', 'the database is away');
  });

  it('keeps each filter and search apart', async () => {
    const { users, totals } = setUp(50_000);
    await totals.of(ALL);
    await totals.of(ADMINS);
    await totals.of({ filter: null, search: { text: 'ada', match: 'prefix' } });
    expect(users.counted).to.equal(3);
    await totals.of(ADMINS);
    expect(users.counted).to.equal(3);
  });
});
