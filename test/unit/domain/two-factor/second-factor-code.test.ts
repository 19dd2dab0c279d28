import { expect } from 'chai';
import { formatRecoveryCode, normaliseRecoveryCode, parseSecondFactorCode } from '../../../../src/domain/two-factor/second-factor-code.js';

const CODE = 'abcdefghijklmnopqrstuvwx';

describe('recovery codes as typed', () => {
  it('reads a 24-character code typed in groups, in any case, with dashes or spaces', () => {
    expect(parseSecondFactorCode('ABCD-EFGH-IJKL-MNOP-QRST-UVWX')).to.deep.equal({ kind: 'recovery', code: CODE });
    expect(normaliseRecoveryCode('abcd efgh ijkl mnop qrst uvwx')).to.equal(CODE);
  });

  it('still reads a 16-character code of the earlier shape, and no other length', () => {
    expect(normaliseRecoveryCode('abcd-efgh-ijkl-mnop')).to.equal('abcdefghijklmnop');
    for (const length of [15, 17, 20, 23, 25]) {
      expect(parseSecondFactorCode(CODE.repeat(2).slice(0, length))).to.deep.equal({ kind: 'malformed' });
    }
    expect(parseSecondFactorCode('abcd-efgh-ijkl-mnop-qrst-uvw1')).to.deep.equal({ kind: 'malformed' });
  });

  it('shows a code in groups of four', () => {
    expect(formatRecoveryCode(CODE)).to.equal('abcd-efgh-ijkl-mnop-qrst-uvwx');
  });
});
