// `crmkit mock`: the standalone mock on node:http, with a fresh workspace and its owner key, or
// with the workspaces of `--state FILE`, each change kept there before it is answered; `--scenario FILE`
// adds the workspace a story starts from (scenarios/).
import { writeFileSync } from 'node:fs';
import { scenarioSetup } from '../../scenarios/runner/mock-setup.ts';
import { startServer } from '../adapters/node-server.ts';
import { didYouMean } from '../errors/close-names.ts';
import { FAULT_DESCRIPTIONS } from '../faults/fault-descriptions.ts';
import { FAULT_PROOFS } from '../faults/fault-proofs.ts';
import { FAULT_CATALOG, FAULT_NAMES, loadFaults } from '../faults/index.ts';
import { createMock } from '../mock.ts';
import { controlSetup } from './control-access.ts';
import { parseFailureRule } from './failure-option.ts';
import { prepareStandIn } from './stand-in.ts';
import { startupWorkspace } from './startup-workspace.ts';
import { httpUrl, oneOf, parseOptions, wholeNumber, type OptionSpecs } from './options.ts';
import { publicOrigin } from './public-url.ts';
import { controlTokenOption, listenOptions } from './shared-options.ts';
import { UsageError } from './usage-error.ts';
import { StateFileError } from '../durable-state/state-file-error.ts';
import { useStateFile, type StateOption } from './state-option.ts';

const FAULT_REPORTERS = ['pretty', 'json'] as const;

export const MOCK_OPTIONS = {
  ...listenOptions(4010),
  'public-url': {
    type: 'string',
    value: 'URL',
    check: httpUrl,
    help: "the origin other machines use to reach the mock, for the base, hub and workspace URLs it hands out and the banner (it still listens on --host); default: for --host 0.0.0.0 or :: this machine's first non-internal IPv4 address, else --host",
  },
  'docs-url': {
    type: 'string',
    value: 'URL',
    check: httpUrl,
    help: "the documentation site the docs_url of errors point at (URL/errors/<code>); default: the mock's own error pages, BASE_URL/_mock/docs/errors/<code>",
  },
  'no-control': { type: 'boolean', default: false, help: 'no control API (/_mock)' },
  'control-token': controlTokenOption(
    'control calls must send "Authorization: Bearer SECRET" (16 characters or more; the inspector asks for it); beyond loopback the control API is off without it',
  ),
  'stand-in': {
    type: 'string',
    value: 'FILE',
    help: 'stand in for a deployment: no control API, a workspace of demo data on real time, and the inputs a QA engineer would have (keys, a form, an OAuth client) written to FILE for `crmkit conformance --inputs FILE` and `crmkit scenario run --inputs FILE`',
  },
  'other-readings': {
    type: 'boolean',
    default: false,
    help:
      'take the other way wherever the spec leaves a choice open (delete confirmations, time offsets and digits, key order, ' +
      'extra fields, list orders...): a second, deliberately different, correct implementation for the suite and the stories',
  },
  'allow-private-webhooks': {
    type: 'boolean',
    default: false,
    help: "deliver webhooks to a receiver on this machine: http or https, any port, at exactly 127.0.0.1 or localhost (the spec's URL rules refuse it otherwise); crmkit conformance against this mock needs it for its webhook checks",
  },
  state: {
    type: 'string',
    value: 'FILE',
    help: 'keep every workspace in FILE (and FILE.journal): each change is on the disk before it is answered, so kill -9 or a crash loses nothing answered',
  },
  seed: { type: 'string', value: 'N', help: 'start with demo data, the same for the same N', check: wholeNumber(0) },
  'seed-size': { type: 'string', value: 'N', help: 'how many leads the demo data has (default 1,000)', check: wholeNumber(0) },
  scenario: { type: 'string', value: 'FILE', help: 'start with the workspace a story sets up' },
  failure: {
    type: 'string',
    multiple: true,
    value: 'SPEC',
    check: (value) => void parseFailureRule(value),
    help: 'make calls slow or failing, e.g. operation=createLead,error=unavailable,times=3 or latency_ms=200,latency_jitter_ms=300,share=0.5 (errors: internal, unavailable, rate_limited, drop, hang); also PUT /_mock/failures',
  },
  fault: {
    type: 'string',
    multiple: true,
    value: 'NAME',
    help: 'break a named rule of the spec on purpose (see --faults)',
    check: knownFaults,
  },
  faults: { type: 'boolean', default: false, help: 'list the named faults and exit' },
  reporter: {
    type: 'string',
    value: 'pretty|json',
    default: 'pretty',
    help: 'how --faults lists them: json prints {"faults": [{name, area, description, proves}]}',
    check: oneOf('reporter', FAULT_REPORTERS),
  },
  coverage: { type: 'boolean', default: false, help: 'list operations that would answer 501 and exit' },
} as const satisfies OptionSpecs;

export async function runMockCommand(args: string[]): Promise<void> {
  const { values } = parseOptions(args, MOCK_OPTIONS);
  if (values.faults) return printFaults(values.reporter === 'json' ? 'json' : 'pretty');
  const faults = values.fault?.flatMap((item) => item.split(','));
  const port = Number(values.port);
  const host = values.host ?? '127.0.0.1';
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  const seedSize = values['seed-size'] === undefined ? undefined : Number(values['seed-size']);
  const standInFile = values['stand-in'];
  // A stand-in has no control API, as a deployment has none; it delivers to a receiver on this machine.
  // Beyond loopback the control API needs a token (cli/control-access.ts).
  const token = values['control-token'];
  const off = standInFile ? 'a stand-in has none' : values['no-control'] ? '--no-control' : undefined;
  const control = controlSetup({ host, token, off });
  // Loaded before the mock starts, as --seed may emit events through a fault (faults/index.ts).
  await loadFaults(faults ?? []);
  // Loaded only when asked for: a mock without them carries none of their code.
  const otherReadings = values['other-readings'] ? (await import('../other-readings/index.ts')).OTHER_READINGS : undefined;
  const allowPrivateWebhooks = Boolean(values['allow-private-webhooks'] || standInFile);
  const { controlApi, controlAccess } = control;
  const mock = createMock({ controlApi, controlAccess, allowPrivateWebhooks, faults, otherReadings, docsUrl: values['docs-url'] });
  if (values.coverage) return printCoverage(mock);
  if (values.failure) mock.state.failures.set(values.failure.map(parseFailureRule));

  const stateFile = await openStateFile(mock, values.state);
  if (!stateFile) return;
  const { loaded } = stateFile;
  const running = await startServer(stateFile.mock, { port, host }).catch((error: NodeJS.ErrnoException) => {
    // ENOTFOUND, EAI_AGAIN: a --host name that does not resolve is a mistake in the call, not a crash.
    if (['EADDRINUSE', 'EADDRNOTAVAIL', 'EACCES', 'ENOTFOUND', 'EAI_AGAIN'].includes(error.code ?? ''))
      throw new UsageError(`cannot listen on ${host}:${port}: ${error.code}`);
    throw error;
  });
  // The origin the mock hands out and prints: not 0.0.0.0, which no other machine can call (cli/public-url.ts).
  const origin = publicOrigin(running.url, host, values['public-url']);
  if (origin !== running.url) stateFile.mock.state.config.urls = { base_url: origin, hub_url: origin, workspace_url: origin };
  const standIn = standInFile ? await prepareStandIn(mock.state, mock.state.config.urls, { seed, leads: seedSize }) : undefined;
  if (standIn) writeFileSync(standInFile!, `${JSON.stringify(standIn.inputs, null, 2)}\n`, { mode: 0o600 });
  // The story reads the public origin (what it stores reads as --public-url says) but is made through the listening address.
  const scenario = values.scenario ? await scenarioSetup(values.scenario, { origin, via: running.url }, token) : undefined;
  // With --scenario alone the story's workspace is the mock's only one: no other is made, and the
  // banner's workspace, owner key and "try" line are the story's (with --state or --seed both are there).
  const storyWorkspace = scenario?.workspaceId ? mock.state.workspaces.get(scenario.workspaceId) : undefined;
  const storyOnly = storyWorkspace && scenario?.ownerKey && !standIn && !loaded.length && seed === undefined;
  const { workspace, ownerKey } = standIn
    ? { workspace: standIn.workspace, ownerKey: { key: standIn.inputs.api_key } }
    : storyOnly
      ? { workspace: storyWorkspace, ownerKey: { key: scenario!.ownerKey! } }
      : await startupWorkspace(mock.state, loaded, { seed, seedSize });
  const tryKey = scenario?.ownerKey ?? ownerKey.key;
  // Before the key is printed: the workspace it opens is in the file by then.
  await stateFile.start();
  for (const note of stateFile.notes) process.stderr.write(`crmkit mock: ${note}\n`);
  // The handlers before the banner: a script that stops the mock as soon as it reads the key (a
  // busy machine may run it before this process goes on) still gets a clean stop, FILE left whole.
  running.server.once('close', () => void stateFile.close());
  const stop = async () => {
    await running.close();
    process.exit((await stateFile.close()) ? 0 : 1);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A closed terminal: nothing is lost without this either (the journal), but FILE is left whole.
  process.once('SIGHUP', stop);
  console.log(
    [
      `crmkit mock is listening`,
      ...(origin !== running.url ? [`  listening on   ${running.url}`] : []),
      `  base_url       ${origin}`,
      `  hub_url        ${origin}`,
      `  workspace_url  ${origin}`,
      `  workspace      ${workspace.id} (${workspace.slug}, plan ${workspace.plan}${storyOnly ? ", the story's" : ''})`,
      `  owner API key  ${ownerKey.key}`,
      `  control API    ${control.describe(origin)}`,
      // The inspector page (issue 16) reads through the control API; with a token it asks for it once (inspector/page/token.js).
      ...(control.controlApi
        ? [`  inspector      ${origin}/_mock/ui${control.controlAccess.token ? ' (asks for the control token once)' : ''}`]
        : []),
      ...(values.failure?.length ? [`  failures       ${values.failure.join('; ')} (GET /_mock/failures shows them)`] : []),
      ...(faults?.length ? [`  FAULTS ON      ${faults.join(', ')} (this mock breaks these rules on purpose)`] : []),
      ...(otherReadings ? [`  other readings ${otherReadings.map((reading) => reading.name).join(', ')} (the spec's open choices)`] : []),
      ...(standIn
        ? [
            `  stand-in       behaves as a deployment from outside; its inputs are in ${standInFile} (crmkit conformance --inputs ${standInFile})`,
          ]
        : []),
      ...(values.state
        ? [
            `  state file     ${values.state} (${loaded.length} ${loaded.length === 1 ? 'workspace' : 'workspaces'} loaded; each change is kept before it is answered)`,
          ]
        : []),
      ...(scenario?.lines.filter((line) => !(storyOnly && line.startsWith('    owner key '))) ?? []),
      ``,
      `  try${scenario && !storyOnly ? " (the story's workspace)" : ''}: curl -H "Authorization: Bearer ${tryKey}" ${origin}/v1/api-keys/whoami`,
    ].join('\n'),
  );
}

/** The `--state` file loaded, or undefined after one line on what is wrong with it (exit status 1, no stack, no contents). */
async function openStateFile(mock: ReturnType<typeof createMock>, path: string | undefined): Promise<StateOption | undefined> {
  try {
    return await useStateFile(mock, path);
  } catch (error) {
    if (!(error instanceof StateFileError)) throw error;
    process.stderr.write(`crmkit mock: ${error.message}\n`);
    process.exitCode = 1;
    return undefined;
  }
}

/** `--fault a,b`: names of src/faults/; a typo gets the close names, as an option's does. */
function knownFaults(value: string): void {
  const unknown = value.split(',').find((name) => !FAULT_NAMES.has(name));
  if (unknown === undefined) return;
  const hint = didYouMean(unknown, FAULT_NAMES);
  throw new UsageError(`unknown fault ${unknown}${hint ? `: ${hint}` : ''} (crmkit mock --faults lists them)`);
}

/**
 * `--faults`: each fault with what it breaks. `--reporter json` is for tools (issue 23): the rule
 * ids it proves, and its spec area.
 */
function printFaults(reporter: (typeof FAULT_REPORTERS)[number]): void {
  if (reporter === 'json') {
    const faults = FAULT_CATALOG.map(({ name, area }) => ({
      name,
      area,
      description: FAULT_DESCRIPTIONS[name],
      proves: FAULT_PROOFS[name],
    }));
    return console.log(JSON.stringify({ faults }, null, 2));
  }
  console.log('Named faults (crmkit mock --fault NAME): each breaks one rule of the spec on purpose.');
  for (const fault of FAULT_CATALOG) console.log(`  ${fault.name.padEnd(28)} [${fault.area}] ${FAULT_DESCRIPTIONS[fault.name]}`);
}

async function printCoverage(mock: ReturnType<typeof createMock>): Promise<void> {
  const missing = await mock.unimplemented();
  const total = [...new Set(missing.map((op) => op.id))].length;
  if (total === 0) return console.log('Every operation of the CRM document is implemented: none answers 501 not_implemented.');
  console.log(`${total} ${total === 1 ? 'operation' : 'operations'} of the CRM document answer 501 not_implemented so far:`);
  for (const operation of missing) console.log(`  ${operation.method.padEnd(7)} ${operation.path}  (${operation.id})`);
}
