// Spec 5.1: keys and tokens never travel in a URL (400 `credentials_in_url`).
import { ApiError } from '../errors/api-error.ts';

const SECRET_PREFIXES = ['svc_live_', 'svc_at_', 'svc_rt_'];
const CREDENTIAL_PARAMETERS = new Set(['api_key', 'apikey', 'access_token', 'authorization']);

export function refuseCredentialsInUrl(url: URL): void {
  for (const [name, value] of url.searchParams) {
    if (CREDENTIAL_PARAMETERS.has(name.toLowerCase()) || SECRET_PREFIXES.some((prefix) => value.startsWith(prefix))) {
      throw new ApiError('credentials_in_url');
    }
  }
  if (url.username || url.password) throw new ApiError('credentials_in_url');
}
