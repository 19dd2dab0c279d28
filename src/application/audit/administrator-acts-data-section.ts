import type { User, UserId } from '../../domain/shared/user.js';
import {
  exportTime,
  type ExportValue,
  type PersonalDataSection,
  type SectionContent,
} from '../shared/ports/personal-data.js';
import { ACTIVITY_EXPORT_PAGE_SIZE } from './activity-data-section.js';
import type { AuditEvent, AuditEvents } from './ports/audit-events.js';

/**
 * The export's `administratorActs`: what the user did as an administrator (the rows
 * that name them as the actor), newest first, read a page at a time like the activity:
 * when, what, and the address and browser of their request. Not the target, whose
 * address is another person's data (administrators see it on /admin/audit). Empty for
 * a user who never acted as an administrator.
 */
export class AdministratorActsDataSection implements PersonalDataSection {
  readonly key = 'administratorActs';

  constructor(private readonly audit: AuditEvents) {}

  async read(user: User): Promise<SectionContent> {
    return { kind: 'pages', pages: this.pagesOf(user.id) };
  }

  private async *pagesOf(actorId: UserId): AsyncGenerator<ExportValue[]> {
    let before: number | null = null;
    for (;;) {
      const rows = await this.audit.listAdminActs({ before, limit: ACTIVITY_EXPORT_PAGE_SIZE, filter: { actorId } });
      yield rows.map(actItem);
      const last = rows.at(-1);
      if (rows.length < ACTIVITY_EXPORT_PAGE_SIZE || !last) return;
      before = last.id;
    }
  }
}

function actItem(event: AuditEvent): ExportValue {
  return { at: exportTime(event.at), type: event.type, ip: event.ip, userAgent: event.userAgent };
}
