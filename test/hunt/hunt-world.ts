// A mock with two workspaces for the blind hunt's tests (hunt-faults.test.ts): the same story is
// told to a clean mock and to one with a hunt fault on, and the test compares what each answered.
import { createMock, type Mock } from '../../src/mock.ts';
import { call, type Answer } from '../support/mock-client.ts';

export type Side = {
  mock: Mock;
  created: any;
  key: string;
  api(method: string, path: string, body?: unknown, options?: { key?: string; headers?: Record<string, string> }): Promise<Answer>;
  control(method: string, path: string, body?: unknown): Promise<Answer>;
  member(role: string): any;
  /** The stage of the first pipeline of this type (`open`, `won`, `lost`). */
  stage(type: string): any;
  /** The event types queued for the webhook, in order. */
  delivered(webhookId: string): Promise<string[]>;
};

export type World = Side & { other: Side };

async function side(mock: Mock): Promise<Side> {
  const created = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  const key: string = created.api_key;
  const wsPath = `/_mock/workspaces/${created.workspace.id}`;
  const self: Side = {
    mock,
    created,
    key,
    api: (method, path, body, options = {}) => call(mock, method, path, { key: options.key ?? key, body, headers: options.headers }),
    control: (method, path, body) => call(mock, method, `${wsPath}${path}`, { body }),
    member: (role) => created.members.find((member: any) => member.role === role),
    stage: (type) => created.pipelines[0].stages.find((stage: any) => stage.type === type),
    async delivered(webhookId) {
      // Deliveries are queued on the workspace clock: the clock route waits for what fell due.
      await self.control('POST', '/clock', { advance_seconds: 0 });
      const list = await self.api('GET', `/v1/webhooks/${webhookId}/deliveries?limit=250`);
      return list.body.data.map((delivery: any) => delivery.event_type).reverse();
    },
  };
  // A frozen clock: the stories move it themselves where time matters.
  await self.control('POST', '/clock', { freeze: true });
  return self;
}

export async function world(faults: string[]): Promise<World> {
  const mock = createMock({ faults, allowPrivateWebhooks: true });
  const main = await side(mock);
  return { ...main, other: await side(mock) };
}

/** What the story saw on the clean mock, then with `fault` on. */
export async function both<T>(fault: string, story: (world: World) => Promise<T>): Promise<{ clean: T; faulty: T }> {
  return { clean: await story(await world([])), faulty: await story(await world([fault])) };
}

/** A webhook of the side to every event, at a loopback address no receiver listens on (deliveries queue and fail). */
export async function hookAll(side: Side): Promise<string> {
  const created = await side.api('POST', '/v1/webhooks', { name: 'all', url: 'https://127.0.0.1:9/hook', events: ['*'] });
  return created.body.webhook.id;
}

/** Every record of a list walked one page of `limit` at a time. */
export async function walk(side: Side, path: string, limit = 1): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: Answer = await side.api('GET', `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ids.push(...page.body.data.map((record: any) => record.id));
    cursor = page.body.next_cursor || null;
  } while (cursor);
  return ids;
}
