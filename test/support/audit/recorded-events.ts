import type { SecurityEvent, SecurityEvents } from '../../../src/application/shared/ports/security-events.js';

/** SecurityEvents that keep every event recorded, in order, for a use case's unit test to read back. */
export class RecordedEvents implements SecurityEvents {
  readonly recorded: SecurityEvent[] = [];

  record(event: SecurityEvent): Promise<void> {
    this.recorded.push(event);
    return Promise.resolve();
  }

  settled(): Promise<void> {
    return Promise.resolve();
  }

  /** The events of these types, in order. */
  of(...types: SecurityEvent['type'][]): SecurityEvent[] {
    return this.recorded.filter((event) => types.includes(event.type));
  }
}
