// The owner key of the workspace a request's credential belongs to: faults that let a request
// through as if it had every scope send it again with this key.
import type { MockState } from '../mock-state.ts';
import type { Handle } from './fault.ts';

/** Sends the request again with its workspace owner's key (a check the fault leaves out); the refusal stands when there is none. */
export async function retryAsOwner(state: MockState, next: Handle, request: Request, refusal: Response): Promise<Response> {
  const ownerKey = findCredentialOwnerKey(state, request);
  if (!ownerKey) return refusal;
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${ownerKey}`);
  return next(new Request(request, { headers }));
}

function findCredentialOwnerKey(state: MockState, request: Request): string | undefined {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const workspace = secret ? state.findCredential(secret)?.workspace : undefined;
  return workspace && [...workspace.apiKeys.values()].find((apiKey) => apiKey.role === 'owner' && !apiKey.revokedAt)?.key;
}
