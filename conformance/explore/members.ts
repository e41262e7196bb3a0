// The workspace's people in both states spec 2.7 names (`status`: `active` or `deactivated`), made
// where the explorer can make them on both sides: members are added and deactivated only through
// the first-party web app (4.6), so on a mock target (its workspace, once a run) and on every
// oracle workspace they are made through the control API: an admin, and a viewer the admin signs in
// to deactivate. Their ids go under references of the workspace's own (PERSON_REFS), so that the
// members list compares them as the run's records; against a deployment none is made.
import { request } from 'undici';
import { controlHeaders } from '../../harness/target.ts';

/** The admin (active) and the viewer (deactivated): references above OWNER_REF, compared as the run's records. */
export const PERSON_REFS = [-200_001, -200_002] as const;

/** Sends a POST as the control API or the web app would take it; undefined when refused. */
export type Poster = (path: string, body: unknown, headers?: Record<string, string>) => Promise<any | undefined>;

/** The two people, by reference (none when the side would not make them). */
export async function addPeople(post: Poster, workspaceId: string): Promise<Map<number, string>> {
  const ws = `/_mock/workspaces/${encodeURIComponent(workspaceId)}`;
  const admin = await post(`${ws}/members`, { role: 'admin', name: 'crmkit explore admin', email: 'explore.admin@example.com' });
  const viewer = await post(`${ws}/members`, { role: 'viewer', name: 'crmkit explore viewer', email: 'explore.viewer@example.com' });
  if (!admin?.id || !viewer?.id) return new Map();
  const session = await post(`${ws}/sessions`, { member_id: admin.id });
  if (session?.cookie) await post(`/v1/members/${encodeURIComponent(viewer.id)}/deactivate`, undefined, { cookie: session.cookie });
  return new Map([
    [PERSON_REFS[0], admin.id],
    [PERSON_REFS[1], viewer.id],
  ]);
}

/** A Poster for a mock target over HTTP: the control API with its token, a route of the web app with the session's cookie. */
export function httpPoster(baseUrl: string, controlToken: string | undefined): Poster {
  return async (path, body, headers) => {
    try {
      const response = await request(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...(headers ?? controlHeaders(controlToken)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.body.text();
      return response.statusCode < 300 ? JSON.parse(text || '{}') : undefined;
    } catch {
      return undefined;
    }
  };
}
