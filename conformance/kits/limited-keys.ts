// The keys without some scopes a deployment's person handed over (inputs' limited_key, then
// limited_keys; on a mock the suite's own leads:read key): a scope rule is judged only with a key
// whose scopes are known to fit it (spec 5.1: GET /v1/api-keys/whoami shows a key's scopes), so a
// check asks for the scopes it needs held and lacking and takes the first key that fits. Each
// key's whoami is asked once per run.
import type { CheckContext } from '../context.ts';
import type { Target } from '../target.ts';

/** The scopes a key must hold and those it must lack. */
export type ScopeFit = { has?: readonly string[]; lacks?: readonly string[] };

/** Each target's keys' whoami scopes (undefined: whoami did not answer 200), asked once per run. */
const scopesByTarget = new WeakMap<Target, Map<string, Promise<string[] | undefined>>>();

/** The first limited key whose whoami scopes hold `has` and none of `lacks`; undefined when none does. */
export async function limitedKeyWith(context: CheckContext, fit: ScopeFit): Promise<string | undefined> {
  for (const key of context.target.limitedKeys) {
    const scopes = await scopesOf(context, key);
    if (scopes && fits(scopes, fit)) return key;
  }
  return undefined;
}

/** A skip reason that says which key the inputs lack: "needs limited_keys: a key with contacts:read and without leads:read". */
export function limitedKeyNeeded(fit: ScopeFit): string {
  const held = fit.has?.length ? `with ${fit.has.join(', ')}` : '';
  const lacking = fit.lacks?.length ? `without ${fit.lacks.join(', ')}` : '';
  return `needs limited_key or limited_keys: a key ${[held, lacking].filter(Boolean).join(' and ')}`;
}

function fits(scopes: readonly string[], fit: ScopeFit): boolean {
  return (fit.has ?? []).every((scope) => scopes.includes(scope)) && !(fit.lacks ?? []).some((scope) => scopes.includes(scope));
}

function scopesOf(context: CheckContext, key: string): Promise<string[] | undefined> {
  let known = scopesByTarget.get(context.target);
  if (!known) scopesByTarget.set(context.target, (known = new Map()));
  let scopes = known.get(key);
  if (!scopes) {
    scopes = context.client.call('getWhoami', { key }).then((whoami) => (whoami.status === 200 ? whoami.json?.scopes : undefined));
    known.set(key, scopes);
  }
  return scopes;
}
