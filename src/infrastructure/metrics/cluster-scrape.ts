import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** A worker asks the primary for every worker's series. */
const SCRAPE_REQUEST = 'gatehouse:metrics-scrape';
/** The primary's answer to one scrape. */
const SCRAPE_ANSWER = 'gatehouse:metrics-answer';

/** How long a worker waits for the primary to gather every worker's series (prom-client waits 5 s for each). */
const SCRAPE_TIMEOUT_MS = 10_000;

interface ScrapeRequest {
  readonly type: typeof SCRAPE_REQUEST;
  readonly id: number;
}

interface ScrapeAnswer {
  readonly type: typeof SCRAPE_ANSWER;
  readonly id: number;
  readonly contentType?: string;
  readonly text?: string;
  readonly error?: string;
}

/** What a scrape answers with. */
export interface Scrape {
  readonly contentType: string;
  readonly text: string;
}

/**
 * In the primary of WEB_CONCURRENCY > 1 (METRICS=on): answers a worker's scrape with
 * the series of every worker, added up by prom-client's AggregatorRegistry (counters
 * and histograms summed, each gauge as its metric says). The primary serves nothing
 * itself: a scrape reaches whichever worker the cluster hands the connection to, and
 * that worker asks here.
 */
export function answerWorkerScrapes(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage<ScrapeRequest>(message, SCRAPE_REQUEST)) return;
    const { id } = message;
    aggregator.clusterMetrics().then(
      (text) => send(worker, { type: SCRAPE_ANSWER, id, contentType: aggregator.contentType, text }),
      (error: unknown) => send(worker, { type: SCRAPE_ANSWER, id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * In a worker: offers this worker's `registry` to the primary's aggregation, and gives
 * the scrape that asks the primary for every worker's series.
 */
export function scrapeThroughPrimary(registry: Registry): () => Promise<Scrape> {
  AggregatorRegistry.setRegistries(registry);
  // Constructed in a worker, it answers the primary's requests for this worker's series.
  new AggregatorRegistry();
  const waiting = new Map<number, (answer: ScrapeAnswer) => void>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (isMessage<ScrapeAnswer>(message, SCRAPE_ANSWER)) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise<Scrape>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer the metrics scrape in time'));
      }, SCRAPE_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined && answer.contentType !== undefined) {
          resolve({ contentType: answer.contentType, text: answer.text });
        } else reject(new Error(`metrics scrape failed in the primary: ${answer.error ?? 'no answer'}`));
      });
      process.send?.({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
    });
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

function send(worker: Worker, answer: ScrapeAnswer): void {
  // A worker that died meanwhile has nobody waiting.
  if (worker.isConnected()) worker.send(answer);
}
