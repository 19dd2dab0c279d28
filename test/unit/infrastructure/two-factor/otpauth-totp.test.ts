import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import { otpauthTotp } from '../../../../src/infrastructure/two-factor/otpauth-totp.js';

/** RFC 6238 Appendix B's SHA-1 key: "12345678901234567890" in ASCII. */
const RFC_SECRET = Secret.fromLatin1('12345678901234567890');

/** RFC 6238 Appendix B, SHA-1 rows: time (s) and the 8-digit code. */
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (otpauth)', () => {
  describe("RFC 6238 Appendix B's SHA-1 test vectors (8 digits)", () => {
    for (const [seconds, code] of RFC_VECTORS) {
      it(`gives ${code} at T = ${seconds} s, and validates it there`, () => {
        const totp = new TOTP({ secret: RFC_SECRET, algorithm: 'SHA1', digits: 8, period: 30 });
        expect(totp.generate({ timestamp: seconds * 1000 })).to.equal(code);
        expect(totp.validate({ token: code, timestamp: seconds * 1000, window: 0 })).to.equal(0);
      });
    }
  });

  describe('the app: SHA-1, 6 digits, 30 s, one step either way', () => {
    const secret = RFC_SECRET.base32;
    const at = 1111111109_000;
    const step = Math.floor(at / 30_000);
    const code = (ms: number) => TOTP.generate({ secret: RFC_SECRET, algorithm: 'SHA1', digits: 6, period: 30, timestamp: ms });

    it("takes RFC 6238's code cut to its last 6 digits (RFC 4226's truncation)", () => {
      expect(code(at)).to.equal('081804');
      expect(otpauthTotp.matchStep(secret, '081804', at)).to.equal(step);
    });

    it('gives the step of a code of the step before or after, and refuses two steps away', () => {
      expect(otpauthTotp.matchStep(secret, code(at - 30_000), at)).to.equal(step - 1);
      expect(otpauthTotp.matchStep(secret, code(at + 30_000), at)).to.equal(step + 1);
      expect(otpauthTotp.matchStep(secret, code(at - 60_000), at)).to.equal(null);
      expect(otpauthTotp.matchStep(secret, code(at + 60_000), at)).to.equal(null);
    });

    it('refuses a wrong code, and codes of other lengths', () => {
      for (const wrong of ['000000', '08180', '0818041', '94287082', '']) {
        expect(otpauthTotp.matchStep(secret, wrong, at), wrong).to.equal(null);
      }
    });

    it('makes 160-bit base32 secrets, a new one each time', () => {
      const [a, b] = [otpauthTotp.newSecret(), otpauthTotp.newSecret()];
      expect(a).to.match(/^[A-Z2-7]{32}$/);
      expect(a).not.to.equal(b);
    });

    it('writes the otpauth URI authenticator apps read: issuer, label, SHA1, 6 digits, 30 s', () => {
      const uri = new URL(otpauthTotp.uri(secret, 'ada@example.com', 'Gatehouse'));
      expect(`${uri.protocol}//${uri.host}`).to.equal('otpauth://totp');
      expect(decodeURIComponent(uri.pathname)).to.equal('/Gatehouse:ada@example.com');
      expect(Object.fromEntries(uri.searchParams)).to.deep.equal({
        issuer: 'Gatehouse',
        secret,
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
    });
  });
});
