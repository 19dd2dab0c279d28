import { hash, verify } from '@node-rs/argon2';

// The bound of the argon2id login storm: how many argon2id verifications with the
// app's default parameters (OWASP's m = 19 MiB, t = 2, p = 1) this machine completes
// per second with `concurrency` in flight, as the server would run them (async API,
// libuv's default pool). Usage: argon2id-bound.ts <concurrency> <seconds> <memoryKiB> <timeCost> <parallelism>.
// Counted as bcrypt-bound.ts counts. Prints one line of JSON:
// { "compares": n, "seconds": s, "perSecond": r, "cpuUsPerCompare": c }.
const [concurrency = 32, seconds = 10, memoryCost = 19_456, timeCost = 2, parallelism = 1] = process.argv
  .slice(2)
  .map(Number);
const password = 'bench-password-1';
const stored = await hash(password, { memoryCost, timeCost, parallelism });
// One verification first, so that the pool's threads exist before the clock starts.
await verify(stored, password);

let compares = 0;
let lastDone = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const deadline = started + seconds * 1000;
async function worker(): Promise<void> {
  while (performance.now() < deadline) {
    if (!(await verify(stored, password))) throw new Error('argon2 verify failed on its own hash');
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
