import type { GetMailStatusResult } from '../application/mail/get-mail-status.js';
import type { RetryFailedMailResult } from '../application/mail/retry-failed-mail.js';

/** `mail status`: the pending count with the oldest one's wait, then the failed count. */
export function mailStatusLines(status: GetMailStatusResult): string[] {
  const waiting = status.oldestPendingAgeMs === null ? '' : ` (the oldest has waited ${age(status.oldestPendingAgeMs)})`;
  const retry = status.failed > 0 ? ' (npm run cli -- mail retry queues them again)' : '';
  return [`Pending: ${status.pending}${waiting}`, `Failed: ${status.failed}${retry}`];
}

/** `mail retry`: how many failed messages were queued again. */
export function mailRetryLine(result: RetryFailedMailResult): string {
  if (result.requeued === 0) return 'No failed messages to queue again.';
  return `Queued ${result.requeued} failed message(s) again.`;
}

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
function age(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (minutes < 1) return `${seconds} s`;
  if (hours < 1) return `${minutes} min`;
  if (days < 1) return `${hours} h ${minutes % 60} min`;
  return `${days} d ${hours % 24} h`;
}
