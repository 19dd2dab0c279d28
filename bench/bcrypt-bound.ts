import bcrypt from 'bcrypt';
import { printCompareBound } from './compare-bound.js';

// The bound of the login storm: how many bcrypt compares of the app's cost this
// machine completes per second with `concurrency` in flight, as the server would
// run them (async API, libuv's default pool). Usage: bcrypt-bound.ts <concurrency> <seconds> <cost>.
// Prints one line of JSON (compare-bound.ts).
const [concurrency = 32, seconds = 10, cost = 10] = process.argv.slice(2).map(Number);
const password = 'bench-password-1';
const hash = await bcrypt.hash(password, cost);
await bcrypt.compare(password, hash);
await printCompareBound(concurrency, seconds, () => bcrypt.compare(password, hash));
