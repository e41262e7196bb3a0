// Clients that integrators generate from the bundled document (openapi/dist/crm.json) with the
// common generators: openapi-typescript's types with openapi-fetch, @hey-api/openapi-ts and orval
// (its fetch client). Each is generated into a new project with a small use beside it that
// creates a lead and lists leads. Every client and use compile with tsc (strict); each use also
// holds a wrong field under `@ts-expect-error`, so that a client whose types say nothing (`any`)
// fails ("Unused '@ts-expect-error' directive"); and each use runs on Node 24 against crmkit's
// mock, where the lead it created is in the list.
// openapi-typescript is the repository's own devDependency (it generates src/spec/generated/);
// the others are installed from the npm registry into the test's project only: about 100 MB
// (@hey-api/openapi-ts 42 MB, orval 60 MB, openapi-fetch 0.3 MB), which every `npm ci` of the
// repository would otherwise carry.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withCrmkitMock } from '../support/crmkit-process.ts';
import { newProject, REPO, run, TSC } from './packed-project.ts';

const DOCUMENT = join(REPO, 'openapi/dist/crm.json');

/** What a use prints: the status of the create and whether the list holds the created lead. */
const PRINT = `console.log(JSON.stringify({ created: created?.status, listed }));`;

/** Each generator: how it writes the client into the project, and a use of it (run with CRM_BASE_URL and CRM_API_KEY). */
const CLIENTS = {
  'openapi-fetch': {
    generate: (project: string) => [
      join(REPO, 'node_modules/.bin/openapi-typescript'),
      [DOCUMENT, '-o', join(project, 'openapi-fetch/schema.ts')],
    ],
    use: `
      import createClient from 'openapi-fetch';
      import type { paths } from './openapi-fetch/schema.ts';

      const client = createClient<paths>({ baseUrl: process.env.CRM_BASE_URL, headers: { Authorization: \`Bearer \${process.env.CRM_API_KEY}\` } });
      const { data: lead, response: created } = await client.POST('/v1/leads', { body: { name: 'Website redesign', amount: 1500 } });
      const { data: page } = await client.GET('/v1/leads', { params: { query: { limit: 10 } } });
      const listed: boolean | undefined = page?.data.some((each) => each.id === lead?.id && each.name === 'Website redesign');
      ${PRINT}
      export function wrong() {
        // @ts-expect-error: an amount is a number
        return client.POST('/v1/leads', { body: { amount: 'a thousand' } });
      }
    `,
  },
  'hey-api': {
    // A config file for `importFileExtension`: with `.ts` in its imports, Node runs the client as it is.
    generate: (project: string) => [join(project, 'node_modules/.bin/openapi-ts'), ['-f', join(project, 'hey-api.config.json')]],
    config: { input: DOCUMENT, output: { path: 'hey-api', importFileExtension: '.ts' } },
    use: `
      import { client } from './hey-api/client.gen.ts';
      import { createLead, listLeads } from './hey-api/sdk.gen.ts';

      client.setConfig({ baseUrl: process.env.CRM_BASE_URL, headers: { Authorization: \`Bearer \${process.env.CRM_API_KEY}\` } });
      const { data: lead, response: created } = await createLead({ body: { name: 'Website redesign', amount: 1500 } });
      const { data: page } = await listLeads({ query: { limit: 10 } });
      const listed: boolean | undefined = page?.data.some((each) => each.id === lead?.id && each.name === 'Website redesign');
      ${PRINT}
      export function wrong() {
        // @ts-expect-error: an amount is a number
        return createLead({ body: { amount: 'a thousand' } });
      }
    `,
  },
  orval: {
    generate: (project: string) => [
      join(project, 'node_modules/.bin/orval'),
      ['--input', DOCUMENT, '--output', join(project, 'orval/crm.ts'), '--client', 'fetch'],
    ],
    use: `
      import { createLead, listLeads } from './orval/crm.ts';

      // orval's fetch client calls paths (for a page on the API's origin): in Node they get the mock's origin here.
      const fetchFromNode = globalThis.fetch;
      globalThis.fetch = (input, init) => fetchFromNode(new URL(String(input), process.env.CRM_BASE_URL), init);
      const init = { headers: { Authorization: \`Bearer \${process.env.CRM_API_KEY}\` } };
      const created = await createLead({ name: 'Website redesign', amount: 1500 }, init);
      const page = await listLeads({ limit: 10 }, init);
      const listed: boolean = created.status === 201 && page.status === 200 && page.data.data.some((each) => each.id === created.data.id && each.name === 'Website redesign');
      ${PRINT}
      export function wrong() {
        // @ts-expect-error: an amount is a number
        return createLead({ amount: 'a thousand' }, init);
      }
    `,
  },
};

let workdir: string;
let project: string;
/** tsc's errors over the clients and their uses, one a line. */
let errors: string[];

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'crmkit-clients-'));
  // TypeScript as the repository has it: @hey-api/openapi-ts's peer range lets npm pick TypeScript 7,
  // whose package has no compiler API, and the generator then fails ("reading 'AnyKeyword'").
  ({ dir: project } = await newProject(join(workdir, 'project'), [
    'openapi-fetch@^0.17',
    '@hey-api/openapi-ts@^0.99',
    'orval@^8',
    'typescript@~5.9.3',
    '@types/node@^24',
  ]));
  await writeFile(join(project, 'hey-api.config.json'), JSON.stringify(CLIENTS['hey-api'].config));
  for (const [name, client] of Object.entries(CLIENTS)) {
    const [command, args] = client.generate(project) as [string, string[]];
    await run(command, args, {
      cwd: project,
      env: { ...process.env, PATH: `${join(process.execPath, '..')}:${process.env.PATH}` },
      timeout: 60_000,
    });
    await writeFile(join(project, `use-${name}.ts`), client.use);
  }
  await writeFile(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2023',
        lib: ['es2023', 'dom', 'dom.iterable'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        erasableSyntaxOnly: true,
        skipLibCheck: true,
        types: ['node'],
      },
      include: ['*.ts', ...Object.keys(CLIENTS)],
    }),
  );
  const checked = await run(process.execPath, [TSC, '-p', '.'], { cwd: project, timeout: 120_000 }).catch((error) => error);
  errors = checked.stdout.split('\n').filter(Boolean);
  if (!errors.length && checked.code) throw new Error(`tsc failed without a message: ${checked.stderr}`);
}, 400_000);

afterAll(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

it.each(Object.keys(CLIENTS))('the %s client and its use compile with tsc, and its types know a lead', (name) => {
  expect(errors.filter((line) => line.startsWith(`${name}/`) || line.startsWith(`use-${name}.ts`))).toEqual([]);
});

it('tsc finds no other error', () => {
  expect(errors).toEqual([]);
});

it.each(Object.keys(CLIENTS))("the %s client creates a lead on crmkit's mock and finds it in the list", async (name) => {
  await withCrmkitMock([], async (url, key) => {
    const { stdout } = await run(process.execPath, [`use-${name}.ts`], {
      cwd: project,
      env: { ...process.env, CRM_BASE_URL: url, CRM_API_KEY: key },
      timeout: 30_000,
    });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ created: 201, listed: true });
  });
});
