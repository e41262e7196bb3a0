// The owner key of the workspace a request's credential belongs to: faults that let a request
// through as if it had every scope send it again with this key.
import type { MockState } from '../mock-state.ts';

export function findCredentialOwnerKey(state: MockState, request: Request): string | undefined {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const workspace = secret ? state.findCredential(secret)?.workspace : undefined;
  return workspace && [...workspace.apiKeys.values()].find((apiKey) => apiKey.role === 'owner' && !apiKey.revokedAt)?.key;
}
