import { readFileSync } from 'node:fs';
import Koa from 'koa';

// The yardstick of `npm run bench`: Koa answering the app's home page from memory,
// with no session, router, template or database. Usage: bare-koa.ts <html-file>, PORT in the environment.
const html = readFileSync(process.argv[2] ?? '', 'utf8');
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'html';
  ctx.body = html;
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close());
