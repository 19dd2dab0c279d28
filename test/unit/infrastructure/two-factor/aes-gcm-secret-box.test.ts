import { expect } from 'chai';
import { AesGcmSecretBox, dataKeyId } from '../../../../src/infrastructure/two-factor/aes-gcm-secret-box.js';

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** `sealed` with one character of its part `index` changed. */
function tampered(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const part = parts[index] ?? '';
  parts[index] = (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
  return parts.join('.');
}

describe('AesGcmSecretBox', () => {
  it('opens what it sealed, under the same context, as current', () => {
    const box = new AesGcmSecretBox([NEW]);
    expect(box.open(box.seal(SECRET, 'totp:1'), 'totp:1')).to.deep.equal({ plain: SECRET, current: true });
  });

  it('seals with a new IV each time, and names its key, never the secret', () => {
    const box = new AesGcmSecretBox([NEW]);
    const [first, second] = [box.seal(SECRET, 'totp:1'), box.seal(SECRET, 'totp:1')];
    expect(first).not.to.equal(second);
    expect(first.split('.').slice(0, 2)).to.deep.equal(['v1', dataKeyId(NEW)]);
    expect(first).not.to.include(SECRET);
  });

  for (const [name, index] of [['IV', 2], ['ciphertext', 3], ['tag', 4]] as const) {
    it(`does not open a sealed secret whose ${name} was changed`, () => {
      const box = new AesGcmSecretBox([NEW]);
      expect(box.open(tampered(box.seal(SECRET, 'totp:1'), index), 'totp:1')).to.equal(null);
    });
  }

  it('does not open a sealed secret under another context (copied to another user)', () => {
    const box = new AesGcmSecretBox([NEW]);
    expect(box.open(box.seal(SECRET, 'totp:1'), 'totp:2')).to.equal(null);
  });

  it('does not open what no configured key sealed, nor text that is not a sealed secret', () => {
    const sealed = new AesGcmSecretBox([OLD]).seal(SECRET, 'totp:1');
    const box = new AesGcmSecretBox([NEW]);
    for (const text of [sealed, '', 'v1', 'v2.x.y.z.w', `${sealed}.extra`, 'v1.....']) {
      expect(box.open(text, 'totp:1'), text).to.equal(null);
    }
  });

  it('rotates: with the new key first, opens what the old key sealed as not current, and seals with the new one', () => {
    const sealedOld = new AesGcmSecretBox([OLD]).seal(SECRET, 'totp:1');
    const rotated = new AesGcmSecretBox([NEW, OLD]);
    expect(rotated.open(sealedOld, 'totp:1')).to.deep.equal({ plain: SECRET, current: false });
    const resealed = rotated.seal(SECRET, 'totp:1');
    expect(new AesGcmSecretBox([NEW]).open(resealed, 'totp:1')).to.deep.equal({ plain: SECRET, current: true });
  });

  it('refuses to start without a key, or with a key of the wrong length', () => {
    expect(() => new AesGcmSecretBox([])).to.throw(/32 bytes/);
    expect(() => new AesGcmSecretBox([Buffer.alloc(16)])).to.throw(/32 bytes/);
  });
});
