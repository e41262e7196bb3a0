import type { ActiveCheck } from '../../check.ts';
import { needClient, oauthPost, unknownValue } from '../../kits/oauth-kit.ts';

export const revokeUnknownToken: ActiveCheck = {
  kind: 'active',
  id: 'oauth.revoke-unknown-token',
  area: 'oauth',
  title: 'revoking a token nobody issued answers 200 with an empty object',
  spec: '5.2',
  basis: 'documented',
  writes: false,
  async run(context) {
    const client = needClient(context);
    for (const token of [unknownValue('svc_at_'), unknownValue('svc_rt_')]) {
      const revoked = await oauthPost(context, '/oauth/revoke', { token }, { client });
      context.expectStatus(revoked, 200);
      if (!revoked.json || typeof revoked.json !== 'object' || Object.keys(revoked.json).length !== 0)
        context.fail('revoke answered something other than {}', revoked);
    }
  },
};
