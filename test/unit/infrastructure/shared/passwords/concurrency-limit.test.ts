import { expect } from 'chai';
import { ConcurrencyLimit } from '../../../../../src/infrastructure/shared/passwords/concurrency-limit.js';

/** A task that runs until the test says so. */
function controllable() {
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { run: () => done, finish, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('runs at most `limit` tasks at once and queues the rest', async () => {
    const limit = new ConcurrencyLimit(2);
    const tasks = [controllable(), controllable(), controllable()];
    const started: number[] = [];
    const runs = tasks.map((task, i) =>
      limit.run(() => {
        started.push(i);
        return task.run();
      }),
    );
    await tick();
    expect(started).to.deep.equal([0, 1]);
    expect([limit.running, limit.queued]).to.deep.equal([2, 1]);

    tasks[0]?.finish();
    await tick();
    expect(started).to.deep.equal([0, 1, 2]);
    tasks[1]?.finish();
    tasks[2]?.finish();
    await Promise.all(runs);
    expect([limit.running, limit.queued]).to.deep.equal([0, 0]);
  });

  it('starts waiting tasks in arrival order', async () => {
    const limit = new ConcurrencyLimit(1);
    const order: string[] = [];
    const first = controllable();
    const runs = [
      limit.run(() => first.run()),
      limit.run(async () => void order.push('b')),
      limit.run(async () => void order.push('c')),
    ];
    first.finish();
    await Promise.all(runs);
    expect(order).to.deep.equal(['b', 'c']);
  });

  it('frees the slot of a task that fails, and passes the failure on', async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = controllable();
    const failed = limit.run(() => failing.run());
    const next = limit.run(async () => 'ran');
    failing.fail(new Error('boom'));
    let message = '';
    await failed.catch((error: Error) => {
      message = error.message;
    });
    expect(message).to.equal('boom');
    expect(await next).to.equal('ran');
    expect(limit.running).to.equal(0);
  });

  it('refuses a limit below 1', () => {
    expect(() => new ConcurrencyLimit(0)).to.throw(RangeError);
  });
});
