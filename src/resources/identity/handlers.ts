// Spec 4.1: who the credential is.
import { callerOf, type HandlerMap } from '../../http/handler.ts';

export const identityHandlers: HandlerMap = {
  getWhoami(context) {
    const { apiKey, workspace } = callerOf(context);
    return {
      body: {
        object: 'api_key',
        id: apiKey.id,
        name: apiKey.name,
        scopes: apiKey.scopes,
        workspace: { id: workspace.id, slug: workspace.slug },
      },
    };
  },
};
