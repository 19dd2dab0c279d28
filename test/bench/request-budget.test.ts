import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { projectRoot } from '../../src/infrastructure/project-root.js';

const run = promisify(execFile);

/** The rows of one page's table in the budget's report: item → calls per request. */
function callsOn(report: string, page: string): Map<string, number> {
  const section = report.split('\n\n').find((part) => part.startsWith(page)) ?? '';
  const rows = new Map<string, number>();
  for (const match of section.matchAll(/^\| (.+?) \| [\d.]+ \| ([\d.]+) \|$/gm)) {
    rows.set((match[1] ?? '').trim(), Number(match[2]));
  }
  return rows;
}

// Runs bench/request-budget.ts for a blink, so it cannot rot unnoticed; it asserts what
// the pages did (the store calls each made), never how fast.
describe('bench/request-budget.ts (a tiny run)', function () {
  this.timeout(120_000);
  let report: string;

  before(async () => {
    const args = ['--import', 'tsx', 'bench/request-budget.ts', '--requests', '20', '--rounds', '1'];
    const { stderr } = await run(process.execPath, args, { cwd: projectRoot(), maxBuffer: 1 << 24 });
    report = stderr;
  });

  it('charges every middleware of the production chain, on each of the three pages', () => {
    for (const page of ['GET / (anonymous, no cookie)', 'GET /users/profile', 'GET /admin']) {
      const rows = callsOn(report, page);
      expect(rows.get('middleware request log'), page).to.equal(1);
      expect(rows.get('middleware router: gates, controller, render'), page).to.equal(1);
      expect(rows.get('render (koa-views, pug)'), page).to.equal(1);
    }
  });

  it('shows one session read and one user read per logged-in page, no session write, and no store call without a cookie', () => {
    for (const page of ['GET /users/profile', 'GET /admin']) {
      const rows = callsOn(report, page);
      expect(rows.get('session storage.find'), page).to.equal(1);
      expect(rows.get('users.findById'), page).to.equal(1);
      for (const write of ['insert', 'update', 'touch', 'destroy']) expect(rows.has(`session storage.${write}`), page).to.equal(false);
    }
    const anonymous = [...callsOn(report, 'GET / (anonymous, no cookie)').keys()];
    expect(anonymous.filter((item) => item.startsWith('session storage.') || item.startsWith('users.'))).to.deep.equal([]);
  });
});
