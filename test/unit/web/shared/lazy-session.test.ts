import { expect } from 'chai';
import Koa from 'koa';
import type { Middleware } from 'koa';
import session from 'koa-session';
import supertest from 'supertest';
import { knownEmptySession, sessionOnlyWithCookie } from '../../../../src/web/shared/lazy-session.js';

const KEY = 'test.sid';

/** A koa-session store that keeps records in a map and notes every call. */
class NotingStore {
  readonly calls: string[] = [];
  readonly records = new Map<string, unknown>();
  async get(id: string) {
    this.calls.push(`get ${id}`);
    return this.records.get(id);
  }
  async set(id: string, value: unknown) {
    this.calls.push(`set ${id}`);
    this.records.set(id, value);
  }
  async destroy(id: string) {
    this.calls.push(`destroy ${id}`);
    this.records.delete(id);
  }
}

interface Built {
  readonly app: Koa;
  readonly store: NotingStore;
  /** What `knownEmptySession` said when the handler began. */
  readonly seen: boolean[];
}

/** An app with koa-session on a noting store (ids drawn in order), lazy or as koa-session alone, and `handler` after it. */
function build(lazy: boolean, handler: Middleware): Built {
  const app = new Koa();
  app.silent = true;
  app.keys = ['test-key'];
  const store = new NotingStore();
  let drawn = 0;
  const middleware = session({ key: KEY, store: store as never, genid: () => `id-${(drawn += 1)}`, rolling: false, renew: false }, app);
  app.use(lazy ? sessionOnlyWithCookie(app, KEY, middleware) : middleware);
  const seen: boolean[] = [];
  app.use((ctx, next) => {
    seen.push(knownEmptySession(ctx));
    return handler(ctx, next);
  });
  return { app, store, seen };
}

/** The Set-Cookie lines of a response, without their dates (an expiry is relative to now). */
function cookiesOf(response: supertest.Response): string[] {
  return ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((line) => line.replace(/expires=[^;]*/i, 'expires=…'));
}

/** Sends the same request to the lazy app and to koa-session alone; returns both answers and stores. */
async function both(handler: Middleware, cookie?: (store: NotingStore, app: Koa) => Promise<string>) {
  const answer = async (lazy: boolean) => {
    const built = build(lazy, handler);
    const header = cookie ? await cookie(built.store, built.app) : undefined;
    const before = built.store.calls.length;
    const request = supertest(built.app.callback()).get('/');
    const response = await (header ? request.set('Cookie', header) : request);
    return { ...built, response, calls: built.store.calls.slice(before) };
  };
  const lazy = await answer(true);
  return { lazy, plain: await answer(false) };
}

describe('sessionOnlyWithCookie', () => {
  it('leaves the session unmade for a cookieless request that does not use it: no store call, no cookie', async () => {
    const { lazy, plain } = await both((ctx) => {
      ctx.body = 'page';
    });
    expect(lazy.calls).to.deep.equal([]);
    expect(cookiesOf(lazy.response)).to.deep.equal([]);
    expect(cookiesOf(plain.response)).to.deep.equal([]);
    expect(lazy.seen).to.deep.equal([true]);
  });

  it('saves a session a cookieless request fills, as koa-session alone does', async () => {
    const { lazy, plain } = await both((ctx) => {
      (ctx.session as unknown as Record<string, unknown>).flash = 'hello';
      ctx.body = 'page';
    });
    expect(lazy.calls).to.deep.equal(['set id-1']);
    expect(lazy.calls).to.deep.equal(plain.calls);
    expect(cookiesOf(lazy.response)).to.deep.equal(cookiesOf(plain.response));
    expect(cookiesOf(lazy.response)[0]).to.match(/^test\.sid=id-1;/);
  });

  it('commits a regenerated session once more at the end, as koa-session alone does', async () => {
    const { lazy, plain } = await both(async (ctx) => {
      (ctx.session as unknown as Record<string, unknown>).user = 7;
      await ctx.session?.regenerate();
      (ctx.session as unknown as Record<string, unknown>).flash = 'in';
      ctx.body = 'page';
    });
    expect(lazy.calls).to.deep.equal(plain.calls);
    expect(cookiesOf(lazy.response)).to.deep.equal(cookiesOf(plain.response));
  });

  it('clears the cookie of a session set to null unread, as koa-session alone does', async () => {
    const { lazy, plain } = await both((ctx) => {
      ctx.session = null;
      ctx.body = 'page';
    });
    expect(lazy.calls).to.deep.equal(plain.calls);
    expect(cookiesOf(lazy.response)).to.deep.equal(cookiesOf(plain.response));
    expect(cookiesOf(lazy.response).some((line) => line.startsWith('test.sid=;'))).to.equal(true);
  });

  it('commits what a failing request changed, as koa-session alone does', async () => {
    const { lazy, plain } = await both((ctx) => {
      (ctx.session as unknown as Record<string, unknown>).flash = 'kept';
      ctx.throw(500);
    });
    expect(lazy.response.status).to.equal(500);
    expect(lazy.calls).to.deep.equal(['set id-1']);
    expect(lazy.calls).to.deep.equal(plain.calls);
  });

  it('loads the session of a request that carries the cookie, through koa-session', async () => {
    const logIn = async (store: NotingStore, app: Koa) => {
      const response = await supertest(app.callback()).get('/');
      expect(store.calls.at(-1)).to.match(/^set /);
      return cookiesOf(response)
        .map((line) => line.split(';')[0])
        .join('; ');
    };
    let filled = true;
    const { lazy, plain } = await both((ctx) => {
      const data = ctx.session as unknown as Record<string, unknown>;
      if (filled) data.user = 7;
      else ctx.body = String(data.user);
      ctx.body ??= 'filled';
    }, async (store, app) => {
      filled = true;
      const cookie = await logIn(store, app);
      filled = false;
      return cookie;
    });
    expect(lazy.calls).to.deep.equal(['get id-1']);
    expect(lazy.calls).to.deep.equal(plain.calls);
    expect(lazy.response.text).to.equal('7');
    expect(lazy.seen.at(-1)).to.equal(false);
  });

  it('no longer calls the session known to be empty once something has opened it', async () => {
    let after: boolean | null = null;
    const lazy = build(true, (ctx) => {
      void ctx.session;
      after = knownEmptySession(ctx);
      ctx.body = 'page';
    });
    const response = await supertest(lazy.app.callback()).get('/');
    expect(lazy.seen).to.deep.equal([true]);
    expect(after).to.equal(false);
    // Opened and left empty: nothing to save, as koa-session alone decides.
    expect(lazy.store.calls).to.deep.equal([]);
    expect(cookiesOf(response)).to.deep.equal([]);
  });
});
