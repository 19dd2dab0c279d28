import { expect } from 'chai';
import { AuthThrottle, DEFAULT_THROTTLE_LIMITS } from '../../../../src/application/shared/auth-throttle.js';
import { InMemoryAttemptCounter } from '../../../../src/infrastructure/shared/throttling/in-memory-attempt-counter.js';
import { ManualClock } from '../../../support/throttle.js';

const MINUTE = 60_000;

function setUp(limits: Partial<typeof DEFAULT_THROTTLE_LIMITS> = {}) {
  const clock = new ManualClock();
  const throttle = new AuthThrottle(new InMemoryAttemptCounter(), clock, { ...DEFAULT_THROTTLE_LIMITS, ...limits });
  return { clock, throttle };
}

describe('AuthThrottle', () => {
  it('allows as many login attempts per email as the limit, then says how long to wait', async () => {
    const { clock, throttle } = setUp({ loginFailuresPerEmail: 3 });
    for (let n = 0; n < 3; n++) {
      expect(await throttle.attemptLogin('ada@example.com', `192.0.2.${n}`)).to.deep.equal({ kind: 'allowed' });
      clock.advance(MINUTE);
    }
    expect(await throttle.attemptLogin('ada@example.com', '198.51.100.7')).to.deep.equal({
      kind: 'throttled',
      retryAfterSeconds: 12 * 60,
    });
    expect(await throttle.attemptLogin('bob@example.com', '198.51.100.7')).to.deep.equal({ kind: 'allowed' });
  });

  it('lets no more than the limit through when a burst of attempts arrives at once', async () => {
    const { throttle } = setUp({ loginFailuresPerEmail: 5 });
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, n) => throttle.attemptLogin('ada@example.com', `192.0.2.${n}`)),
    );
    expect(verdicts.filter((verdict) => verdict.kind === 'allowed')).to.have.length(5);
  });

  it('throttles an address that fails across many emails', async () => {
    const { throttle } = setUp({ loginFailuresPerAddress: 4 });
    for (let n = 0; n < 4; n++) await throttle.attemptLogin(`user${n}@example.com`, '192.0.2.1');
    expect((await throttle.attemptLogin('fresh@example.com', '192.0.2.1')).kind).to.equal('throttled');
    expect((await throttle.attemptLogin('fresh@example.com', '192.0.2.2')).kind).to.equal('allowed');
  });

  it('allows again once the window has passed', async () => {
    const { clock, throttle } = setUp({ loginFailuresPerEmail: 1 });
    await throttle.attemptLogin('ada@example.com', '192.0.2.1');
    clock.advance(DEFAULT_THROTTLE_LIMITS.loginWindowMs - 1000);
    expect(await throttle.attemptLogin('ada@example.com', '192.0.2.1')).to.deep.equal({
      kind: 'throttled',
      retryAfterSeconds: 1,
    });
    clock.advance(1000);
    expect((await throttle.attemptLogin('ada@example.com', '192.0.2.1')).kind).to.equal('allowed');
  });

  it("clears the email's count after a success, and takes only that attempt back from the address", async () => {
    const { throttle } = setUp({ loginFailuresPerEmail: 2, loginFailuresPerAddress: 3 });
    await throttle.attemptLogin('ada@example.com', '192.0.2.1');
    await throttle.attemptLogin('ada@example.com', '192.0.2.1');
    await throttle.loginSucceeded('ada@example.com', '192.0.2.1');
    // The email starts afresh; the address keeps its one failure.
    expect((await throttle.attemptLogin('ada@example.com', '192.0.2.9')).kind).to.equal('allowed');
    expect((await throttle.attemptLogin('bob@example.com', '192.0.2.1')).kind).to.equal('allowed');
    expect((await throttle.attemptLogin('carol@example.com', '192.0.2.1')).kind).to.equal('allowed');
    expect((await throttle.attemptLogin('dave@example.com', '192.0.2.1')).kind).to.equal('throttled');
  });

  it('never throttles an address for its successful logins', async () => {
    const { throttle } = setUp({ loginFailuresPerAddress: 3 });
    for (let n = 0; n < 50; n++) {
      expect((await throttle.attemptLogin(`user${n}@example.com`, '192.0.2.1')).kind).to.equal('allowed');
      await throttle.loginSucceeded(`user${n}@example.com`, '192.0.2.1');
    }
  });

  it('limits sign-ups per address', async () => {
    const { throttle } = setUp({ signUpsPerAddress: 2 });
    expect((await throttle.attemptSignUp('192.0.2.1')).kind).to.equal('allowed');
    expect((await throttle.attemptSignUp('192.0.2.1')).kind).to.equal('allowed');
    expect(await throttle.attemptSignUp('192.0.2.1')).to.deep.equal({ kind: 'throttled', retryAfterSeconds: 3600 });
    expect((await throttle.attemptSignUp('192.0.2.2')).kind).to.equal('allowed');
  });

  it('turns a check off with a limit of 0', async () => {
    const { throttle } = setUp({ loginFailuresPerEmail: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 });
    for (let n = 0; n < 200; n++) {
      expect((await throttle.attemptLogin('ada@example.com', '192.0.2.1')).kind).to.equal('allowed');
      expect((await throttle.attemptSignUp('192.0.2.1')).kind).to.equal('allowed');
    }
  });
});
