// An authorization code (spec 5.2 step 4): `svc_ac_...`, valid 10 minutes, single use. Its id is
// its value, so the token endpoint finds it at once in the client's workspace.
import type { components } from '../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../store/table-definition.ts';

export type AuthorizationCode = components['schemas']['OAuthCodeRecord'];

export const codeTable: TableDefinition<AuthorizationCode> = { document: 'mock-control', schema: 'OAuthCodeRecord' };
