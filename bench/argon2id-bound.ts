import { hash, verify } from '@node-rs/argon2';
import { printCompareBound } from './compare-bound.js';

// The bound of the argon2id login storm: how many argon2id verifications with the
// app's default parameters (OWASP's m = 19 MiB, t = 2, p = 1) this machine completes
// per second with `concurrency` in flight, as the server would run them (async API,
// libuv's default pool). Usage: argon2id-bound.ts <concurrency> <seconds> <memoryKiB> <timeCost> <parallelism>.
// Prints one line of JSON (compare-bound.ts).
const [concurrency = 32, seconds = 10, memoryCost = 19_456, timeCost = 2, parallelism = 1] = process.argv
  .slice(2)
  .map(Number);
const password = 'bench-password-1';
const stored = await hash(password, { memoryCost, timeCost, parallelism });
await verify(stored, password);
await printCompareBound(concurrency, seconds, () => verify(stored, password));
