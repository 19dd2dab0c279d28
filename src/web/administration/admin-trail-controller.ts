import { message, type Message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import type { AdminTrailEntry } from '../../application/audit/admin-trail-entry.js';
import type { ListAdminTrail } from '../../application/audit/list-admin-trail.js';
import { ADMIN_ACT_TYPES, type AdminActType, isAdminActType } from '../../application/shared/ports/security-events.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { EMAIL_MAX_LENGTH } from '../../domain/shared/email.js';
import { describeDevice } from '../shared/device.js';
import { messages } from '../shared/messages.js';
import { renderPage } from '../shared/views.js';
import { wordsOf } from '../shared/locale.js';
import type { LocaleWords } from '../../application/shared/ports/translations.js';

/** What each act is called on the trail page and in its kind filter (`administration:trail.<act>`). */
export const TRAIL_LABELS: { readonly [Type in AdminActType]: Message } = {
  'admin.granted': message('administration:trail.admin.granted'),
  'admin.revoked': message('administration:trail.admin.revoked'),
  'admin.user-locked': message('administration:trail.admin.user-locked'),
  'admin.user-unlocked': message('administration:trail.admin.user-unlocked'),
  'admin.reset-sent': message('administration:trail.admin.reset-sent'),
  'admin.sessions-revoked': message('administration:trail.admin.sessions-revoked'),
  'admin.two-factor-reset': message('administration:trail.admin.two-factor-reset'),
  'admin.user-deleted': message('administration:trail.admin.user-deleted'),
  'admin.data-exported': message('administration:trail.admin.data-exported'),
};

/** The kind filter's choices, in the order of the acts. */
const KINDS = ADMIN_ACT_TYPES.map((type) => ({ value: type, label: TRAIL_LABELS[type] }));

/** What the filter form of /admin/audit asks for, read from the query string. */
interface TrailQuery {
  readonly actor: string;
  readonly target: string;
  readonly kind: AdminActType | null;
  readonly before: number | null;
  /** Why a parameter was set aside, for the page to say. */
  readonly notice: Message | null;
}

/** One row of the trail table, as the template shows it. */
interface TrailRow {
  readonly iso: string;
  readonly when: string;
  readonly label: Message;
  /** The actor's address now; for a deleted one `#id (deleted)`; `operator (command line)` (both in the reader's words). */
  readonly actor: Message | string;
  /** The filter link of the actor's acts; none for a deleted administrator. */
  readonly actorHref: string | null;
  /** The target's address when the act was done (`#id` for an act stored before it was kept). */
  readonly target: string;
  readonly targetHref: string | null;
  /** The device in the reader's words, or a dash. */
  readonly device: Message | string;
  readonly address: string;
}

const NONE = '—';

/**
 * GET /admin/audit?actor=&target=&kind=&before=, behind the administration pages' gates:
 * every administrator's and operator's act on an account, newest first, 50 a page, with
 * filters by actor (an address, or `operator`), target (an address) and kind. A filter
 * over 254 characters is refused (400); a kind that does not exist is set aside and the
 * page says so; an actor who is no account lists nothing and says so.
 */
export function adminTrail(listAdminTrail: ListAdminTrail): Middleware {
  return async (ctx) => {
    const asked = readTrailQuery(ctx);
    const common = { title: message('administration:titles.auditTrail'), ...asked, kinds: KINDS, isAdmin: true };
    if (asked.actor.length > EMAIL_MAX_LENGTH || asked.target.length > EMAIL_MAX_LENGTH) {
      ctx.status = 400;
      return renderPage(ctx, 'administration/audit', {
        ...common,
        actor: asked.actor.slice(0, EMAIL_MAX_LENGTH),
        target: asked.target.slice(0, EMAIL_MAX_LENGTH),
        notice: messages.searchTooLong,
        rows: null,
      });
    }
    const result = await listAdminTrail.execute({
      before: asked.before,
      ...(asked.actor.trim() !== '' && { actor: asked.actor }),
      ...(asked.target.trim() !== '' && { target: asked.target }),
      ...(asked.kind && { kind: asked.kind }),
    });
    switch (result.kind) {
      case 'ok':
        return renderPage(ctx, 'administration/audit', {
          ...common,
          rows: result.entries.map((entry) => trailRow(entry, wordsOf(ctx))),
          isFirstPage: asked.before === null,
          newest: trailHref(asked, null),
          older: result.olderBefore === null ? null : trailHref(asked, result.olderBefore),
        });
      case 'unknown-actor':
        return renderPage(ctx, 'administration/audit', {
          ...common,
          notice: message('administration:audit.unknownActor'),
          rows: [],
          isFirstPage: true,
          newest: trailHref(asked, null),
          older: null,
        });
      default:
        return unhandled(result);
    }
  };
}

function trailRow(entry: AdminTrailEntry, words: LocaleWords): TrailRow {
  const iso = entry.at.toISOString();
  const { actor, target } = entry;
  const actorName =
    actor.kind === 'operator'
      ? message('administration:trail.byOperator')
      : actor.email ?? message('administration:trail.deletedActor', { id: actor.id });
  const actorFilter = actor.kind === 'operator' ? 'operator' : actor.email;
  return {
    iso,
    when: words.minute(entry.at),
    label: TRAIL_LABELS[entry.type],
    actor: actorName,
    actorHref: actorFilter === null ? null : `/admin/audit?${new URLSearchParams({ actor: actorFilter }).toString()}`,
    target: target.email ?? `#${target.id}`,
    targetHref: target.email === null ? null : `/admin/audit?${new URLSearchParams({ target: target.email }).toString()}`,
    device: entry.userAgent === null ? NONE : describeDevice(entry.userAgent),
    address: entry.ip ?? NONE,
  };
}

/** The query string's parameters; anything not a single string (`a=1&a=2`) counts as absent. */
function readTrailQuery(ctx: Context): TrailQuery {
  const param = (name: string): string => {
    const value = ctx.query[name];
    return typeof value === 'string' ? value : '';
  };
  const kindText = param('kind');
  const kind = isAdminActType(kindText) ? kindText : null;
  const before = param('before');
  return {
    actor: param('actor'),
    target: param('target'),
    kind,
    // A plain decimal id of at most 15 digits; anything else shows the newest page.
    before: /^[1-9]\d{0,14}$/.test(before) ? Number(before) : null,
    notice: kindText !== '' && kind === null ? message('administration:audit.unknownKind') : null,
  };
}

/** The address of a page of the same filters, older than `before` (the newest when null). */
function trailHref(asked: TrailQuery, before: number | null): string {
  const params = new URLSearchParams();
  if (asked.actor.trim() !== '') params.set('actor', asked.actor.trim());
  if (asked.target.trim() !== '') params.set('target', asked.target.trim());
  if (asked.kind) params.set('kind', asked.kind);
  if (before !== null) params.set('before', String(before));
  const search = params.toString();
  return search ? `/admin/audit?${search}` : '/admin/audit';
}
