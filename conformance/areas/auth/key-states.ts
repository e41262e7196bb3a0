// Spec 5.1 and 7.3: keys in the states spec 5.1 refuses, each judged on its own rules: revoked
// (401 key_revoked), expired (401 key_expired), restricted to another IP address (403
// ip_not_allowed). A deployment gives them as options; a mock makes them (conformance/target.ts).
import type { ActiveCheck } from '../../check.ts';
import type { RefusedKeys } from '../../target.ts';

/** Each refused key, what spec 5.1 and 7.3 answer it, the rules of its code, and the rule of its status where 7.2 has one apart. */
const REFUSALS: [key: keyof RefusedKeys, option: string, status: number, code: string, rules: string[], statusRule?: string][] = [
  ['revoked', '--revoked-key', 401, 'key_revoked', ['auth.key-revoked', 'errors.key-expired-revoked']],
  ['expired', '--expired-key', 401, 'key_expired', ['auth.key-expired', 'errors.key-expired-revoked']],
  ['ipRestricted', '--ip-restricted-key', 403, 'ip_not_allowed', ['auth.ip-not-allowed', 'errors.ip-not-allowed'], 'errors.status-403'],
];

export const keyStates: ActiveCheck = {
  kind: 'active',
  id: 'auth.key-states',
  area: 'auth',
  title:
    'a revoked key answers 401 key_revoked, an expired one 401 key_expired, and one restricted to another IP address 403 ip_not_allowed',
  spec: '5.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    const given = REFUSALS.filter(([key]) => context.target.refusedKeys[key] !== undefined);
    if (!given.length) context.skip(`give keys to refuse: ${REFUSALS.map(([, option]) => option).join(', ')}`);
    for (const [key, option, status, code, rules, statusRule] of given) {
      const answer = await context.client.call('getWhoami', { key: context.target.refusedKeys[key] });
      const answered = `the ${option.slice(2)} answered ${answer.status} ${answer.json?.error?.code ?? ''}`;
      // Where 7.2 gives the status a rule apart, a right status with a wrong code breaks the code's rules only (issue 22).
      if (statusRule) context.judge(statusRule, answer.status !== status && `${answered}, not ${status}`, answer);
      const wrong = answer.json?.error?.code !== code || (!statusRule && answer.status !== status);
      for (const rule of rules) context.judge(rule, wrong && `${answered}, not ${status} ${code}`, answer);
    }
  },
};
