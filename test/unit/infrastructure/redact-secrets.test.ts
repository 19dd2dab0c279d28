import { expect } from 'chai';
import { REDACTED, redactSecrets } from '../../../src/infrastructure/logging/redact-secrets.js';
import { captureLog } from '../../support/captured-log.js';

describe('redactSecrets (the log formatter)', () => {
  it('replaces secret fields at the top level and one level down', () => {
    const line = { password: 'p', user: { id: 7, passwordHash: '$2b$10$x' }, sessionId: 's' };

    expect(redactSecrets(line)).to.deep.equal({ password: REDACTED, user: { id: 7, passwordHash: REDACTED }, sessionId: REDACTED });
  });

  it('replaces the cookie of a nested headers object', () => {
    const line = { req: { headers: { cookie: 'gatehouse.sid=abc', host: 'example.test' } } };

    expect(redactSecrets(line)).to.deep.equal({ req: { headers: { cookie: REDACTED, host: 'example.test' } } });
  });

  it('leaves the caller’s object untouched', () => {
    const line = { user: { password: 'p' } };

    redactSecrets(line);

    expect(line).to.deep.equal({ user: { password: 'p' } });
  });

  it('returns a line without secrets as it is, without copying it', () => {
    const line = { requestId: 'r', method: 'GET', nested: { status: 200 } };

    expect(redactSecrets(line)).to.equal(line);
  });

  it('keeps secrets out of what the real logger writes', () => {
    const log = captureLog();

    log.logger.info({ password: 'hunter2-secret', user: { cookies: 'sid=s3cr3t' } }, 'oops');

    expect(log.text()).not.to.include('hunter2-secret');
    expect(log.text()).not.to.include('s3cr3t');
    expect(log.lines()[0]).to.deep.include({ password: REDACTED, user: { cookies: REDACTED } });
  });
});
