// The hub's pages (spec 5.2 step 3): the consent page a person approves or denies an app on, and
// the error page shown when the browser cannot be sent back to the app. The decision is made by
// the member signed in to the hub (the `svc_session` cookie), never by a member the form names:
// when nobody is signed in, the page shows the sign-in form (sign-in-page.ts), which comes back here.
import type { Language } from '../errors/messages.ts';
import type { App } from '../resources/apps/app-record.ts';
import type { Member } from '../workspaces/member.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { ConsentRequest } from './consent-request-record.ts';
import { escapeHtml, page } from './hub-page.ts';
import { signInForm } from './sign-in-page.ts';

const SCOPE_LABELS: Record<string, string> = {
  'leads:read': 'See leads',
  'leads:write': 'See, create and change leads',
  'contacts:read': 'See contacts',
  'contacts:write': 'See, create and change contacts',
  'companies:read': 'See companies',
  'companies:write': 'See, create and change companies',
  'users:read': 'See the members and teams of the workspace',
  'products:read': 'See the product catalog',
  'products:write': 'See and change the product catalog',
  'messages:read': 'Read conversations and messages (they contain personal data)',
  'messages:send': 'Send messages to clients',
  'conversations:manage': 'Assign, resolve and snooze conversations',
  'notes:write': 'Add notes',
  'tasks:read': 'See tasks',
  'tasks:write': 'See, create and change tasks',
  'tags:manage': 'Create, rename and delete tags',
  'webhooks:manage': 'Manage webhooks',
  'ui:extend': 'Add blocks and frames to the web app',
  'channels:provide': 'Provide messaging channels',
  'telephony:provide': 'Provide telephony',
};

/** `signedIn`: the member signed in to the hub, if any; `here`: this page's path and query, where signing in comes back to. */
export type ConsentView = {
  app: App;
  workspace: Workspace;
  consent: ConsentRequest;
  approvers: Member[];
  signedIn: Member | undefined;
  here: string;
};

export function consentPage(input: ConsentView): string {
  const { app, workspace, consent, approvers } = input;
  const scopes = consent.scopes
    .map((scope) => `<li>${escapeHtml(SCOPE_LABELS[scope] ?? scope)} <code>${escapeHtml(scope)}</code></li>`)
    .join('');
  const title = `Allow ${app.name} to access ${workspace.name}?`;
  return page(
    title,
    `
    <h1>Allow <strong>${escapeHtml(app.name)}</strong> to access <strong>${escapeHtml(workspace.name)}</strong>?</h1>
    <p>The app asks to:</p>
    <ul class="scopes">${scopes}</ul>
    ${input.signedIn ? '' : `<fieldset><legend>Sign in to decide</legend>${signInForm(input.here)}</fieldset>`}
    <form method="post" action="/oauth/authorize">
      <input type="hidden" name="consent_request" value="${escapeHtml(consent.id)}">
      ${whoDecides(input)}
      <div class="actions">
        <button id="consent-approve" type="submit" name="decision" value="approve"${approvers.length ? '' : ' disabled'}>Approve</button>
        <button id="consent-deny" type="submit" name="decision" value="deny">Deny</button>
      </div>
    </form>
    <p class="note">Either way you go back to ${escapeHtml(new URL(consent.redirect_uri).origin)}. This request is valid for 15 minutes.</p>`,
  );
}

function whoDecides({ workspace, approvers, signedIn }: ConsentView): string {
  if (!approvers.length) return '<p>No active owner or admin can approve apps in this workspace; you can only deny.</p>';
  const as = signedIn ? `You are signed in as ${escapeHtml(signedIn.name)} (${escapeHtml(signedIn.email)}). ` : '';
  const rule = `You decide as the member signed in to ${escapeHtml(workspace.name)}: only an active owner or admin can approve.`;
  return `<p class="note">${as}${rule}</p>`;
}

export function errorPage(title: string, message: string, language: Language = 'en'): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`, language);
}

/** An HTML answer of the hub: never cached, never framed (a consent page in a frame could be clickjacked). */
export function htmlResponse(html: string, status: number, formTarget?: string): Response {
  // Browsers apply `form-action` to the redirect after the form too, so the app's origin is allowed.
  const formAction = ["'self'", formTarget ? new URL(formTarget).origin : ''].filter(Boolean).join(' ');
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`,
      'Referrer-Policy': 'no-referrer',
    },
  });
}
