import { expect } from 'chai';
import { newSessionId } from '../../../../src/web/shared/session-id.js';

describe('newSessionId', () => {
  it('gives 43 base64url characters: 256 bits', () => {
    const id = newSessionId();

    expect(id).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(id, 'base64url')).to.have.length(32);
  });

  it('never repeats, across several refills of its pool', () => {
    const ids = Array.from({ length: 1000 }, () => newSessionId());

    expect(new Set(ids).size).to.equal(1000);
  });

  it('uses every bit: over many ids each byte position takes many values', () => {
    const bytes = Array.from({ length: 1024 }, () => Buffer.from(newSessionId(), 'base64url'));

    for (let position = 0; position < 32; position += 1) {
      // 1,024 draws of a uniform byte give about 251 distinct values (sd ≈ 3); a stuck or reused byte gives few.
      expect(new Set(bytes.map((b) => b[position])).size, `byte ${position}`).to.be.above(230);
    }
  });
});
