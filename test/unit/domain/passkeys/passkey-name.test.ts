import { expect } from 'chai';
import { passkeyName, passkeyNewName } from '../../../../src/domain/passkeys/passkey-name.js';

describe('passkeyName', () => {
  it('trims the typed name and makes each run of white space one space', () => {
    expect(passkeyName('  Work \t laptop\n', 0)).to.deep.equal({ kind: 'ok', name: 'Work laptop' });
  });

  it('names an empty or blank name "Passkey N", N counting the new one', () => {
    expect(passkeyName('', 0)).to.deep.equal({ kind: 'ok', name: 'Passkey 1' });
    expect(passkeyName('   ', 2)).to.deep.equal({ kind: 'ok', name: 'Passkey 3' });
  });

  it('takes 64 characters, counting code points, and refuses 65', () => {
    expect(passkeyName('🔑'.repeat(64), 0)).to.deep.equal({ kind: 'ok', name: '🔑'.repeat(64) });
    expect(passkeyName('x'.repeat(65), 0)).to.deep.equal({ kind: 'too-long' });
  });

  it('turns control characters into spaces', () => {
    expect(passkeyName('a\u0000b\u007fc', 0)).to.deep.equal({ kind: 'ok', name: 'a b c' });
  });
});

describe('passkeyNewName', () => {
  it('reads a new name as a registration does', () => {
    expect(passkeyNewName('  Work \t laptop\n')).to.deep.equal({ kind: 'ok', name: 'Work laptop' });
    expect(passkeyNewName('a\u0000b')).to.deep.equal({ kind: 'ok', name: 'a b' });
    expect(passkeyNewName('🔑'.repeat(64))).to.deep.equal({ kind: 'ok', name: '🔑'.repeat(64) });
    expect(passkeyNewName('x'.repeat(65))).to.deep.equal({ kind: 'too-long' });
  });

  it('refuses an empty or blank name rather than naming it "Passkey N"', () => {
    expect(passkeyNewName('')).to.deep.equal({ kind: 'empty' });
    expect(passkeyNewName(' \t\u0000 ')).to.deep.equal({ kind: 'empty' });
  });
});
