import { expect } from 'chai';
import type { UserCriteria } from '../../../src/application/ports/user-repository.js';
import { KEPT_TOTAL_MIN, KEPT_TOTAL_MS, UserTotals } from '../../../src/application/user-totals.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/persistence/in-memory-user-repository.js';
import { ManualClock } from '../../support/throttle.js';

/** A repository whose count answers `total` and remembers how often it was asked. */
class CountingUsers extends InMemoryUserRepository {
  counted = 0;
  total = 0;

  override async count(): Promise<number> {
    this.counted += 1;
    return this.total;
  }
}

const ALL: UserCriteria = { filter: null, search: null };
const ADMINS: UserCriteria = { filter: 'admins', search: null };

function setUp(total: number) {
  const users = new CountingUsers();
  users.total = total;
  const clock = new ManualClock();
  return { users, clock, totals: new UserTotals(users, clock) };
}

describe('UserTotals', () => {
  it('counts a small total afresh every time, so a new user shows at once', async () => {
    const { users, totals } = setUp(KEPT_TOTAL_MIN - 1);
    await totals.of(ALL);
    users.total = KEPT_TOTAL_MIN - 2;
    expect(await totals.of(ALL)).to.equal(KEPT_TOTAL_MIN - 2);
    expect(users.counted).to.equal(2);
  });

  it('keeps a large total for a while, then counts again', async () => {
    const { users, clock, totals } = setUp(250_000);
    await totals.of(ALL);
    users.total = 250_001;
    clock.advance(KEPT_TOTAL_MS - 1);
    expect(await totals.of(ALL)).to.equal(250_000);
    expect(users.counted).to.equal(1);

    clock.advance(1);
    expect(await totals.of(ALL)).to.equal(250_001);
    expect(users.counted).to.equal(2);
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
