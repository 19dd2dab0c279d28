/** What a bound script prints, as one line of JSON. */
export interface BoundResult {
  readonly compares: number;
  readonly seconds: number;
  readonly perSecond: number;
  /** The process's CPU time (every thread) per compare. */
  readonly cpuUsPerCompare: number;
}

/**
 * Runs `compare` with `concurrency` in flight for `seconds` and prints the result as
 * one line of JSON. New compares start until the window closes; those in flight then
 * still count, over the time until the last one ends. Call `compare` once before, so
 * that the pool's threads exist before the clock starts.
 */
export async function printCompareBound(
  concurrency: number,
  seconds: number,
  compare: () => Promise<boolean>,
): Promise<void> {
  let compares = 0;
  let lastDone = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  async function worker(): Promise<void> {
    while (performance.now() < deadline) {
      if (!(await compare())) throw new Error('a compare failed on its own hash');
      compares += 1;
      lastDone = performance.now();
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (lastDone - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const result: BoundResult = {
    compares,
    seconds: elapsed,
    perSecond: compares / elapsed,
    cpuUsPerCompare: (cpu.user + cpu.system) / compares,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
