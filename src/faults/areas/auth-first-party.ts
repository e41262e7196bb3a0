// Mutants of first-party access (spec 5.1): what an API key may reach that an app
// may not.
import { type Fault } from '../fault.ts';
import { firstPartyGuardForgotten } from '../record-requests.ts';

export const authFirstPartyMutants: readonly Fault[] = [
  {
    name: 'member-deactivate-takes-keys',
    area: 'auth',
    proves: ['auth.first-party-only', 'members.deactivate-refuses-keys'],
    description:
      "POST /v1/members/{id}/deactivate forgot the first-party guard: an API key deactivates members as the key's member (spec 4.6, 5.1: first-party web app only).",
    wrap: firstPartyGuardForgotten(['deactivateMember']),
  },
];
