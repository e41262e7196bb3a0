// Clients that integrators generate from the bundled document (openapi/dist/crm.json) with the
// common generators compile, with a small use of each: openapi-typescript's types with
// openapi-fetch, @hey-api/openapi-ts and orval (its fetch client). Each use creates a lead and
// lists leads, and sends one wrong field under `@ts-expect-error`, so that a client whose types
// say nothing (`any`) fails too ("Unused '@ts-expect-error' directive").
// openapi-typescript is the repository's own devDependency (it generates src/spec/generated/);
// the rest are installed from the npm registry into the test's project only: about 100 MB
// (@hey-api/openapi-ts 42 MB, orval 60 MB), which every `npm ci` of the repository would otherwise carry.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newProject, REPO, run, TSC } from './packed-project.ts';

const DOCUMENT = join(REPO, 'openapi/dist/crm.json');

/** Each generator: how it writes the client into `out`, and a use of it beside that folder. */
const CLIENTS = {
  'openapi-fetch': {
    generate: (project: string) => [join(REPO, 'node_modules/.bin/openapi-typescript'), [DOCUMENT, '-o', join(project, 'openapi-fetch/schema.d.ts')]],
    use: `
      import createClient from 'openapi-fetch';
      import type { paths } from './openapi-fetch/schema.js';

      const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010', headers: { Authorization: 'Bearer svc_live_x' } });
      const created = await client.POST('/v1/leads', { body: { name: 'Website redesign', amount: 1500 } });
      const listed = await client.GET('/v1/leads', { params: { query: { limit: 10 } } });
      export const id: string | undefined = created.data?.id;
      export const names: string[] | undefined = listed.data?.data.map((lead) => lead.name);
      // @ts-expect-error: an amount is a number
      await client.POST('/v1/leads', { body: { amount: 'a thousand' } });
    `,
  },
  'hey-api': {
    generate: (project: string) => [join(project, 'node_modules/.bin/openapi-ts'), ['-i', DOCUMENT, '-o', join(project, 'hey-api')]],
    use: `
      import { client } from './hey-api/client.gen.js';
      import { createLead, listLeads } from './hey-api/sdk.gen.js';

      client.setConfig({ baseUrl: 'http://127.0.0.1:4010', headers: { Authorization: 'Bearer svc_live_x' } });
      const created = await createLead({ body: { name: 'Website redesign', amount: 1500 } });
      const listed = await listLeads({ query: { limit: 10 } });
      export const id: string | undefined = created.data?.id;
      export const names: string[] | undefined = listed.data?.data.map((lead) => lead.name);
      // @ts-expect-error: an amount is a number
      await createLead({ body: { amount: 'a thousand' } });
    `,
  },
  orval: {
    generate: (project: string) => [join(project, 'node_modules/.bin/orval'), ['--input', DOCUMENT, '--output', join(project, 'orval/crm.ts'), '--client', 'fetch']],
    use: `
      import { createLead, listLeads } from './orval/crm.js';

      const init = { headers: { Authorization: 'Bearer svc_live_x' } };
      const created = await createLead({ name: 'Website redesign', amount: 1500 }, init);
      const listed = await listLeads({ limit: 10 }, init);
      export const id: string | undefined = created.status === 201 ? created.data.id : undefined;
      export const names: string[] | undefined = listed.status === 200 ? listed.data.data.map((lead) => lead.name) : undefined;
      // @ts-expect-error: an amount is a number
      await createLead({ amount: 'a thousand' }, init);
    `,
  },
} satisfies Record<string, { generate: (project: string) => [string, string[]]; use: string }>;

let workdir: string;
let project: string;
/** tsc's errors over the clients and their uses, one a line. */
let errors: string[];

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'crmkit-clients-'));
  // TypeScript as the repository has it: @hey-api/openapi-ts's peer range lets npm pick TypeScript 7,
  // whose package has no compiler API, and the generator then fails ("reading 'AnyKeyword'").
  ({ dir: project } = await newProject(join(workdir, 'project'), ['openapi-fetch@^0.17', '@hey-api/openapi-ts@^0.99', 'orval@^8', 'typescript@~5.9.3']));
  for (const [name, { generate, use }] of Object.entries(CLIENTS)) {
    const [command, args] = generate(project);
    await run(command, args, { cwd: project, env: { ...process.env, PATH: `${join(process.execPath, '..')}:${process.env.PATH}` }, timeout: 60_000 });
    await writeFile(join(project, `use-${name}.ts`), use);
  }
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'es2023', lib: ['es2023', 'dom', 'dom.iterable'], module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: true, types: [] },
    include: ['*.ts', ...Object.keys(CLIENTS)],
  }));
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
