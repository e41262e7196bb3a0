// Odd request targets for the operation's path: absolute-form to this and other hosts, `*`,
// `//`, NUL and bad percent-escapes, dot segments that climb into the control API, very long
// paths, junk queries, and wrong path parameters.
import { baseRequest, caseOf, type CaseContext, type Mutator } from '../fuzz-case.ts';

function oddTarget(context: CaseContext, path: string): string {
  const { rng, host } = context;
  return rng.pick([
    `http://other.example${path}`,
    `http://${host}${path}`,
    `https://${host}${path}`,
    `HTTP://${host}${path}`,
    `ftp://${host}${path}`,
    `http://user:pw@${host}${path}`,
    `http://${host}`,
    'http:',
    '*',
    `//${path}`,
    `//other.example${path}`,
    `${path}%00`,
    `${path}%zz`,
    `${path}/%2e%2e/%2e%2e/_mock/workspaces`,
    `/v1/../_mock/requests`,
    `/v1/./${path.slice(4)}`,
    `${path}/`,
    `${path}//`,
    path.toUpperCase(),
    `${path}\\..\\x`,
    `${path}#fragment`,
    `${path};params`,
    `${path}/${'a'.repeat(rng.pick([2_000, 8_000, 15_000]))}`,
    `${path}?${'p=1&'.repeat(rng.pick([10, 2_000]))}`,
    `${path}?%`,
    `${path}?=&&=`,
    `${path}?a[b]=1&a[]=2`,
    `${path}?\u00e9=\u00ff`,
    `${host}${path}`,
    `${host}:443`,
    `${path}?api_key=svc_live_${rng.text(32)}`,
    `${path}?access_token=x`,
    `/%2F${path.slice(1)}`,
    `${path.replaceAll('/', '%2F')}`,
    `/v1`,
    '/',
    '/_mock',
    '/_mock/',
    `/_mock/workspaces/../../${path.slice(1)}`,
  ]);
}

function queryValue(rng: CaseContext['rng']): string {
  return rng.pick([
    '',
    '-1',
    '0',
    'abc',
    '1e9',
    '99999999999999999999',
    'true',
    'null',
    '%00',
    '%E2%28',
    '[]',
    '{}',
    'x'.repeat(5_000),
    '1.5',
    '+1',
    '%201',
  ]);
}

export const targetMutators: Mutator[] = [
  {
    name: 'target-odd',
    make: (context) => {
      const request = baseRequest(context);
      request.target = oddTarget(context, request.target);
      // A target node:http refuses (very long ones) ends the connection.
      return caseOf(context, 'target-odd', request, { alone: request.target.length > 14_000, malformed: true });
    },
  },
  {
    name: 'target-query',
    make: (context) => {
      const { rng, sample } = context;
      const request = baseRequest(context);
      const names = sample.queryParameters.map((p) => p.name);
      const pairs = Array.from(
        { length: 1 + rng.int(3) },
        () => `${encodeURIComponent(names.length && rng.chance(0.8) ? rng.pick(names) : rng.text(4))}=${queryValue(rng)}`,
      );
      request.target = `${request.target}?${pairs.join('&')}`;
      return caseOf(context, 'target-query', request);
    },
  },
  {
    name: 'target-path-parameter',
    make: (context) => {
      const { rng, sample } = context;
      const request = baseRequest(context);
      const segments = sample.operation.path.split('/');
      const parameter = segments.findIndex((segment) => segment.startsWith('{'));
      const path = request.target.split('/');
      const value = rng.pick([
        '0',
        '-1',
        '99999999999999999999',
        'ld_' + 'x'.repeat(26),
        'ld_' + rng.text(25),
        'lead_' + rng.text(26),
        'ct_' + rng.text(26),
        'tag_' + rng.text(26),
        '%2F',
        '%00',
        '%E2%28',
        '..',
        '.',
        '',
        'null',
        'undefined',
        '%20',
        'a'.repeat(300),
        encodeURIComponent('ld_\u0430' + rng.text(25)),
      ]);
      path[parameter >= 0 ? parameter : path.length] = value;
      request.target = path.join('/') || '/';
      return caseOf(context, 'target-path-parameter', request);
    },
  },
];
