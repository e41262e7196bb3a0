// The webhooks family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { channelFilter } from './channel-filter.ts';
import { createAndRead } from './create-and-read.ts';
import { deliveryHeaders } from './delivery-headers.ts';
import { deliveryLog } from './delivery-log.ts';
import { eventFilters } from './event-filters.ts';
import { eventPatterns } from './event-patterns.ts';
import { ping } from './ping.ts';
import { failureStreak } from './failure-streak.ts';
import { goneAndEnable } from './gone-and-enable.ts';
import { manageScope } from './manage-scope.ts';
import { planLimit } from './plan-limit.ts';
import { redirectOtherHost } from './redirect-other-host.ts';
import { redirects } from './redirects.ts';
import { replay } from './replay.ts';
import { resendWindow } from './resend-window.ts';
import { retryKeepsIds } from './retry-keeps-ids.ts';
import { retrySchedule } from './retry-schedule.ts';
import { rotateSecret } from './rotate-secret.ts';
import { signature } from './signature.ts';
import { timestamp } from './timestamp.ts';
import { urlRules } from './url-rules.ts';

export const webhooksChecks: Check[] = [
  createAndRead,
  manageScope,
  deliveryHeaders,
  signature,
  timestamp,
  ping,
  eventPatterns,
  eventFilters,
  channelFilter,
  deliveryLog,
  retryKeepsIds,
  replay,
  rotateSecret,
  redirects,
  redirectOtherHost,
  goneAndEnable,
  urlRules,
  retrySchedule,
  failureStreak,
  resendWindow,
  planLimit,
];
