import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { type AppProcess, startApp } from '../support/app-process.js';

const TOKEN = 'workers-metrics-token-0123456789';

/** A request over a new connection each time (no keep-alive), so the cluster may hand it to any worker. */
function get(port: number, path: string, headers: Record<string, string> = {}, form?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const method = form === undefined ? 'GET' : 'POST';
    const sent = form === undefined ? headers : { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
    const req = request({ host: '127.0.0.1', port, path, method, agent: false, headers: sent }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(form);
  });
}

/** The value of one sample of a scrape's text, 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const HOME = 'gatehouse_http_request_duration_seconds_count{method="GET",route="/",status="200"}';

describe('METRICS=on with WEB_CONCURRENCY=2', () => {
  let dir: string;
  let app: AppProcess & { port: number };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-workers-metrics-'));
    app = await startApp({
      DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`,
      WEB_CONCURRENCY: '2',
      METRICS: 'on',
      METRICS_TOKEN: TOKEN,
      // Nothing listens there: a queued message stays pending, to be tried again later.
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    await app.waitForLine((line) => line.msg === 'listening' && line.pid !== app.lines.find((l) => l.msg === 'listening')?.pid);
  });
  after(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGKILL');
      await app.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every scrape, whichever worker gets it, with the sum of both workers', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    // A sign-up queues one message (the address's verification), which cannot be sent here.
    expect((await get(app.port, '/signup', {}, 'email=ada%40example.com&password=analytical+engine')).status).to.equal(302);
    const pages = 20;
    for (let n = 0; n < pages; n += 1) expect((await get(app.port, '/')).status).to.equal(200);
    // Access lines go out in batches: wait until both workers have answered a page.
    const first = await app.waitForLine((line) => line.path === '/');
    await app.waitForLine((line) => line.path === '/' && line.pid !== first.pid);

    const scrapes = [];
    for (let n = 0; n < 6; n += 1) scrapes.push(await get(app.port, '/metrics', auth));
    for (const scrape of scrapes) {
      expect(scrape.status).to.equal(200);
      expect(sample(scrape.text, HOME)).to.equal(pages);
    }
    // The mail queue is one outbox, read by each worker: the largest reading, not twice it.
    expect(sample(scrapes[0]?.text ?? '', 'gatehouse_mail_queue_messages{state="pending"}')).to.equal(1);
    expect((await get(app.port, '/metrics')).status).to.equal(401);

    app.child.kill('SIGTERM');
    expect(await app.exited).to.equal(0);
  });
});
