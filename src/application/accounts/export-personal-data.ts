import type { User } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import {
  exportTime,
  type ExportValue,
  type PersonalDataSection,
  type SectionContent,
} from '../shared/ports/personal-data.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { personalDataDocument } from './personal-data-document.js';

/** The document's `format`: a reader checks it before anything else; a change of shape gets a new number. */
export const EXPORT_FORMAT = 'gatehouse-export/1';

/** The keys the export writes itself, before the features' sections. */
const OWN_KEYS = ['format', 'exportedAt', 'account'];

/** Whose data: the owner's download (with its request), or an operator's export from the command line (none). */
export interface ExportPersonalDataInput {
  readonly user: UserRef;
  /** The owner's request on `/account/data`; omitted by the command line, which records an operator's act. */
  readonly request?: RequestContext;
}

/** The document as text, a piece at a time, written as it is read; or no such user. */
export type ExportPersonalDataResult =
  | { readonly kind: 'ok'; readonly email: string; readonly exportedAt: Date; readonly document: AsyncIterable<string> }
  | UserNotFound;

/**
 * "Download my data": one JSON document (`gatehouse-export/1`, docs/accounts.md) with
 * everything stored about a user: the account's own fields, then each feature's
 * section (`PersonalDataSection`) in the order the features load; the sections that
 * are read a page at a time (the activity) come last and are never held whole. The
 * act is recorded first, so the document's activity shows it.
 */
export class ExportPersonalData {
  private readonly sections: readonly PersonalDataSection[];

  constructor(
    private readonly users: UserRepository,
    sections: readonly PersonalDataSection[],
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {
    const keys = [...OWN_KEYS, ...sections.map((section) => section.key)];
    const twice = keys.find((key, n) => keys.indexOf(key) !== n);
    if (twice !== undefined) throw new Error(`personal data sections: the key "${twice}" is taken twice`);
    this.sections = sections;
  }

  async execute(input: ExportPersonalDataInput): Promise<ExportPersonalDataResult> {
    const found = await findUser(this.users, input.user);
    if (found.kind !== 'found') return found;
    const { user } = found;
    await this.events.record(
      input.request
        ? { type: 'account.data-exported', userId: user.id, request: input.request }
        : { type: 'admin.data-exported', userId: user.id, targetEmail: user.email.value },
    );
    await this.events.settled();
    const exportedAt = new Date(this.clock.now());
    const contents: [string, SectionContent][] = [];
    for (const section of this.sections) contents.push([section.key, await section.read(user)]);
    const head: [string, ExportValue][] = [
      ['format', EXPORT_FORMAT],
      ['exportedAt', exportedAt.toISOString()],
      ['account', accountOf(user)],
    ];
    return { kind: 'ok', email: user.email.value, exportedAt, document: personalDataDocument(head, contents) };
  }
}

/** The account's own fields, as the account page and the users' pages show them; never the password's hash. */
function accountOf(user: User): ExportValue {
  return {
    email: user.email.value,
    phone: user.phone,
    emailVerified: user.emailVerified,
    administrator: user.admin,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: exportTime(user.lastLoginAt?.getTime() ?? null),
    lockedAt: exportTime(user.lockedAt?.getTime() ?? null),
    language: user.locale ?? null,
  };
}
