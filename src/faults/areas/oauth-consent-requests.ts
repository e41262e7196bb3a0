// Mutants of the authorization request and its consent (spec 5.2 steps 2 and 3): which
// redirect URIs are taken, and who decides on a consent request.
import { newSession, SESSION_COOKIE } from '../../auth/session.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { MockState } from '../../mock-state.ts';
import { workspaceOfConsentRequest } from '../../oauth/consent-requests.ts';
import { approvers } from '../../oauth/decide-consent.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { findApp } from '../../oauth/find-app.ts';
import type { Fault } from '../fault.ts';
import { onOperation, withQuery } from '../request-match.ts';

/** The workspace of a consent request, or undefined for one that is not (the handler refuses it). */
function workspaceOf(state: MockState, consentRequest: string): Workspace | undefined {
  try {
    return workspaceOfConsentRequest(state, consentRequest);
  } catch {
    return undefined;
  }
}

/** The member a consent form names: any member may deny, only an approver approve (decide-consent.ts, whose check stays). */
function namedMember(workspace: Workspace, memberId: string, decision: 'approve' | 'deny'): { id: string } | undefined {
  const members = decision === 'approve' ? approvers(workspace) : [...workspace.members.values()];
  return members.find((member) => member.id === normalizeId(memberId));
}

/** The consent form sent again, without the member it named, in a new hub session of that member. */
function asMember(state: MockState, request: Request, workspace: Workspace, memberId: string, form: URLSearchParams): Request {
  const session = newSession(workspace.id, memberId, workspace.now());
  state.addSession(session);
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('cookie', `${SESSION_COOKIE}=${session.token}`);
  return new Request(request.url, { method: 'POST', headers, body: form.toString() });
}

/** The redirect_uri sent read as a pattern: each `*` any text, the rest literal. */
function wildcardPattern(sent: string): RegExp {
  return new RegExp(
    `^${sent
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

export const oauthConsentRequestsMutants: readonly Fault[] = [
  {
    name: 'consent-form-names-member',
    area: 'oauth',
    proves: ['oauth.approval-by-owner-admin', 'oauth.consent-signed-in-member'],
    description:
      "The consent form's POST /oauth/authorize decides for whatever member_id it is sent, without a signed-in member: anyone who sees a consent request can approve it as the owner.",
    // Raw requests, not the handler seam: the pipeline refuses a POST without a session before any
    // handler runs, so the fault signs the named member in (a session of theirs) and the handler
    // decides as them, in the session's workspace transaction.
    wrap: (next, state) =>
      onOperation('submitConsent', async (inner, request, info) => {
        const form = new URLSearchParams(await request.clone().text());
        const [memberId, id, decision] = [form.get('member_id'), form.get('consent_request'), form.get('decision')];
        if (!memberId || !id || (decision !== 'approve' && decision !== 'deny')) return inner(request, info);
        const workspace = workspaceOf(state, id);
        const member = workspace && namedMember(workspace, memberId, decision);
        if (!workspace || !member) return inner(request, info);
        form.delete('member_id');
        return inner(asMember(state, request, workspace, member.id, form), info);
      })(next, state),
  },
  {
    name: 'authorize-redirect-wildcard-match',
    area: 'oauth',
    proves: ['oauth.redirect-uri-no-wildcards'],
    description:
      'The authorization endpoint matches redirect_uri as a pattern: a `*` in the one sent matches any text, so https://app.example/* (or a * for the host) is taken for the registered callback.',
    // The authorize handler reads the raw query (an invalid one is redirected, not refused): the fault changes the request.
    wrap: (next, state) =>
      onOperation('authorize', async (inner, request, info) => {
        const widened = withQuery(request, (query) => {
          const sent = query.get('redirect_uri');
          const app = sent?.includes('*') ? findApp(state, query.get('client_id') ?? '')?.app : undefined;
          if (app && sent && wildcardPattern(sent).test(app.redirect_uri)) query.set('redirect_uri', app.redirect_uri);
        });
        return inner(widened, info);
      })(next, state),
  },
];
