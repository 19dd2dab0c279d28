import { expect } from 'chai';
import { RenamePasskey } from '../../../../src/application/passkeys/rename-passkey.js';
import { InMemoryPasskeys } from '../../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { storedPasskey } from '../../../support/passkeys/passkeys.js';

/** Ada (1) with two passkeys, Grace (2) with one, and the use case on their store. */
async function adaAndGrace() {
  const passkeys = new InMemoryPasskeys();
  const phone = await passkeys.add(storedPasskey(1, 'Phone'));
  const laptop = await passkeys.add(storedPasskey(1, 'Laptop'));
  const graces = await passkeys.add(storedPasskey(2, 'Grace key'));
  if (!phone || !laptop || !graces) throw new Error('not stored');
  const names = async (userId: number) => (await passkeys.listOfUser(userId)).map((passkey) => passkey.name);
  return { passkeys, phone, laptop, graces, names, rename: new RenamePasskey(passkeys) };
}

describe('RenamePasskey', () => {
  it("renames the user's passkey, and only that one, to the name as the domain reads it", async () => {
    const f = await adaAndGrace();
    const result = await f.rename.execute({ userId: 1, passkeyId: f.laptop.id, name: '  Work \t laptop\n' });
    expect(result).to.deep.equal({ kind: 'ok', name: 'Work laptop' });
    expect(await f.names(1)).to.deep.equal(['Phone', 'Work laptop']);
    expect(await f.names(2)).to.deep.equal(['Grace key']);
  });

  it('keeps everything but the name', async () => {
    const f = await adaAndGrace();
    await f.passkeys.recordUse(f.phone.id, 0, 5000);
    await f.rename.execute({ userId: 1, passkeyId: f.phone.id, name: 'Old phone' });
    const [phone] = await f.passkeys.listOfUser(1);
    expect(phone).to.deep.equal({ ...f.phone, name: 'Old phone', lastUsedAt: 5000 });
  });

  it("refuses another user's passkey as not found, and leaves it as it is", async () => {
    const f = await adaAndGrace();
    expect(await f.rename.execute({ userId: 1, passkeyId: f.graces.id, name: 'Mine now' })).to.deep.equal({ kind: 'not-found' });
    expect(await f.names(2)).to.deep.equal(['Grace key']);
  });

  it('answers not-found for a passkey that does not exist (or was removed)', async () => {
    const f = await adaAndGrace();
    await f.passkeys.delete(1, f.phone.id);
    expect(await f.rename.execute({ userId: 1, passkeyId: f.phone.id, name: 'Ghost' })).to.deep.equal({ kind: 'not-found' });
    expect(await f.rename.execute({ userId: 1, passkeyId: 999, name: 'Ghost' })).to.deep.equal({ kind: 'not-found' });
    expect(await f.names(1)).to.deep.equal(['Laptop']);
  });

  it('refuses a blank name, naming nothing "Passkey N"', async () => {
    const f = await adaAndGrace();
    for (const name of ['', '   ', '\t\u0000']) {
      expect(await f.rename.execute({ userId: 1, passkeyId: f.phone.id, name })).to.deep.equal({ kind: 'name-empty' });
    }
    expect(await f.names(1)).to.deep.equal(['Phone', 'Laptop']);
  });

  it('takes 64 characters and refuses 65, writing nothing', async () => {
    const f = await adaAndGrace();
    expect(await f.rename.execute({ userId: 1, passkeyId: f.phone.id, name: 'x'.repeat(65) })).to.deep.equal({ kind: 'name-too-long' });
    expect(await f.names(1)).to.deep.equal(['Phone', 'Laptop']);
    expect(await f.rename.execute({ userId: 1, passkeyId: f.phone.id, name: '🔑'.repeat(64) })).to.deep.equal({
      kind: 'ok',
      name: '🔑'.repeat(64),
    });
  });
});
