import { expect } from 'chai';
import { LogOut } from '../../../../src/application/accounts/log-out.js';
import { captureLog } from '../../../support/captured-log.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import { CLIENT_ADDRESS } from '../../../support/throttle.js';

describe('LogOut', () => {
  it("records logout with the request, as an info line and on the user's activity", async () => {
    const log = captureLog();
    const { events, audit } = testSecurityEvents({ logger: log.logger });

    await new LogOut(events).execute({ userId: 7, request: testRequest() });

    expect(log.lines().map(({ event, userId, ip, requestId, level }) => ({ event, userId, ip, requestId, level }))).to.deep.equal([
      { event: 'logout', userId: 7, ip: CLIENT_ADDRESS, requestId: 'test-request', level: 'info' },
    ]);
    const stored = await audit.listOfUser(7, { before: null, limit: 10 });
    expect(stored.map(({ type, ip, requestId }) => ({ type, ip, requestId }))).to.deep.equal([
      { type: 'logout', ip: CLIENT_ADDRESS, requestId: 'test-request' },
    ]);
  });
});
