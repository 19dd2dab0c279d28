import { expect } from 'chai';
import { parsePhone } from '../../../../src/domain/shared/phone.js';

describe('parsePhone', () => {
  it('treats a missing or blank phone as none', () => {
    expect(parsePhone(undefined)).to.deep.equal({ ok: true, phone: null });
    expect(parsePhone('   ')).to.deep.equal({ ok: true, phone: null });
  });

  it('keeps the trimmed text in any format', () => {
    expect(parsePhone(' +44 (0)20 7946 0958 ')).to.deep.equal({ ok: true, phone: '+44 (0)20 7946 0958' });
  });

  it('refuses over 32 characters and control characters', () => {
    expect(parsePhone('1'.repeat(33))).to.deep.equal({ ok: false });
    expect(parsePhone('555\n0100')).to.deep.equal({ ok: false });
    expect(parsePhone('555\u00000100')).to.deep.equal({ ok: false });
  });
});
