// Mutants of the authentication rules (spec 4.1, 5.1): each is a bug another team's API gateway
// might ship, acting through the handler seams by operationId; the input family's whoami check
// and the forms family's checks of the public form routes must catch it.
import { credentialError } from '../../auth/credential-problems.ts';
import type { Fault } from '../fault.ts';
import { retryAsOwner } from '../owner-key.ts';
import { onOperation } from '../request-match.ts';
import { alterResult } from './handler-answer.ts';

export const authMutants: Fault[] = [
  {
    name: 'whoami-workspace-without-slug',
    area: 'auth',
    proves: ['auth.whoami-shape'],
    description: "whoami shows the key's workspace as {id} without its slug (spec 4.1: workspace {id, slug}).",
    operations: ['getWhoami'],
    aroundHandler: async (next) => alterResult(await next(), (body) => ({ ...body, workspace: { id: body.workspace?.id } })),
  },
  {
    name: 'whoami-answers-owner-key',
    area: 'auth',
    proves: ['auth.whoami-own-key'],
    description:
      "whoami looks the key up by its workspace, not by its value: every key of a workspace is answered with the owner key's id and scopes (spec 4.1).",
    wrap: (next, state) =>
      onOperation('getWhoami', async (next, request, info) => {
        const copy = request.clone();
        const response = await next(request, info);
        return response.ok ? retryAsOwner(state, next, copy, response) : response;
      })(next, state),
  },
  {
    name: 'whoami-scopes-as-constants',
    area: 'auth',
    proves: ['auth.named-scopes'],
    description:
      "whoami lists scopes by the server's constant names (LEADS_READ, MESSAGES_SEND), not by the names of spec 5.1 (leads:read).",
    operations: ['getWhoami'],
    aroundHandler: async (next) =>
      alterResult(await next(), (body) => ({
        ...body,
        scopes: (body.scopes ?? []).map((scope: string) => scope.replace(':', '_').toUpperCase()),
      })),
  },
  {
    name: 'form-config-behind-auth',
    area: 'auth',
    proves: ['auth.public-forms-no-credentials', 'forms.no-credentials'],
    description:
      "The public form configuration route sits behind the API's credential check: without a bearer it answers 401 invalid_token (spec 5.1: public form endpoints need no credentials).",
    operations: ['getFormConfig'],
    aroundHandler: async (next, context) => {
      if (!context.request.headers.get('authorization')) throw credentialError('missing');
      return next();
    },
  },
];
