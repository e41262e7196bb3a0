// The leads family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { leadBoard } from './board.ts';
import { createLeadCheck } from './create.ts';
import { leadListFilters } from './list-filters.ts';
import { noPipeline } from './no-pipeline.ts';
import { leadScopes } from './scopes.ts';
import { leadSubRoutes } from './sub-routes.ts';
import { updateLeadCheck } from './update.ts';
import { workspaceCurrency } from './workspace-currency.ts';

export const leadsChecks: Check[] = [
  createLeadCheck,
  workspaceCurrency,
  updateLeadCheck,
  leadListFilters,
  leadBoard,
  leadSubRoutes,
  leadScopes,
  noPipeline,
];
