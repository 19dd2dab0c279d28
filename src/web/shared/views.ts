import type { Context, Middleware } from 'koa';
import views from 'koa-views';
import pug from 'pug';
import type { UserId } from '../../domain/shared/user.js';
import { takeFlash } from './flash.js';
import { languagesOf, wordsOf } from './locale.js';
import { Message, sayWith } from './message.js';
import { isLoggedIn } from './passport.js';
import { passwordLimitsOf, passwordRules } from './password-rules.js';

/** The templates' extension, and the name of the engine koa-views renders them with. */
const EXTENSION = 'pug';

/**
 * The engine source handed to koa-views (its documented `engineSource` option, in
 * place of consolidate): pug's own `compileFile`, with pug's documented `cache` in
 * production, so a render is the compiled template's call and nothing more.
 * consolidate re-reads its options and wraps each render in more promises, several
 * times the cost of the template itself (bench/RESULTS.md).
 */
function pugEngine(production: boolean): Record<string, (file: string, locals: Record<string, unknown>) => Promise<string>> {
  return {
    [EXTENSION]: (file, locals) => {
      try {
        const template = pug.compileFile(file, { cache: production, compileDebug: !production });
        return Promise.resolve(template(locals));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

/**
 * koa-views with pug: `ctx.render(view, locals)` renders `<viewsDir>/<view>.pug` into
 * the response as `text/html; charset=utf-8`, with what every page receives: `user` (a
 * boolean: passport's own test, which holds also on an error page rendered before
 * passport ran), the flash messages, the request's words (`t`, a catalog entry as HTML; `tt`, as text for an attribute; `minuteOf` and `dayOf`, a date in its layout, in UTC; `lang`, its
 * locale; `languages`, the footer switcher's choices), `path` (for the navigation), `passwordRules` (the new-password field's maxlength and hint) and `isAdmin` (whether
 * the navigation offers the administrator's pages: see `offerAdminLinks`). The messages are consumed only when a page is really
 * rendered (a redirect passes them on untouched); an error page rendered after the
 * session was saved (`keepFlash`) leaves them for the next page.
 *
 * In production pug compiles each template once, on its first render, and keeps it;
 * elsewhere every render reads and compiles the file, so an edited template shows at
 * once. koa-views still looks each view up with one `fs.stat`: the name is passed with
 * its extension, so that lookup finds the file at the first try.
 *
 * It is middleware, first in the chain, not koa-views' `app.context.render` form: that
 * form keeps the context of the latest call in a variable shared by every request, so
 * two renders in flight at once write one page into the other's response.
 */
export function pageViews(viewsDir: string, production: boolean): Middleware {
  return views(viewsDir, { extension: EXTENSION, engineSource: pugEngine(production) });
}

/**
 * Whether this user may open the administrator's pages, as the admin gate decides it,
 * read afresh: the feature that owns those pages provides it (`offerAdminLinks`).
 */
export type AdminAccessCheck = (userId: UserId) => Promise<boolean>;

/** Where `offerAdminLinks` keeps the check for this request. */
const ADMIN_ACCESS = 'adminAccess';

/**
 * Lets every page of this request show the Admin and Users links to a user who may open
 * them (the layout's `isAdmin`). The check runs only when a page is rendered for a
 * logged-in visitor and the page did not say itself (`isAdmin` in its locals, where it
 * read the user record anyway or passed the admin gate): an anonymous visitor, a
 * redirect, a JSON answer or an asset costs no read.
 */
export function offerAdminLinks(ctx: Context, check: AdminAccessCheck): void {
  (ctx.state as Record<string, unknown>)[ADMIN_ACCESS] = check;
}

/**
 * Renders a page through koa-views' `ctx.render` with the locals every page gets.
 * Controllers and error pages call this; `ctx.render` itself stays koa-views' own.
 */
export async function renderPage(ctx: Context, view: string, locals: Record<string, unknown> = {}): Promise<void> {
  await ctx.render(`${view}.${EXTENSION}`, await pageLocals(ctx, locals));
}

/**
 * The page's own locals with the ones every page gets. koa-views copies `ctx.state`
 * under them, so they win over a state field of the same name: passport keeps its user
 * object on `ctx.state.user`, and a template sees only the boolean. The rest of
 * `ctx.state` is request plumbing (`requestId`, `log`, the admin check), which no
 * template reads. pug's options are fixed in `pugEngine`, never taken from the locals,
 * so nothing a visitor sends can reach them.
 */
async function pageLocals(ctx: Context, locals: Record<string, unknown>): Promise<Record<string, unknown>> {
  const user = isLoggedIn(ctx);
  const isAdmin = typeof locals.isAdmin === 'boolean' ? locals.isAdmin : user && (await adminAccess(ctx));
  const flash = locals.keepFlash === true ? {} : takeFlash(ctx);
  const words = wordsOf(ctx);
  const data: Record<string, unknown> = {};
  // A message among the locals (a notice, a problem) is put into the page's words here.
  for (const [name, value] of Object.entries(locals)) data[name] = value instanceof Message ? sayWith(words.text, value) : value;
  data.isAdmin = isAdmin;
  data.t = words.html;
  data.tt = words.text;
  data.say = (said: Message | string) => (said instanceof Message ? sayWith(words.text, said) : said);
  data.minuteOf = words.minute;
  data.dayOf = words.day;
  data.lang = words.locale;
  data.languages = languagesOf(ctx);
  data.path = ctx.path;
  data.user = user;
  const rules = passwordRules(passwordLimitsOf(ctx));
  data.passwordRules = { maxlength: rules.maxlength, hint: sayWith(words.text, rules.hint) };
  data.messageSuccess = flash.messageSuccess ?? null;
  data.messageFailure = flash.messageFailure ?? null;
  return data;
}

/** The session's user may open the administrator's pages; false where no feature offers them. */
function adminAccess(ctx: Context): Promise<boolean> {
  const check = (ctx.state as Record<string, unknown>)[ADMIN_ACCESS] as AdminAccessCheck | undefined;
  const userId = ctx.state.user?.id;
  return check && userId !== undefined ? check(userId) : Promise.resolve(false);
}
