import type { SecurityEvent, SecurityEvents } from '../../../src/application/shared/ports/security-events.js';

/** SecurityEvents that keep every event recorded, in order, for a test to read. */
export interface RecordingSecurityEvents extends SecurityEvents {
  readonly recorded: SecurityEvent[];
}

/** A fresh recorder of security events, which stores nothing and logs nothing. */
export function recordingSecurityEvents(): RecordingSecurityEvents {
  const recorded: SecurityEvent[] = [];
  return {
    recorded,
    record: async (event) => void recorded.push(event),
    settled: async () => {},
  };
}
