/** The text of one scrape of /metrics, and its content type. */
export interface MetricsScrape {
  readonly contentType: string;
  readonly text: string;
}

/** Where the web app counts its requests, and what /metrics answers with (METRICS=on). */
export interface RequestMetrics {
  /**
   * One answered request: its method, its route (a pattern the app declares, such as
   * `/users/:id`, never the path as sent, so the series stay few), its status and how
   * long it took, in seconds. Called once per request: it must be cheap and never throw.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Every series, in Prometheus' text format. */
  scrape(): Promise<MetricsScrape>;
}

/** The metrics as the web app serves them: what it reports to, and the token a scrape must send. */
export interface WebMetrics {
  readonly requests: RequestMetrics;
  /** METRICS_TOKEN: when set, a scrape sends `Authorization: Bearer <token>`. */
  readonly token: string | null;
}
