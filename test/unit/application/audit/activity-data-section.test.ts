import { expect } from 'chai';
import { ACTIVITY_EXPORT_PAGE_SIZE, ActivityDataSection } from '../../../../src/application/audit/activity-data-section.js';
import type { ExportValue } from '../../../../src/application/shared/ports/personal-data.js';
import { Email } from '../../../../src/domain/shared/email.js';
import type { User } from '../../../../src/domain/shared/user.js';
import { InMemoryAuditEvents } from '../../../../src/infrastructure/audit/in-memory-audit-events.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const ADA = { id: 1, email: Email.fromTrusted('ada@example.com') } as User;

/** The pages the section hands out for Ada. */
async function pagesOf(audit: InMemoryAuditEvents): Promise<ExportValue[][]> {
  const content = await new ActivityDataSection(audit).read(ADA);
  if (content.kind !== 'pages') throw new Error('the activity is read a page at a time');
  const pages: ExportValue[][] = [];
  for await (const page of content.pages) pages.push([...page]);
  return pages;
}

describe('ActivityDataSection', () => {
  it("reads every event of the user, newest first, a page at a time, and no one else's", async () => {
    const audit = new InMemoryAuditEvents();
    const count = 2 * ACTIVITY_EXPORT_PAGE_SIZE + 1;
    for (let n = 0; n < count; n++) {
      for (const userId of [1, 2]) {
        await audit.append({ userId, type: 'login.succeeded', actorId: null, ip: '192.0.2.1', userAgent: 'Firefox', requestId: 'r', at: NOW + n });
      }
    }
    const pages = await pagesOf(audit);
    expect(pages.map((page) => page.length)).to.deep.equal([ACTIVITY_EXPORT_PAGE_SIZE, ACTIVITY_EXPORT_PAGE_SIZE, 1]);
    const times = pages.flat().map((item) => (item as { at: string }).at);
    expect(times).to.deep.equal(Array.from({ length: count }, (_, n) => new Date(NOW + count - 1 - n).toISOString()));
  });

  it("tells the owner's acts from an administrator's and an operator's, showing only the owner's address and browser", async () => {
    const audit = new InMemoryAuditEvents();
    const base = { userId: 1, ip: '192.0.2.1', userAgent: 'Firefox', requestId: 'r' };
    await audit.append({ ...base, type: 'login.succeeded', actorId: null, at: NOW });
    await audit.append({ ...base, type: 'admin.user-locked', actorId: 7, ip: '198.51.100.9', at: NOW + 1 });
    await audit.append({ ...base, type: 'admin.user-unlocked', actorId: null, ip: null, userAgent: null, requestId: null, at: NOW + 2 });
    expect(await pagesOf(audit)).to.deep.equal([
      [
        { at: new Date(NOW + 2).toISOString(), type: 'admin.user-unlocked', by: 'operator' },
        { at: new Date(NOW + 1).toISOString(), type: 'admin.user-locked', by: 'administrator', administratorId: 7 },
        { at: new Date(NOW).toISOString(), type: 'login.succeeded', by: 'owner', ip: '192.0.2.1', userAgent: 'Firefox' },
      ],
    ]);
  });

  it('hands out one empty page for a user with no events', async () => {
    expect(await pagesOf(new InMemoryAuditEvents())).to.deep.equal([[]]);
  });
});
