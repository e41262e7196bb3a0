// A refresh token (spec 5.2): `svc_rt_...`, valid 60 days, rotating. Its id is its value. Every
// token issued from one code shares `grant` (a reused code or a revoked refresh token takes the
// whole chain); `installation` finds them all when the app is uninstalled.
import type { components } from '../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../store/table-definition.ts';

export type RefreshToken = components['schemas']['OAuthRefreshTokenRecord'];

export const refreshTokenTable: TableDefinition<RefreshToken> = {
  document: 'mock-control',
  schema: 'OAuthRefreshTokenRecord',
  lookups: { grant: (token) => token.grant, installation: (token) => token.installation_id },
};
