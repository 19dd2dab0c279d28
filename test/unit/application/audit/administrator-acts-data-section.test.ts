import { expect } from 'chai';
import { ACTIVITY_EXPORT_PAGE_SIZE } from '../../../../src/application/audit/activity-data-section.js';
import { AdministratorActsDataSection } from '../../../../src/application/audit/administrator-acts-data-section.js';
import type { ExportValue } from '../../../../src/application/shared/ports/personal-data.js';
import { Email } from '../../../../src/domain/shared/email.js';
import type { User } from '../../../../src/domain/shared/user.js';
import { InMemoryAuditEvents } from '../../../../src/infrastructure/audit/in-memory-audit-events.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const ROOT = { id: 1, email: Email.fromTrusted('root@example.com') } as User;

async function pagesOf(audit: InMemoryAuditEvents): Promise<ExportValue[][]> {
  const content = await new AdministratorActsDataSection(audit).read(ROOT);
  if (content.kind !== 'pages') throw new Error('the acts are read a page at a time');
  const pages: ExportValue[][] = [];
  for await (const page of content.pages) pages.push([...page]);
  return pages;
}

describe('AdministratorActsDataSection', () => {
  it("reads the user's acts as an administrator, newest first, a page at a time, without the targets", async () => {
    const audit = new InMemoryAuditEvents();
    const act = { type: 'admin.user-locked', ip: '192.0.2.1', userAgent: 'Firefox', requestId: 'r' } as const;
    for (let n = 0; n <= ACTIVITY_EXPORT_PAGE_SIZE; n++) {
      await audit.append({ ...act, userId: 2, actorId: 1, targetEmail: 'ada@example.com', at: NOW + n });
      // Another administrator's act, an operator's, and root's own activity: none of them here.
      await audit.append({ ...act, userId: 2, actorId: 3, targetEmail: 'ada@example.com', at: NOW + n });
      await audit.append({ ...act, userId: 2, actorId: null, targetEmail: 'ada@example.com', at: NOW + n });
      await audit.append({ ...act, type: 'login.succeeded', userId: 1, actorId: null, at: NOW + n });
    }
    const pages = await pagesOf(audit);
    expect(pages.map((page) => page.length)).to.deep.equal([ACTIVITY_EXPORT_PAGE_SIZE, 1]);
    expect(pages[0]?.[0]).to.deep.equal({
      at: new Date(NOW + ACTIVITY_EXPORT_PAGE_SIZE).toISOString(),
      type: 'admin.user-locked',
      ip: '192.0.2.1',
      userAgent: 'Firefox',
    });
    expect(JSON.stringify(pages)).to.not.include('ada@example.com');
  });

  it('hands out one empty page for a user who never acted as an administrator', async () => {
    expect(await pagesOf(new InMemoryAuditEvents())).to.deep.equal([[]]);
  });
});
