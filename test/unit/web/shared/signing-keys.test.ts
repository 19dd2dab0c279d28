import { expect } from 'chai';
import Keygrip from 'keygrip';
import { SigningKeys } from '../../../../src/web/shared/signing-keys.js';

describe('SigningKeys (app.keys)', () => {
  const data = 'gatehouse.sid=mVzjdcIScEBYMD6qiza2ZwYKDO41PrC_D4Wy0vbCiNM';

  it('signs exactly as Keygrip does, so cookies signed before keep verifying', () => {
    for (const keys of [['one key'], ['newest', 'older'], ['ü-ñicode kéy', 'x']]) {
      expect(new SigningKeys(keys).sign(data)).to.equal(new Keygrip(keys).sign(data));
    }
  });

  it('finds the key that made a signature, newest first, as Keygrip does', () => {
    const keys = new SigningKeys(['newest', 'older', 'oldest']);
    const byOlder = new SigningKeys(['older']).sign(data);

    expect(keys.index(data, byOlder)).to.equal(1);
    expect(keys.index(data, keys.sign(data))).to.equal(0);
    expect(keys.verify(data, byOlder)).to.equal(true);
  });

  it('refuses a signature of another key, of other data, of another length, or none', () => {
    const keys = new SigningKeys(['newest', 'older']);
    const signature = keys.sign(data);

    expect(keys.index(data, new SigningKeys(['retired']).sign(data))).to.equal(-1);
    expect(keys.index(`${data}x`, signature)).to.equal(-1);
    expect(keys.index(data, signature.slice(1))).to.equal(-1);
    expect(keys.index(data, `${signature}A`)).to.equal(-1);
    expect(keys.verify(data, '')).to.equal(false);
  });

  it('needs at least one key', () => {
    expect(() => new SigningKeys([])).to.throw('at least one key');
  });
});
