import { expect } from 'chai';
import { AuthThrottle, DEFAULT_THROTTLE_LIMITS } from '../../../src/application/auth-throttle.js';
import { InMemoryAttemptCounter } from '../../../src/infrastructure/throttling/in-memory-attempt-counter.js';
import { ManualClock } from '../../support/throttle.js';

const MINUTE = 60_000;

function setUp(limits: Partial<typeof DEFAULT_THROTTLE_LIMITS> = {}) {
  const clock = new ManualClock();
  const throttle = new AuthThrottle(new InMemoryAttemptCounter(), clock, { ...DEFAULT_THROTTLE_LIMITS, ...limits });
  return { clock, throttle };
}

describe('AuthThrottle', () => {
  it('allows logins until an email has failed its limit, then says how long to wait', async () => {
    const { clock, throttle } = setUp({ loginFailuresPerEmail: 3 });
    for (let n = 0; n < 3; n++) {
      expect(await throttle.checkLogin('ada@example.com', `192.0.2.${n}`)).to.deep.equal({ kind: 'allowed' });
      await throttle.loginFailed('ada@example.com', `192.0.2.${n}`);
      clock.advance(MINUTE);
    }
    expect(await throttle.checkLogin('ada@example.com', '198.51.100.7')).to.deep.equal({
      kind: 'throttled',
      retryAfterSeconds: 12 * 60,
    });
    expect(await throttle.checkLogin('bob@example.com', '198.51.100.7')).to.deep.equal({ kind: 'allowed' });
  });

  it('throttles an address that fails across many emails', async () => {
    const { throttle } = setUp({ loginFailuresPerAddress: 4 });
    for (let n = 0; n < 4; n++) await throttle.loginFailed(`user${n}@example.com`, '192.0.2.1');
    expect((await throttle.checkLogin('fresh@example.com', '192.0.2.1')).kind).to.equal('throttled');
    expect((await throttle.checkLogin('fresh@example.com', '192.0.2.2')).kind).to.equal('allowed');
  });

  it('allows again once the window has passed', async () => {
    const { clock, throttle } = setUp({ loginFailuresPerEmail: 1 });
    await throttle.loginFailed('ada@example.com', '192.0.2.1');
    clock.advance(DEFAULT_THROTTLE_LIMITS.loginWindowMs - 1000);
    expect(await throttle.checkLogin('ada@example.com', '192.0.2.1')).to.deep.equal({
      kind: 'throttled',
      retryAfterSeconds: 1,
    });
    clock.advance(1000);
    expect((await throttle.checkLogin('ada@example.com', '192.0.2.1')).kind).to.equal('allowed');
  });

  it("clears the email's failures after a success, but not the address's", async () => {
    const { throttle } = setUp({ loginFailuresPerEmail: 2, loginFailuresPerAddress: 3 });
    await throttle.loginFailed('ada@example.com', '192.0.2.1');
    await throttle.loginFailed('ada@example.com', '192.0.2.1');
    await throttle.loginSucceeded('ada@example.com');
    expect((await throttle.checkLogin('ada@example.com', '192.0.2.2')).kind).to.equal('allowed');
    await throttle.loginFailed('bob@example.com', '192.0.2.1');
    expect((await throttle.checkLogin('carol@example.com', '192.0.2.1')).kind).to.equal('throttled');
  });

  it('limits sign-ups per address', async () => {
    const { throttle } = setUp({ signUpsPerAddress: 2 });
    await throttle.signUpAttempted('192.0.2.1');
    expect((await throttle.checkSignUp('192.0.2.1')).kind).to.equal('allowed');
    await throttle.signUpAttempted('192.0.2.1');
    expect(await throttle.checkSignUp('192.0.2.1')).to.deep.equal({ kind: 'throttled', retryAfterSeconds: 3600 });
    expect((await throttle.checkSignUp('192.0.2.2')).kind).to.equal('allowed');
  });

  it('turns a check off with a limit of 0', async () => {
    const { throttle } = setUp({ loginFailuresPerEmail: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 });
    for (let n = 0; n < 200; n++) {
      await throttle.loginFailed('ada@example.com', '192.0.2.1');
      await throttle.signUpAttempted('192.0.2.1');
    }
    expect((await throttle.checkLogin('ada@example.com', '192.0.2.1')).kind).to.equal('allowed');
    expect((await throttle.checkSignUp('192.0.2.1')).kind).to.equal('allowed');
  });
});
