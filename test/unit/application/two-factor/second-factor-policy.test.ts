import { expect } from 'chai';
import { AuthorizeSecondFactor } from '../../../../src/application/two-factor/authorize-second-factor.js';
import type { GetSecondFactors, SecondFactors } from '../../../../src/application/two-factor/get-second-factors.js';
import {
  SecondFactorPolicy,
  type SecondFactorRequirement,
} from '../../../../src/application/two-factor/second-factor-policy.js';
import { InMemorySecondFactorGrace } from '../../../../src/infrastructure/two-factor/in-memory-second-factor-grace.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import { captureLog } from '../../../support/captured-log.js';
import { ManualClock } from '../../../support/throttle.js';

const DAY_MS = 86_400_000;
const NONE: SecondFactors = { totp: false, recoveryCodesLeft: 0, passkeys: 0 };

/** REQUIRE_2FA at `requirement` over a user whose second factors are `factors()`, counting the reads. */
function policyOf(requirement: SecondFactorRequirement, graceMs = 0, factors: () => SecondFactors = () => NONE) {
  const clock = new ManualClock();
  const reads = { count: 0 };
  const getSecondFactors = {
    execute: async () => {
      reads.count++;
      return factors();
    },
  } as unknown as GetSecondFactors;
  const policy = new SecondFactorPolicy({ requirement, graceMs }, getSecondFactors, new InMemorySecondFactorGrace(), clock);
  return { policy, clock, reads };
}

describe('SecondFactorPolicy (REQUIRE_2FA)', () => {
  it('off requires nobody, admins only administrators, all everyone without a second factor', async () => {
    const answers: Record<string, [boolean, boolean]> = {};
    for (const requirement of ['off', 'admins', 'all'] as const) {
      const { policy } = policyOf(requirement);
      answers[requirement] = [await policy.requiredNow(1, false), await policy.requiredNow(1, true)];
    }
    expect(answers).to.deep.equal({ off: [false, false], admins: [false, true], all: [true, true] });
  });

  it('requires nobody who has the authenticator app or a passkey; recovery codes alone are not enough', async () => {
    const cases: [SecondFactors, boolean][] = [
      [{ ...NONE, totp: true }, false],
      [{ ...NONE, passkeys: 1 }, false],
      [{ ...NONE, recoveryCodesLeft: 10 }, true],
    ];
    for (const [factors, required] of cases) {
      expect(await policyOf('all', 0, () => factors).policy.requiredNow(1, false), JSON.stringify(factors)).to.equal(required);
    }
  });

  it('reads no second factors where it does not apply', async () => {
    const off = policyOf('off');
    await off.policy.requiredNow(1, true);
    const admins = policyOf('admins');
    await admins.policy.requiredNow(1, false);
    expect([off.reads.count, admins.reads.count]).to.deep.equal([0, 0]);
  });

  it('counts the grace from the first time it is asked about the user, each user apart', async () => {
    const { policy, clock } = policyOf('all', 7 * DAY_MS);
    expect(await policy.requiredNow(1, false)).to.equal(false);
    clock.advance(3 * DAY_MS);
    expect(await policy.requiredNow(2, false)).to.equal(false);
    clock.advance(4 * DAY_MS - 1);
    expect(await policy.requiredNow(1, false)).to.equal(false);
    clock.advance(1);
    expect(await policy.requiredNow(1, false)).to.equal(true);
    expect(await policy.requiredNow(2, false)).to.equal(false);
  });
});

describe('AuthorizeSecondFactor (REQUIRE_2FA=all)', () => {
  it('refuses a user without a second factor, recording two-factor.required with the request', async () => {
    const log = captureLog();
    const { events } = testSecurityEvents({ logger: log.logger });
    const authorize = new AuthorizeSecondFactor(policyOf('all').policy, events);
    expect(await authorize.execute({ userId: 1, request: testRequest() })).to.deep.equal({ kind: 'no-second-factor' });
    expect(log.lines().map(({ event, userId, ip, level }) => ({ event, userId, ip, level }))).to.deep.equal([
      { event: 'two-factor.required', userId: 1, ip: '192.0.2.1', level: 'warn' },
    ]);
  });

  it('allows a user with a second factor, or within the grace, recording nothing', async () => {
    const log = captureLog();
    const { events } = testSecurityEvents({ logger: log.logger });
    const withApp = policyOf('all', 0, () => ({ ...NONE, totp: true })).policy;
    expect(await new AuthorizeSecondFactor(withApp, events).execute({ userId: 1 })).to.deep.equal({ kind: 'allowed' });
    const inGrace = policyOf('all', DAY_MS).policy;
    expect(await new AuthorizeSecondFactor(inGrace, events).execute({ userId: 1 })).to.deep.equal({ kind: 'allowed' });
    expect(log.lines()).to.deep.equal([]);
  });

  it('under off or admins allows everyone without reading anything: administrators are checked on their own pages', async () => {
    const { events } = testSecurityEvents();
    for (const requirement of ['off', 'admins'] as const) {
      const { policy, reads } = policyOf(requirement);
      expect(await new AuthorizeSecondFactor(policy, events).execute({ userId: 1 })).to.deep.equal({ kind: 'allowed' });
      expect(reads.count, requirement).to.equal(0);
    }
  });

  it('holds pages back only under all, so that the web leaves its gate out of the chain otherwise', () => {
    const { events } = testSecurityEvents();
    const holds = (['off', 'admins', 'all'] as const).map((requirement) =>
      new AuthorizeSecondFactor(policyOf(requirement).policy, events).holdsPagesBack(),
    );
    expect(holds).to.deep.equal([false, false, true]);
  });
});
