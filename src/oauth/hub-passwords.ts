// The passwords members sign in to the hub with (openapi/paths/hub.yaml, inferred: the spec names
// the hub's sign-in site, spec 5.2, and shows none of it). A member has one only where the mock
// was given one (a stand-in's test member, a test's): salted PBKDF2 hashes (WebCrypto, so that the
// mock runs in a browser too), kept beside the workspace and never in its snapshot, compared in
// constant time.
import type { MockState } from '../mock-state.ts';
import type { Member } from '../workspaces/member.ts';
import type { Workspace } from '../workspaces/workspace.ts';

type Hash = { salt: Uint8Array<ArrayBuffer>; hash: Uint8Array };

/** A mock's passwords guard test members only: enough iterations to be a real hash, few enough to stay quick. */
const ITERATIONS = 20_000;
const hashes = new WeakMap<Workspace, Map<string, Hash>>();

export async function setHubPassword(workspace: Workspace, memberId: string, password: string): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const ofWorkspace = hashes.get(workspace) ?? new Map<string, Hash>();
  ofWorkspace.set(memberId, { salt, hash: await derive(password, salt) });
  hashes.set(workspace, ofWorkspace);
}

/** The active member whose email and password these are, in whichever workspace; undefined otherwise. */
export async function memberSigningIn(
  state: MockState,
  email: string,
  password: string,
): Promise<{ workspace: Workspace; member: Member } | undefined> {
  const wanted = email.trim().toLowerCase();
  for (const workspace of state.workspaces.values()) {
    for (const member of workspace.members.values()) {
      const stored = member.email.toLowerCase() === wanted ? hashes.get(workspace)?.get(member.id) : undefined;
      if (stored && member.status === 'active' && sameBytes(await derive(password, stored.salt), stored.hash)) return { workspace, member };
    }
  }
  return undefined;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS }, key, 256));
}

/** Constant time: every byte is compared, whatever the first difference. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.min(a.length, b.length); index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}
