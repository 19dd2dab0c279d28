/**
 * pino's `timestamp` option: `,"time":"<ISO 8601>"`, as `pino.stdTimeFunctions.isoTime`
 * writes it, with the formatted text kept for the millisecond it belongs to. Under
 * load several lines share a millisecond, and formatting the date is the largest
 * single cost of writing an access line.
 */
export function cachedIsoTime(clock: () => number = Date.now): () => string {
  let lastMs = Number.NaN;
  let lastText = '';
  return () => {
    const now = clock();
    if (now !== lastMs) {
      lastMs = now;
      lastText = `,"time":"${new Date(now).toISOString()}"`;
    }
    return lastText;
  };
}
