// Spec 4.1: who the credential is.
import { callerOf, type TagHandlers } from '../../http/handler.ts';

export const identityHandlers: TagHandlers<'Identity'> = {
  getWhoami(context) {
    const caller = callerOf(context);
    const workspace = { id: caller.workspace.id, slug: caller.workspace.slug };
    if (caller.kind === 'api_key') {
      const { apiKey } = caller;
      return { body: { object: 'api_key', id: apiKey.id, name: apiKey.name, scopes: apiKey.scopes, workspace } };
    }
    // The route's security lists no `firstPartySession`: the pipeline never lets a session through.
    if (caller.kind === 'session') throw new Error('getWhoami reached with a web app session');
    const { accessToken } = caller;
    return {
      body: {
        object: 'access_token',
        id: accessToken.installationId,
        name: accessToken.appName,
        scopes: accessToken.scopes,
        workspace,
        app_id: accessToken.appId,
        installation_id: accessToken.installationId,
      },
    };
  },
};
