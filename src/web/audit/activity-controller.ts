import { message, type Message } from '../shared/message.js';
import type { Middleware } from 'koa';
import type { ActivityEntry, ListAccountActivity } from '../../application/audit/list-account-activity.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { describeDevice } from '../shared/device.js';
import { activityLabel } from '../shared/messages.js';
import { renderPage } from '../shared/views.js';
import { accountGone } from '../shared/account-answers.js';
import { wordsOf } from '../shared/locale.js';
import type { LocaleWords } from '../../application/shared/ports/translations.js';

/** One row of the activity table, as the template shows it. */
export interface ActivityRow {
  /** ISO 8601, for the `<time>` element. */
  readonly iso: string;
  /** To the minute, in UTC, in the page's language: `2026-11-25 14:03` in English. */
  readonly when: string;
  readonly label: Message;
  /** The device in the reader's words, or a dash. */
  readonly device: Message | string;
  readonly address: string;
}

/** Shown where a row has no device or address to show. */
const NONE = '—';

/**
 * The `before` cursor of an "Older" link: a plain decimal id of at most 15 digits (a
 * safe integer). Anything else (`0x10`, `1e3`, a huge number, a repeated parameter) is
 * ignored and shows the newest page, as the users list does with its cursor.
 */
function cursorOf(value: unknown): number | null {
  return typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/**
 * An event as its owner sees it. Another person's act (an administrator's) shows no
 * device or address: those were the administrator's, not the owner's.
 */
export function activityRow(entry: ActivityEntry, words: LocaleWords): ActivityRow {
  const iso = entry.at.toISOString();
  const byOwner = entry.actorId === null;
  return {
    iso,
    when: words.minute(entry.at),
    label:
      entry.provider === undefined
        ? activityLabel(entry.type, entry.actorId)
        : message('activity.withProvider', { event: activityLabel(entry.type, entry.actorId), provider: entry.provider }),
    device: byOwner && entry.userAgent !== null ? describeDevice(entry.userAgent) : NONE,
    address: byOwner && entry.ip ? entry.ip : NONE,
  };
}

/** GET /account/activity?before=<id>, behind loginRequired: the account's security events, newest first. */
export function showActivity(listAccountActivity: ListAccountActivity): Middleware {
  return async (ctx) => {
    const before = cursorOf(ctx.query.before);
    const result = await listAccountActivity.execute({ userId: ctx.state.user.id, before });
    switch (result.kind) {
      case 'ok':
        return renderPage(ctx, 'audit/account-activity', {
          title: message('audit:titles.accountActivity'),
          rows: result.entries.map((entry) => activityRow(entry, wordsOf(ctx))),
          olderBefore: result.olderBefore,
          isFirstPage: before === null,
        });
      case 'not-found':
        return accountGone(ctx);
      default:
        return unhandled(result);
    }
  };
}
