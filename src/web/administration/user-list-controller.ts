import { message, type Message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import type { ListUsers } from '../../application/administration/list-users.js';
import { USER_FILTERS, type EmailSearch, type UserFilter } from '../../application/shared/ports/user-repository.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { EMAIL_MAX_LENGTH, isEmailFragment } from '../../domain/shared/email.js';
import { isUserId, type UserId } from '../../domain/shared/user.js';
import { messages } from '../shared/messages.js';
import { renderPage } from '../shared/views.js';

/** What the search form of /users asks for, read from the query string. */
interface UsersQuery {
  /** As typed; empty for no search. */
  readonly query: string;
  readonly match: EmailSearch['match'];
  readonly filter: UserFilter | null;
  readonly afterId: UserId | null;
  readonly afterEmail: string | null;
  /** Why a parameter was set aside, for the page to say. */
  readonly notice: Message | null;
}

const MATCHES: readonly string[] = ['prefix', 'substring'] satisfies EmailSearch['match'][];

/**
 * GET /users?q=&match=&filter=&after=, behind loginRequired and adminRequired (so the
 * admin links may show): the contract's list of users (docs/behaviour.md §4), with a search by email and filters. A
 * search over 254 characters is refused (400) with a message; a filter or kind of
 * search that does not exist is set aside and the page says so.
 */
export function users(listUsers: ListUsers): Middleware {
  return async (ctx) => {
    const asked = readUsersQuery(ctx);
    const result = await listUsers.execute(asked);
    switch (result.kind) {
      case 'ok': {
        const searching = asked.query.trim() !== '';
        const isFirstPage = searching ? asked.afterEmail === null : asked.afterId === null;
        const next = searching ? result.nextAfterEmail : result.nextAfterId;
        return renderPage(ctx, 'administration/users', {
          title: isFirstPage ? message('administration:titles.users') : message('administration:titles.usersContinued'),
          ...asked,
          page: result,
          isFirstPage,
          searching,
          firstPage: usersHref(asked, null),
          nextPage: next === null ? null : usersHref(asked, String(next)),
          isAdmin: true,
        });
      }
      case 'query-too-long':
        ctx.status = 400;
        return renderPage(ctx, 'administration/users', {
          title: message('administration:titles.users'),
          ...asked,
          query: asked.query.slice(0, EMAIL_MAX_LENGTH),
          notice: messages.searchTooLong,
          page: null,
          isAdmin: true,
        });
      default:
        return unhandled(result);
    }
  };
}

/** The query string's parameters; anything not a single string (`a=1&a=2`) counts as absent. */
function readUsersQuery(ctx: Context): UsersQuery {
  const param = (name: string): string | undefined => {
    const value = ctx.query[name];
    return typeof value === 'string' ? value : undefined;
  };
  const query = param('q') ?? '';
  const filterText = param('filter') ?? '';
  const matchText = param('match') ?? 'prefix';
  const filter = (USER_FILTERS as readonly string[]).includes(filterText) ? (filterText as UserFilter) : null;
  const match = MATCHES.includes(matchText) ? (matchText as EmailSearch['match']) : 'prefix';
  const notice = filterText !== '' && filter === null ? messages.unknownFilter : match !== matchText ? messages.unknownMatch : null;
  const after = param('after');
  // Only plain decimal ids; anything else (`0x10`, `1e3`) shows the first page.
  const afterId = after !== undefined && /^\d{1,15}$/.test(after) && isUserId(Number(after)) ? Number(after) : null;
  // Only what an address could hold (no NUL, no space): anything else shows the first page.
  const afterEmail =
    after !== undefined && after.length <= EMAIL_MAX_LENGTH && isEmailFragment(after.toLowerCase()) ? after : null;
  return { query, match, filter, afterId, afterEmail, notice };
}

/** The address of a page of the same search and filter, after `after` (the first page when null). */
function usersHref(asked: UsersQuery, after: string | null): string {
  const params = new URLSearchParams();
  if (asked.query.trim() !== '') params.set('q', asked.query.trim());
  if (asked.query.trim() !== '' && asked.match !== 'prefix') params.set('match', asked.match);
  if (asked.filter) params.set('filter', asked.filter);
  if (after !== null) params.set('after', after);
  const search = params.toString();
  return search ? `/users?${search}` : '/users';
}
