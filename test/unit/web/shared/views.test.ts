import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import Koa from 'koa';
import supertest from 'supertest';
import { chooseLocale } from '../../../../src/web/shared/locale.js';
import { pageViews, renderPage } from '../../../../src/web/shared/views.js';
import { englishTranslations } from '../../../support/english.js';

/** An app that renders `view` with `locals`, as a controller does; logged in when `?as=<id>`. */
function appRendering(dir: string, production: boolean, view: string, locals: Record<string, unknown> = {}): Koa {
  const app = new Koa();
  app.silent = true; // a missing template's 500 is expected here
  app.use(pageViews(dir, production));
  // Every page speaks the request's language: English here.
  app.use(chooseLocale(englishTranslations));
  app.use(async (ctx) => {
    if (typeof ctx.query.as === 'string') ctx.state.user = { id: Number(ctx.query.as) };
    await renderPage(ctx, view, locals);
  });
  return app;
}

describe('pageViews', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-views-'));
    writeFileSync(join(dir, 'hello.pug'), 'p Hello #{name}');
    writeFileSync(join(dir, 'locals.pug'), 'p= `${user} ${isAdmin} ${path} ${messageSuccess} ${messageFailure}`');
    mkdirSync(join(dir, 'mail'));
    writeFileSync(join(dir, 'mail', 'note.pug'), 'p Note');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renders a template by name with its locals, escaping them, as text/html in UTF-8', async () => {
    const page = await supertest(appRendering(dir, true, 'hello', { name: '<Ada>' }).callback()).get('/').expect(200);

    expect(page.text).to.equal('<p>Hello &lt;Ada&gt;</p>');
    expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
  });

  it('renders a template in a folder by its path', async () => {
    const page = await supertest(appRendering(dir, true, 'mail/note').callback()).get('/').expect(200);

    expect(page.text).to.equal('<p>Note</p>');
  });

  it('gives every page `user` as a boolean, even though passport keeps its user object on ctx.state.user', async () => {
    const app = appRendering(dir, true, 'locals').callback();

    expect((await supertest(app).get('/here?as=7').expect(200)).text).to.equal('<p>true false /here null null</p>');
    expect((await supertest(app).get('/here').expect(200)).text).to.equal('<p>false false /here null null</p>');
  });

  it('lets a page say that the user is an admin', async () => {
    const page = await supertest(appRendering(dir, true, 'locals', { isAdmin: true }).callback()).get('/?as=1');

    expect(page.text).to.equal('<p>true true / null null</p>');
  });

  it('in production compiles a template once and keeps it: an edited file does not show', async () => {
    const app = appRendering(dir, true, 'hello', { name: 'Ada' }).callback();
    expect((await supertest(app).get('/')).text).to.equal('<p>Hello Ada</p>');

    writeFileSync(join(dir, 'hello.pug'), 'h1 Hi #{name}');

    expect((await supertest(app).get('/')).text).to.equal('<p>Hello Ada</p>');
  });

  it('elsewhere compiles on each render, so an edited template shows at once', async () => {
    const app = appRendering(dir, false, 'hello', { name: 'Ada' }).callback();
    expect((await supertest(app).get('/')).text).to.equal('<p>Hello Ada</p>');

    writeFileSync(join(dir, 'hello.pug'), 'h1 Hi #{name}');

    expect((await supertest(app).get('/')).text).to.equal('<h1>Hi Ada</h1>');
  });

  it('fails the request for a name it has no template for', async () => {
    await supertest(appRendering(dir, true, 'nowhere').callback()).get('/').expect(500);
    await supertest(appRendering(dir, false, 'nowhere').callback()).get('/').expect(500);
  });

  it('renders each of many pages in flight at once into its own response', async () => {
    const app = appRendering(dir, true, 'locals').callback();

    const pages = await Promise.all(['/a', '/b', '/c', '/d'].map((path) => supertest(app).get(path).expect(200)));

    expect(pages.map((page) => page.text)).to.deep.equal(
      ['/a', '/b', '/c', '/d'].map((path) => `<p>false false ${path} null null</p>`),
    );
  });
});
