// Every check of the suite, one per file, by family (each family's own index keeps its order).
// Active checks run in this order; observers (the responses family) judge every exchange at the end.
import type { Check } from '../check.ts';
import { conversationsChecks } from './conversations/index.ts';
import { eventsChecks } from './events/index.ts';
import { formsChecks } from './forms/index.ts';
import { inputChecks } from './input/index.ts';
import { leadsChecks } from './leads/index.ts';
import { limitsChecks } from './limits/index.ts';
import { oauthChecks } from './oauth/index.ts';
import { pagingChecks } from './paging/index.ts';
import { queryChecks } from './query/index.ts';
import { recordsChecks } from './records/index.ts';
import { responsesChecks } from './responses/index.ts';
import { stateChecks } from './state/index.ts';
import { webhooksChecks } from './webhooks/index.ts';

export const ALL_CHECKS: Check[] = [
  ...inputChecks,
  ...pagingChecks,
  ...stateChecks,
  ...leadsChecks,
  ...queryChecks,
  ...recordsChecks,
  ...conversationsChecks,
  ...eventsChecks,
  ...webhooksChecks,
  // The forms family's token check moves a mock's clock a day on.
  ...formsChecks,
  // The OAuth family's refresh check uninstalls the suite's app (spec 5.2).
  ...oauthChecks,
  // Limits set on a mock (rate, concurrency, read-only) are lifted by each check, but run last all the same.
  ...limitsChecks,
  ...responsesChecks,
];
