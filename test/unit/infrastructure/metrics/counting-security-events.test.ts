import { expect } from 'chai';
import type { SecurityEvent, SecurityEvents } from '../../../../src/application/shared/ports/security-events.js';
import { CountingSecurityEvents } from '../../../../src/infrastructure/metrics/counting-security-events.js';
import type { LoginOutcome } from '../../../../src/infrastructure/metrics/prometheus-metrics.js';

const REQUEST = { ip: '203.0.113.9', userAgent: 'test' };

/** The decorator over a recorder that keeps what it is given, counting into lists. */
function counting() {
  const recorded: SecurityEvent[] = [];
  let settled = 0;
  const inner: SecurityEvents = {
    record: async (event) => {
      recorded.push(event);
    },
    settled: async () => {
      settled += 1;
    },
  };
  const logins: string[] = [];
  const throttled: string[] = [];
  const events = new CountingSecurityEvents(inner, {
    countLogin: (method: string, outcome: LoginOutcome) => logins.push(`${method} ${outcome}`),
    countThrottled: (event: string) => throttled.push(event),
  });
  return { events, recorded, logins, throttled, settledCalls: () => settled };
}

describe('CountingSecurityEvents', () => {
  it('passes every event on unchanged, and waits for the recorder when asked to settle', async () => {
    const { events, recorded, settledCalls } = counting();
    const event: SecurityEvent = { type: 'account.password-changed', userId: 7, request: REQUEST };
    await events.record(event);
    await events.settled();
    expect(recorded).to.deep.equal([event]);
    expect(settledCalls()).to.equal(1);
  });

  it('counts a login by its method, a password one when none is given, and a remembered one', async () => {
    const { events, logins } = counting();
    await events.record({ type: 'login.succeeded', userId: 1, request: REQUEST });
    await events.record({ type: 'login.succeeded', userId: 1, method: 'totp', request: REQUEST });
    await events.record({ type: 'login.succeeded', userId: 1, method: 'passkey', request: REQUEST });
    await events.record({ type: 'login.remembered', userId: 1, request: REQUEST });
    expect(logins).to.deep.equal(['password succeeded', 'totp succeeded', 'passkey succeeded', 'remembered succeeded']);
  });

  it('folds the reasons of a failed login into a few outcomes, a passkey\'s apart', async () => {
    const { events, logins, throttled } = counting();
    for (const reason of [undefined, 'locked', 'throttled', 'passkey-locked', 'passkey-counter-replayed']) {
      await events.record({ type: 'login.failed', request: REQUEST, ...(reason && { reason }) });
    }
    expect(logins).to.deep.equal([
      'password failed',
      'password locked',
      'password throttled',
      'passkey locked',
      'passkey failed',
    ]);
    expect(throttled).to.deep.equal(['login.failed']);
  });

  it('counts every refusal of a throttle by its event, whatever the feature, and nothing else', async () => {
    const { events, logins, throttled } = counting();
    await events.record({ type: 'password-reset.throttled', request: REQUEST });
    await events.record({ type: 'signup.refused', reason: 'throttled', request: REQUEST });
    await events.record({ type: 'two-factor.failed', userId: 2, reason: 'passkey-throttled', request: REQUEST });
    await events.record({ type: 'signup.refused', reason: 'email-taken', request: REQUEST });
    await events.record({ type: 'logout', userId: 2, request: REQUEST });
    expect(throttled).to.deep.equal(['password-reset.throttled', 'signup.refused', 'two-factor.failed']);
    expect(logins).to.deep.equal([]);
  });

  it('records the event even when counting it fails', async () => {
    const recorded: SecurityEvent[] = [];
    const events = new CountingSecurityEvents(
      { record: async (event) => void recorded.push(event), settled: async () => {} },
      {
        countLogin: () => {
          throw new Error('broken');
        },
        countThrottled: () => {},
      },
    );
    await events.record({ type: 'login.succeeded', userId: 3, request: REQUEST });
    expect(recorded).to.have.length(1);
  });
});
