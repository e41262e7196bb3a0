// A scenario's setup: its workspace (a fresh one on a mock, the API key's on a deployment), the
// clock, more keys, the content only the web app makes (through the control API), the receiver's
// first answer and constant variables. What cannot be made on this target becomes unavailable
// variables, so the steps that need them are skipped with the reason.
import { describeExchange, type Exchange } from '../../conformance/exchange.ts';
import { moveStoryClock, setClock } from './clock.ts';
import { tellReceiver } from './receiver-rule.ts';
import { CONTENT_KINDS, type Setup } from './types.ts';
import { controlKey, NO_CONTROL, StepFailure, type World } from './world.ts';

/** Makes the setup; answers one line per thing done or left out. */
export async function applySetup(world: World, setup: Setup): Promise<string[]> {
  const notes = await workspace(world, setup);
  await identity(world);
  if (setup.clock && world.control) notes.push(`clock ${await setClock(world, setup.clock)}`);
  else if (setup.clock) {
    moveStoryClock(world, setup.clock);
    notes.push(`clock left alone (${NO_CONTROL}): the story's times are read against the target's clock`);
  }
  notes.push(...(await keys(world, setup)));
  notes.push(...(await content(world, setup)));
  if (setup.receiver) tellReceiver(world.receiver, setup.receiver);
  for (const [name, value] of Object.entries(setup.variables ?? {})) world.vars.set(name, world.vars.interpolate(value));
  return notes;
}

async function workspace(world: World, setup: Setup): Promise<string[]> {
  const { target } = world;
  world.vars.set('target', { base_url: target.baseUrl, hub_url: target.hubUrl, workspace_url: target.workspaceUrl });
  if (target.kind !== 'deployment') {
    const created = await expectOk(
      await world.client.send('POST', '/_mock/workspaces', { key: controlKey(world), body: setup.workspace ?? {} }),
      'setup.workspace',
    );
    world.keys.set('owner', created.api_key);
    world.workspaceId = created.workspace.id;
    world.control = true;
    world.vars.set('mock', created);
    return [`a new workspace ${created.workspace.id} (plan ${created.workspace.plan}, ${created.workspace.currency})`];
  }
  world.keys.set('owner', target.apiKey!);
  world.vars.unavailable('mock', 'only a crmkit mock makes a workspace for the story; this run uses the workspace of --api-key');
  return setup.workspace ? ['setup.workspace left out: the run uses the workspace of --api-key'] : [];
}

/** `whoami` and `workspace` (its id and slug): the first call of every run, with the owner key. */
async function identity(world: World): Promise<void> {
  const whoami = await expectOk(
    await world.client.send('GET', '/v1/api-keys/whoami', { key: world.keys.get('owner') }),
    'the owner key (GET /v1/api-keys/whoami)',
  );
  world.vars.set('whoami', whoami);
  world.vars.set('workspace', whoami.workspace);
  world.workspaceId ??= whoami.workspace.id;
  if (world.target.kind === 'deployment') world.control = await controlAnswers(world);
  setReceiverVariable(world);
}

/** A deployment run may still be a crmkit mock given a key: its control API then serves the workspace. */
async function controlAnswers(world: World): Promise<boolean> {
  try {
    return (await world.client.send('GET', `/_mock/workspaces/${world.workspaceId}/clock`, { key: controlKey(world) })).status === 200;
  } catch {
    return false;
  }
}

function setReceiverVariable(world: World): void {
  // The receiver was started with the public address a deployment reaches it by, if one was given.
  if (world.target.kind !== 'deployment' || world.target.webhookReceiver.publicUrl)
    world.vars.set('receiver', { origin: world.receiver.url(''), url: world.receiver.url('/hooks') });
  else
    world.vars.unavailable(
      'receiver',
      'a deployment cannot reach the receiver on 127.0.0.1: give --webhook-receiver-url, a public address that reaches it (and --webhook-receiver-port)',
    );
}

async function keys(world: World, setup: Setup): Promise<string[]> {
  const notes: string[] = [];
  for (const [name, settings] of Object.entries(setup.keys ?? {})) {
    const given = world.target.keys[name];
    if (world.control && world.target.kind !== 'deployment') {
      const created = await expectOk(
        await world.client.send('POST', `/_mock/workspaces/${world.workspaceId}/api-keys`, {
          key: controlKey(world),
          body: { name, ...settings },
        }),
        `setup.keys.${name}`,
      );
      world.keys.set(name, created.key);
      notes.push(`key ${name} (${(settings.scopes as string[]).join(' ') || 'no scopes'})`);
    } else if (given) {
      world.keys.set(name, given);
      notes.push(`key ${name} from --key`);
    } else {
      world.missingKeys.set(name, `needs the key ${name} of setup.keys: give --key ${name}=KEY`);
      notes.push(`key ${name} missing (give --key ${name}=KEY)`);
    }
  }
  return notes;
}

async function content(world: World, setup: Setup): Promise<string[]> {
  const made: Record<string, unknown[]> = {};
  const wanted = CONTENT_KINDS.filter((kind) => setup[kind]?.length);
  if (wanted.length && !world.control) {
    world.vars.unavailable('setup', `setup.${wanted.join(', setup.')} ${NO_CONTROL.replace('needs', 'need')}`);
    return [`content left out (${wanted.join(', ')}): ${NO_CONTROL}`];
  }
  for (const kind of wanted) {
    made[kind] = [];
    for (const [index, body] of setup[kind]!.entries()) {
      const answer = await world.client.send('POST', `/_mock/workspaces/${world.workspaceId}/${kind}`, {
        key: controlKey(world),
        body: world.vars.interpolate(body),
      });
      made[kind].push(await expectOk(answer, `setup.${kind}[${index}]`));
    }
  }
  world.vars.set('setup', made);
  return wanted.map((kind) => `${kind}: ${made[kind]!.map((item) => (item as { id?: string }).id ?? '?').join(', ')}`);
}

async function expectOk(exchange: Exchange, what: string): Promise<any> {
  if (exchange.status >= 200 && exchange.status < 300) return exchange.json;
  throw new StepFailure(`${what} was refused: ${exchange.status} ${exchange.json?.error?.code ?? ''}`.trim(), describeExchange(exchange));
}
