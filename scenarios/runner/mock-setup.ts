// `crmkit mock --scenario FILE`: a story's setup made in a running mock (through its control API),
// for demos and development: the workspace, keys and content the story starts from, and a webhook
// receiver on 127.0.0.1 for what the setup points at it (it answers as setup.receiver says).
import { loadScenario } from './load.ts';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';
import { applySetup } from './setup.ts';
import type { Target } from '../../harness/target.ts';
import { clientFor, newWorld } from './world.ts';

/**
 * Where the story's setup is made: `origin` is the mock's public origin (`--public-url`), which the
 * story reads as `${target.base_url}` and so stores in what it makes (form origins, links); `via`
 * is the address its calls go to, the one the mock listens on (this machine may not reach the
 * public one). The same origin for both when there is no public URL.
 */
export type SetupAddress = { origin: string; via?: string };

/** The lines `crmkit mock` prints about the scenario's workspace. */
export async function scenarioSetupLines(file: string, address: SetupAddress, controlToken?: string): Promise<string[]> {
  return (await scenarioSetup(file, address, controlToken)).lines;
}

/** The story's setup made: the lines about it, and its workspace and owner key (the ones `crmkit mock` shows first). */
export async function scenarioSetup(
  file: string,
  { origin, via = origin }: SetupAddress,
  controlToken?: string,
): Promise<{ lines: string[]; workspaceId: string | undefined; ownerKey: string | undefined }> {
  const scenario = loadScenario(file);
  const target: Target = {
    kind: 'mock',
    baseUrl: origin,
    hubUrl: origin,
    workspaceUrl: origin,
    apiKey: undefined,
    keys: {},
    limitedKeys: [],
    formId: undefined,
    oauthClient: undefined,
    webhookReceiver: { publicUrl: undefined, port: 0 },
    controlToken,
    close: async () => {},
  };
  // The receiver lives as long as the mock: deliveries to it keep succeeding during the demo.
  const receiver = await WebhookReceiver.start();
  const world = newWorld(target, receiver);
  await world.client.close();
  world.client = clientFor({ baseUrl: via, hubUrl: via, workspaceUrl: via }, undefined);
  try {
    const notes = await applySetup(world, scenario.setup);
    const lines = [
      `  scenario       ${file}: ${scenario.title}`,
      ...notes.map((note) => `    ${note}`),
      ...[...world.keys].map(([name, key]) => `    ${`${name} key`.padEnd(13)}${key}`),
      `    receiver     ${receiver.origin}/hooks (webhooks reach it only with --allow-private-webhooks)`,
    ];
    return { lines, workspaceId: world.workspaceId, ownerKey: world.keys.get('owner') };
  } catch (error) {
    await receiver.close();
    throw new Error(`the setup of ${file} cannot be made: ${(error as Error).message}`);
  } finally {
    await world.client.close();
  }
}
