import type Koa from 'koa';
import type { Context } from 'koa';
import { takeFlash } from './middleware/flash.js';
import type { Templates } from './templates.js';

/** The type of every rendered page. */
const HTML = 'text/html; charset=utf-8';

declare module 'koa' {
  interface ExtendableContext {
    /** Renders a page template into the response, with the locals every page gets. */
    render(view: string, locals?: Record<string, unknown>): Promise<void>;
  }
}

/**
 * `ctx.render(view, locals)` on every context, as koa-views provides it (the response
 * becomes text/html), and with what every page receives: `user` (a boolean), the
 * flash messages and its own `path` (for the navigation). The messages are consumed only when a page is really rendered (a
 * redirect passes them on untouched); an error page rendered after the session was
 * saved (`keepFlash`) leaves them for the next page. Unlike koa-views, `ctx.state` is
 * not merged in: a page passes what its template shows (spreading `ctx.state` into the
 * locals took a slow object-copy path that was the largest cost of the render).
 *
 * It replaces koa-views (issue 7): koa-views looks every view up with `fs.stat` on
 * each render, a trip through libuv's thread pool that measured 247 → 194 µs of CPU
 * per `GET /` on one core with it and without it, and that queues behind bcrypt
 * during a login storm. The method sits on the context prototype: no per-request cost.
 */
export function installViews(app: Koa, templates: Templates): void {
  app.context.render = async function render(this: Context, view: string, locals: Record<string, unknown> = {}) {
    const flash = locals.keepFlash === true ? {} : takeFlash(this);
    // Only pages that read the user record anyway say whether the user is an admin.
    const data: Record<string, unknown> = Object.assign({ isAdmin: false }, locals);
    data.path = this.path;
    // passport's own test (`ctx.state.user`), also on an error page rendered before passport ran.
    data.user = Boolean(this.state.user);
    data.messageSuccess = flash.messageSuccess ?? null;
    data.messageFailure = flash.messageFailure ?? null;
    const html = templates.render(view, data);
    // The full value: `ctx.type = 'html'` looks the extension up in mime-types every time.
    this.set('Content-Type', HTML);
    this.body = html;
  };
}
