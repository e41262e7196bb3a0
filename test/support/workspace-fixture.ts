// One mock for a test file and a fresh workspace per test, its clock frozen at `start`: the base
// of the area fixtures (conversations, forms), with what every one of them needs.
import { beforeAll, beforeEach, expect } from 'vitest';
import { call, setUpMock, type Answer, type Setup } from './mock-client.ts';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

export function workspaceFixture(start: string) {
  let setup: Setup;
  let created: any;
  beforeAll(async () => {
    setup = await setUpMock();
  });
  beforeEach(async () => {
    created = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    await base.control('POST', '/clock', { freeze: true, set: start });
  });

  const base = {
    get mock() {
      return setup.mock;
    },
    /** The control API's answer for the workspace: its key, members, pipelines, channels, forms. */
    get created() {
      return created;
    },
    wsId: () => created.workspace.id as string,
    key: () => created.api_key as string,
    workspace: () => setup.mock.state.workspaces.get(created.workspace.id)!,
    member: (role: string) => created.members.find((member: any) => member.role === role),

    api(method: string, path: string, body?: unknown, key: string = base.key()): Promise<Answer> {
      return call(setup.mock, method, path, { key, body });
    },
    control(method: string, path: string, body?: unknown): Promise<Answer> {
      return call(setup.mock, method, `/_mock/workspaces/${created.workspace.id}${path}`, { body });
    },
    async advance(ms: number): Promise<void> {
      expect((await base.control('POST', '/clock', { advance_seconds: ms / SECOND })).status).toBe(200);
    },
    async events(type: string): Promise<any[]> {
      return (await base.control('GET', `/events?type=${type}`)).body.data;
    },
  };
  return base;
}
