import { expect } from 'chai';
import type { AttemptCounter } from '../../../src/application/shared/ports/attempt-counter.js';

/** A fresh, empty counter for one test, and how to release it afterwards. */
export interface CounterUnderTest {
  readonly counter: AttemptCounter;
  close(): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 22, 12);
const MINUTE = 60_000;

/**
 * What every `AttemptCounter` adapter must do. Times are passed in, so the suite
 * moves the clock by hand and never sleeps.
 */
export function attemptCounterContract(makeCounter: () => Promise<CounterUnderTest>): void {
  let subject: CounterUnderTest;
  let counter: AttemptCounter;

  beforeEach(async () => {
    subject = await makeCounter();
    counter = subject.counter;
  });
  afterEach(async () => {
    await subject.close();
  });

  it('knows no window for a key never counted', async () => {
    expect(await counter.get('login:email:nobody@example.com', T0)).to.equal(null);
  });

  it('starts a window at the first attempt and counts on within it', async () => {
    expect(await counter.increment('k', 15 * MINUTE, T0)).to.deep.equal({ count: 1, resetsAt: T0 + 15 * MINUTE });
    expect(await counter.increment('k', 15 * MINUTE, T0 + MINUTE)).to.deep.equal({
      count: 2,
      resetsAt: T0 + 15 * MINUTE,
    });
    expect(await counter.get('k', T0 + 14 * MINUTE)).to.deep.equal({ count: 2, resetsAt: T0 + 15 * MINUTE });
  });

  it('forgets a window once it has ended, and starts a new one at the next attempt', async () => {
    await counter.increment('k', 15 * MINUTE, T0);
    await counter.increment('k', 15 * MINUTE, T0);
    expect(await counter.get('k', T0 + 15 * MINUTE)).to.equal(null);
    const next = await counter.increment('k', 15 * MINUTE, T0 + 20 * MINUTE);
    expect(next).to.deep.equal({ count: 1, resetsAt: T0 + 35 * MINUTE });
  });

  it('keeps keys apart, however alike they look', async () => {
    await counter.increment('login:email:a@example.com', MINUTE, T0);
    await counter.increment('login:email:A@example.com', MINUTE, T0);
    await counter.increment('login:email:a@example.com', MINUTE, T0);
    expect((await counter.get('login:email:a@example.com', T0))?.count).to.equal(2);
    expect((await counter.get('login:email:A@example.com', T0))?.count).to.equal(1);
  });

  it('takes keys of any length and characters', async () => {
    const key = `login:email:${'ü😀\u0000'.repeat(2000)}`;
    await counter.increment(key, MINUTE, T0);
    expect((await counter.get(key, T0))?.count).to.equal(1);
  });

  it('resets one key and leaves the others', async () => {
    await counter.increment('a', MINUTE, T0);
    await counter.increment('b', MINUTE, T0);
    await counter.reset('a');
    await counter.reset('never-counted');
    expect(await counter.get('a', T0)).to.equal(null);
    expect((await counter.get('b', T0))?.count).to.equal(1);
  });

  it('takes one attempt back on decrement, never below 0 and never from an ended window', async () => {
    await counter.increment('k', MINUTE, T0);
    await counter.increment('k', MINUTE, T0);
    await counter.decrement('k', T0 + 1);
    expect(await counter.get('k', T0 + 1)).to.deep.equal({ count: 1, resetsAt: T0 + MINUTE });
    await counter.decrement('k', T0 + 2);
    await counter.decrement('k', T0 + 3);
    expect((await counter.get('k', T0 + 3))?.count ?? 0).to.equal(0);
    expect((await counter.increment('k', MINUTE, T0 + 4)).count).to.equal(1);

    await counter.decrement('never-counted', T0);
    expect(await counter.get('never-counted', T0)).to.equal(null);
    await counter.decrement('k', T0 + MINUTE);
    expect((await counter.increment('k', MINUTE, T0 + MINUTE)).count).to.equal(1);
  });

  it('loses no attempt when 25 are counted at once', async () => {
    const windows = await Promise.all(Array.from({ length: 25 }, () => counter.increment('race', MINUTE, T0)));
    expect(windows.map((w) => w.count).sort((a, b) => a - b)[24]).to.equal(25);
    expect((await counter.get('race', T0))?.count).to.equal(25);
  });
}
