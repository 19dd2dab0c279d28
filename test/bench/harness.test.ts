import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { BenchOptions } from '../../bench/options.js';
import { type BenchReport, markdownTable } from '../../bench/report.js';
import { runBench } from '../../bench/run-bench.js';

// Runs the whole `npm run bench` harness for a blink, so it cannot rot unnoticed.
// It asserts what each scenario did, never how fast: speed lives in `npm run bench`.
// The seeding of the users table is checked row by row in seed.test.ts.
describe('npm run bench (a tiny run)', function () {
  // Two servers start and every scenario runs for 2 s: half a minute, more on a busy machine.
  this.timeout(120_000);
  let resultsDir: string;
  let report: BenchReport;
  const progress: string[] = [];

  before(async () => {
    resultsDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-test-'));
    const options: BenchOptions = {
      // Long enough that a loaded machine still completes requests in every scenario.
      duration: 2,
      warmup: 0,
      users: 300,
      accounts: 20,
      connections: 2,
      loginConnections: 4,
      rememberedLogins: 40,
      codeLogins: 20,
      providerLogins: 10,
      db: null,
      redis: null,
      server: 'tsx',
      cpuProf: false,
      resultsDir,
      progress: (line) => progress.push(line),
    };
    report = await runBench(options);
  });

  after(() => rmSync(resultsDir, { recursive: true, force: true }));

  it('answers every page scenario with 200 only', () => {
    const loads = { bareKoa: report.bareKoa, home: report.home, profile: report.profile, admin: report.admin, usersFirstPage: report.usersFirstPage };
    for (const [name, load] of Object.entries(loads)) {
      expect(load.requests, `${name}: ${JSON.stringify(load)}`).to.be.greaterThan(0);
      expect(load.failures, JSON.stringify(load.statusCodes)).to.equal(0);
    }
    expect(report.usersDeepPage.failures).to.equal(0);
    for (const search of Object.values(report.usersSearch)) {
      expect(search.requests, search.query).to.be.greaterThan(0);
      expect(search.failures, JSON.stringify(search.statusCodes)).to.equal(0);
    }
    expect(report.homeDuringLogins.failures).to.equal(0);
    expect(report.argon2id.homeDuringLogins.failures).to.equal(0);
  });

  it('answers every "Forgot your password?" request, known address or not, with the redirect to /login', () => {
    expect(report.providerLogin.logins).to.equal(10);
    expect(report.providerLogin.failures).to.equal(0);
    expect(report.forgotPassword.requests).to.be.greaterThan(0);
    expect(report.forgotPassword.failures).to.equal(0);
    expect(report.forgotPassword.knownP50Ms).to.be.greaterThan(0);
    expect(report.forgotPassword.unknownP50Ms).to.be.greaterThan(0);
  });

  it('logs a remembered device in, and rotates its cookie, with every request of scenario 12, from a known device', () => {
    expect(report.rememberedLogin.requests).to.equal(40);
    expect(report.rememberedLogin.rotations).to.equal(40);
    // The remembered browser sends its device cookie, as a real one does: no login of it is from a new device.
    expect(report.rememberedLogin.newDeviceAlerts).to.equal(0);
    expect(report.rememberedLogin.failures, JSON.stringify(report.rememberedLogin.statusCodes)).to.equal(0);
  });

  it('logs in by emailed code (a redirect to /), a fresh code each, with every request of scenario 14', () => {
    expect(report.codeLogin.requests).to.equal(20);
    expect(report.codeLogin.logins, JSON.stringify(report.codeLogin.statusCodes)).to.equal(20);
    expect(report.codeLogin.failures, JSON.stringify(report.codeLogin.statusCodes)).to.equal(0);
    expect(report.codeLogin.cpuUsPerRequest).to.be.greaterThan(0);
  });

  it('logs in for real (a redirect to /) with every request of the login storm', () => {
    expect(report.login.warmupLogins).to.equal(8);
    expect(report.login.logins).to.be.greaterThan(0);
    expect(report.login.failures, JSON.stringify(report.login.statusCodes)).to.equal(0);
    expect(report.bcryptBound.compares).to.be.greaterThan(0);
    expect(report.bcryptBound.cpuUsPerCompare).to.be.greaterThan(0);
    expect(report.login.cpuUsPerRequest).to.be.greaterThan(0);
  });

  it('logs in for real with every request of the storm on a server with PASSWORD_HASHER=argon2id', () => {
    expect(report.argon2id.parameters).to.deep.equal({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
    expect(report.argon2id.login.warmupLogins).to.equal(8);
    expect(report.argon2id.login.logins).to.be.greaterThan(0);
    expect(report.argon2id.login.failures, JSON.stringify(report.argon2id.login.statusCodes)).to.equal(0);
    expect(report.argon2id.bound.compares).to.be.greaterThan(0);
    expect(report.argon2id.bound.cpuUsPerCompare).to.be.greaterThan(0);
    expect(report.argon2id.login.cpuUsPerRequest).to.be.greaterThan(0);
  });

  it('reads the peak memory and start-up time of both servers', () => {
    expect(report.server.peakRssMb).to.be.greaterThan(0);
    expect(report.server.startupMs).to.be.greaterThan(0);
    expect(report.argon2id.server.peakRssMb).to.be.greaterThan(0);
    expect(report.argon2id.server.startupMs).to.be.greaterThan(0);
  });

  it('prints one markdown table with a row per scenario and a met or missed verdict for each of the twelve targets', () => {
    const table = markdownTable(report);
    const rows = table.split('\n').filter((line) => /^\| (\d+[abc]?) \|/.test(line));
    expect(rows.map((line) => line.split('|')[1]?.trim())).to.deep.equal([
      '0',
      '1',
      '2',
      '3',
      '4',
      '4b',
      '5',
      '6a',
      '6b',
      '12',
      '14',
      '7',
      '8',
      '8b',
      '9',
      '10',
      '11',
      '13a',
      '13b',
      '13c',
      '15',
    ]);
    expect(table.match(/ (met|\*\*missed\*\*)/g)).to.have.length(12);
  });

  it('writes the JSON result and shows progress', () => {
    const files = readdirSync(resultsDir).filter((name) => name.endsWith('.json'));
    expect(files).to.have.length(1);
    const stored = JSON.parse(readFileSync(join(resultsDir, files[0] ?? ''), 'utf8')) as BenchReport;
    expect(stored.login.logins).to.equal(report.login.logins);
    expect(progress.some((line) => line.startsWith('[14/14]'))).to.equal(true);
  });
});
