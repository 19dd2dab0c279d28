import type { User, UserId } from '../../domain/shared/user.js';
import {
  exportTime,
  type ExportValue,
  type PersonalDataSection,
  type SectionContent,
} from '../shared/ports/personal-data.js';
import { isAdminActType } from '../shared/ports/security-events.js';
import type { AuditEvent, AuditEvents } from './ports/audit-events.js';

/** Events read at once for the export: one range scan of the (user_id, id) index each. */
export const ACTIVITY_EXPORT_PAGE_SIZE = 500;

/**
 * The export's `activity`: every event of the account's activity page, newest first,
 * read by keyset a page at a time and written as it comes, so tens of thousands of
 * events are never held at once. As on the page, an administrator's act shows no
 * address or browser: those were the administrator's.
 */
export class ActivityDataSection implements PersonalDataSection {
  readonly key = 'activity';

  constructor(private readonly audit: AuditEvents) {}

  async read(user: User): Promise<SectionContent> {
    return { kind: 'pages', pages: this.pagesOf(user.id) };
  }

  private async *pagesOf(userId: UserId): AsyncGenerator<ExportValue[]> {
    let before: number | null = null;
    for (;;) {
      const rows = await this.audit.listOfUser(userId, { before, limit: ACTIVITY_EXPORT_PAGE_SIZE });
      yield rows.map(activityItem);
      const last = rows.at(-1);
      if (rows.length < ACTIVITY_EXPORT_PAGE_SIZE || !last) return;
      before = last.id;
    }
  }
}

/** One event: when, what, who did it, and from where (and with which sign-in provider) when the owner did. */
function activityItem(event: AuditEvent): ExportValue {
  const at = exportTime(event.at);
  if (event.actorId !== null) return { at, type: event.type, by: 'administrator', administratorId: event.actorId };
  // An administrator's kind of act with no administrator was an operator's, on the command line.
  if (isAdminActType(event.type)) return { at, type: event.type, by: 'operator' };
  const item: Record<string, ExportValue> = { at, type: event.type, by: 'owner', ip: event.ip, userAgent: event.userAgent };
  if (event.provider !== undefined) item.provider = event.provider;
  return item;
}
