import { expect } from 'chai';
import { closeAll } from '../../../src/infrastructure/gatehouse.js';

describe('closeAll', () => {
  it('closes every resource in order, and the rest after one fails, then rejects with the first failure', async () => {
    const closed: string[] = [];
    const resource = (name: string, failure?: Error) => ({
      name,
      close: async () => {
        closed.push(name);
        if (failure) throw failure;
      },
    });
    const first = new Error('database would not close');

    const outcome = await closeAll([
      resource('session purge'),
      resource('database', first),
      resource('redis', new Error('redis would not quit')),
      resource('last'),
    ]).then(
      () => null,
      (error: unknown) => error,
    );

    expect(closed).to.deep.equal(['session purge', 'database', 'redis', 'last']);
    expect(outcome).to.equal(first);
  });

  it('resolves when every resource closes', async () => {
    await closeAll([{ name: 'database', close: async () => {} }]);
  });
});
