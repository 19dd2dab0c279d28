import bcrypt from 'bcrypt';

// The bound of the login storm: how many bcrypt compares of the app's cost this
// machine completes per second with `concurrency` in flight, as the server would
// run them (async API, libuv's default pool). Usage: bcrypt-bound.ts <concurrency> <seconds> <cost>.
// New compares start until the window closes; those in flight then still count, over
// the time until the last one ends. Prints one line of JSON:
// { "compares": n, "seconds": s, "perSecond": r, "cpuUsPerCompare": c }, c being the
// process's CPU time (every thread) per compare.
const [concurrency = 32, seconds = 10, cost = 10] = process.argv.slice(2).map(Number);
const password = 'bench-password-1';
const hash = await bcrypt.hash(password, cost);
// One compare first, so that the pool's threads exist before the clock starts.
await bcrypt.compare(password, hash);

let compares = 0;
let lastDone = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const deadline = started + seconds * 1000;
async function worker(): Promise<void> {
  while (performance.now() < deadline) {
    if (!(await bcrypt.compare(password, hash))) throw new Error('bcrypt.compare failed on its own hash');
    compares += 1;
    lastDone = performance.now();
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsed = (lastDone - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuUsPerCompare = (cpu.user + cpu.system) / compares;
const result = { compares, seconds: elapsed, perSecond: compares / elapsed, cpuUsPerCompare };
process.stdout.write(`${JSON.stringify(result)}\n`);
