// The records family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { companies } from './companies.ts';
import { contactChanges } from './contact-changes.ts';
import { contactLimits } from './contact-limits.ts';
import { contactList } from './contact-list.ts';
import { contactValues } from './contact-values.ts';
import { customValues } from './custom-values.ts';
import { fieldList } from './field-list.ts';
import { firstPartyRoutes } from './first-party-routes.ts';
import { membersTeams } from './members-teams.ts';
import { products } from './products.ts';
import { routeScopes } from './route-scopes.ts';

export const recordsChecks: Check[] = [
  contactValues,
  contactLimits,
  contactChanges,
  contactList,
  companies,
  products,
  fieldList,
  customValues,
  membersTeams,
  firstPartyRoutes,
  routeScopes,
];
