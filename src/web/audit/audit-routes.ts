import type { ListAccountActivity } from '../../application/audit/list-account-activity.js';
import { loginRequired } from '../shared/gates.js';
import { readOnly } from '../shared/read-only.js';
import type { WebFeature } from '../shared/web-feature.js';
import { showActivity } from './activity-controller.js';

/** The use cases of the activity page. */
export interface AuditServices {
  /** An account's security events, newest first (/account/activity). */
  readonly listAccountActivity: ListAccountActivity;
}

/** The account's activity page. */
export function auditWeb(services: AuditServices): WebFeature {
  return {
    name: 'audit',
    routes(router) {
      router.all('/account/activity', loginRequired, readOnly, showActivity(services.listAccountActivity));
    },
  };
}
