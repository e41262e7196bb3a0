// Where scenarios run: a crmkit mock the runner starts itself (no base URL), a crmkit mock at a
// URL (recognised by its control API; each scenario gets a fresh workspace), or a deployment
// (an API key; the control API is used only if that workspace turns out to have one).
import { request } from 'undici';
import { startServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';

export type TargetOptions = {
  /** Without it, the runner starts a mock of its own on 127.0.0.1, port 0. */
  baseUrl?: string;
  hubUrl?: string;
  workspaceUrl?: string;
  /** The owner key of a deployment's workspace. */
  apiKey?: string;
  /** Keys for `credential: <name>` against a deployment (a mock makes them from setup.keys). */
  keys?: Record<string, string>;
  /** A public address that reaches the runner's webhook receiver, for a deployment. */
  receiverUrl?: string;
  receiverPort?: number;
};

export type TargetKind = 'own mock' | 'mock' | 'deployment';

export type Target = {
  kind: TargetKind;
  baseUrl: string;
  hubUrl: string;
  workspaceUrl: string;
  apiKey: string | undefined;
  keys: Record<string, string>;
  receiverUrl: string | undefined;
  receiverPort: number;
  close(): Promise<void>;
};

export async function resolveTarget(options: TargetOptions): Promise<Target> {
  const common = { apiKey: options.apiKey, keys: options.keys ?? {}, receiverUrl: options.receiverUrl, receiverPort: options.receiverPort ?? 0 };
  if (!options.baseUrl) return { ...common, ...(await ownMock()), apiKey: undefined };
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const origins = { baseUrl, hubUrl: options.hubUrl?.replace(/\/+$/, '') ?? baseUrl, workspaceUrl: options.workspaceUrl?.replace(/\/+$/, '') ?? baseUrl };
  const close = async () => {};
  if (options.apiKey) return { ...common, ...origins, kind: 'deployment', close };
  if (!(await hasControlApi(baseUrl))) throw new Error(`${baseUrl} is not a crmkit mock with its control API: give --api-key`);
  return { ...common, ...origins, kind: 'mock', close };
}

/**
 * The runner's own mock may deliver webhooks to 127.0.0.1, where the runner's receiver listens:
 * a developer's mock allows that, a deployment never does.
 */
async function ownMock() {
  const mock = createMock({ allowPrivateWebhooks: true });
  const running = await startServer(mock, { port: 0, host: '127.0.0.1' });
  mock.state.config.urls = { base_url: running.url, hub_url: running.url, workspace_url: running.url };
  return { kind: 'own mock' as const, baseUrl: running.url, hubUrl: running.url, workspaceUrl: running.url, close: () => running.close() };
}

async function hasControlApi(baseUrl: string): Promise<boolean> {
  try {
    const response = await request(`${baseUrl}/_mock/faults`);
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}
