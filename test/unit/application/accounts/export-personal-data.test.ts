import { expect } from 'chai';
import { EXPORT_FORMAT, ExportPersonalData } from '../../../../src/application/accounts/export-personal-data.js';
import type { ExportValue, PersonalDataSection, SectionContent } from '../../../../src/application/shared/ports/personal-data.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { ManualClock } from '../../../support/throttle.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

/** A section of one value. */
const valueSection = (key: string, value: ExportValue): PersonalDataSection => ({
  key,
  read: async () => ({ kind: 'value', value }),
});

/** A section read a page at a time; `reads` lists the pages handed out so far. */
function pagedSection(key: string, pages: ExportValue[][], reads: number[] = []): PersonalDataSection {
  return {
    key,
    read: async (): Promise<SectionContent> => ({
      kind: 'pages',
      pages: (async function* () {
        for (const [n, page] of pages.entries()) {
          reads.push(n);
          yield page;
        }
      })(),
    }),
  };
}

async function setUp(sections: PersonalDataSection[]) {
  const users = new InMemoryUserRepository();
  const ada = await users.create({ email: Email.fromTrusted('ada@example.com'), passwordHash: 'hash-of-ada', phone: null });
  const events = new RecordedEvents();
  const exportData = new ExportPersonalData(users, sections, new ManualClock(NOW), events);
  return { ada, events, exportData };
}

async function textOf(document: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of document) text += piece;
  return text;
}

describe('ExportPersonalData', () => {
  it('writes the format, the time, the account, then the sections of one value, then the paged ones', async () => {
    const { exportData } = await setUp([
      pagedSection('activity', [[{ type: 'a' }, { type: 'b' }], [{ type: 'c' }]]),
      valueSection('passkeys', [{ name: 'Laptop' }]),
      pagedSection('nothing', [[]]),
    ]);
    const result = await exportData.execute({ user: { email: 'ada@example.com' } });
    if (result.kind !== 'ok') throw new Error(result.kind);
    const text = await textOf(result.document);

    const document = JSON.parse(text);
    expect(Object.keys(document)).to.deep.equal(['format', 'exportedAt', 'account', 'passkeys', 'activity', 'nothing']);
    expect(document.format).to.equal(EXPORT_FORMAT);
    expect(document.exportedAt).to.equal(new Date(NOW).toISOString());
    expect(document.activity).to.deep.equal([{ type: 'a' }, { type: 'b' }, { type: 'c' }]);
    expect(document.nothing).to.deep.equal([]);
    expect(document.account).to.deep.include({ email: 'ada@example.com', phone: null, administrator: false, emailVerified: false });
    expect(text).to.not.include('hash-of-ada');
    // Indented as JSON.stringify(document, null, 2) would be.
    expect(text).to.equal(`${JSON.stringify(document, null, 2)}\n`);
    expect(result.email).to.equal('ada@example.com');
  });

  it('reads a paged section only as the document is written: one piece per page', async () => {
    const reads: number[] = [];
    const { exportData } = await setUp([pagedSection('activity', [[1, 2], [3], [4]], reads)]);
    const result = await exportData.execute({ user: { email: 'ada@example.com' } });
    if (result.kind !== 'ok') throw new Error(result.kind);
    const pieces = result.document[Symbol.asyncIterator]();
    expect(reads).to.deep.equal([]);
    for (let n = 0; n < 4; n++) await pieces.next();
    // format, exportedAt, account, and the first page.
    expect(reads).to.deep.equal([0]);
    await pieces.next();
    expect(reads).to.deep.equal([0, 1]);
  });

  it("records the owner's download with its request, and an operator's export with none", async () => {
    const { exportData, events, ada } = await setUp([]);
    const request = testRequest();
    await exportData.execute({ user: { id: ada.id }, request });
    await exportData.execute({ user: { email: 'ada@example.com' } });
    expect(events.recorded).to.deep.equal([
      { type: 'account.data-exported', userId: ada.id, request },
      { type: 'admin.data-exported', userId: ada.id, targetEmail: 'ada@example.com' },
    ]);
  });

  it('answers an address that is none, or nobody’s, and records nothing', async () => {
    const { exportData, events } = await setUp([]);
    expect(await exportData.execute({ user: { email: 'not an address' } })).to.deep.equal({ kind: 'invalid-email' });
    expect(await exportData.execute({ user: { email: 'nobody@example.com' } })).to.deep.equal({ kind: 'not-found' });
    expect(await exportData.execute({ user: { id: 99 } })).to.deep.equal({ kind: 'not-found' });
    expect(events.recorded).to.deep.equal([]);
  });

  it('refuses two sections with one key, or a section with a key of its own', async () => {
    await setUp([valueSection('passkeys', []), valueSection('passkeys', [])]).then(
      () => expect.fail('two sections with one key were taken'),
      (error: Error) => expect(error.message).to.include('"passkeys"'),
    );
    await setUp([valueSection('account', {})]).then(
      () => expect.fail('a section named account was taken'),
      (error: Error) => expect(error.message).to.include('"account"'),
    );
  });
});
