// What the suite needs to approve an app on a deployment's hub in a browser (spec 5.2: "an owner or
// admin of a workspace approves", on the "user-facing sign-in and consent site"): a test member's
// email and password, and the CSS selectors of the hub's sign-in and consent pages. The defaults fit
// crmkit's own pages (src/oauth/consent-page.ts, src/oauth/sign-in-page.ts); a hub with other pages
// names its own in the inputs file (`hub_selectors`), as the OpenID Foundation's suite does.

/** An owner or admin of the inputs' workspace, who signs in to the hub with email and password. */
export type HubMember = { email: string; password: string };

export type HubSelectors = {
  signin_email: string;
  signin_password: string;
  signin_submit: string;
  consent_approve: string;
  consent_deny: string;
  /** Checkboxes of the scopes asked for, when the hub lets a person untick some: the suite ticks every one. */
  consent_scopes?: string;
};

export const DEFAULT_HUB_SELECTORS: HubSelectors = {
  signin_email: '#signin-email',
  signin_password: '#signin-password',
  signin_submit: '#signin-submit',
  consent_approve: '#consent-approve',
  consent_deny: '#consent-deny',
};

const SELECTOR_KEYS = ['signin_email', 'signin_password', 'signin_submit', 'consent_approve', 'consent_deny', 'consent_scopes'];

/** What is wrong with `hub_member` and `hub_selectors` of an inputs file, if anything. */
export function hubInputsProblem(member: unknown, selectors: unknown): string | undefined {
  const fields = ['email', 'password'];
  if (member !== undefined && !isStringRecord(member, fields, fields)) return 'hub_member is {email, password}';
  if (selectors === undefined) return undefined;
  if (!isStringRecord(selectors, SELECTOR_KEYS, [])) return `hub_selectors is an object of CSS selectors (${SELECTOR_KEYS.join(', ')})`;
  return undefined;
}

/** The selectors to use: the inputs' over the defaults. */
export function hubSelectorsOf(given: Partial<HubSelectors> | undefined): HubSelectors {
  return { ...DEFAULT_HUB_SELECTORS, ...given };
}

function isStringRecord(value: unknown, known: string[], required: string[]): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  const wellFormed = entries.every(([key, item]) => known.includes(key) && typeof item === 'string' && item !== '');
  return wellFormed && required.every((key) => key in value);
}
