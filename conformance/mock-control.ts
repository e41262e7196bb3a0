// The control API of a crmkit mock (/_mock), for checks that shape what a deployment would leave
// to time or to a person: moving the workspace clock past a retry, reading it, approving an app.
// These requests are not the CRM interface, so they are not recorded for the observers.
import { request } from 'undici';
import type { CheckContext } from './context.ts';

/** Answers the control route's JSON; fails the check when the mock refuses. */
export async function controlCall(context: CheckContext, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<any> {
  const mock = context.target.mock;
  if (!mock) context.skip('needs the control API of a crmkit mock');
  const response = await request(`${mock.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) context.fail(`the mock's control route ${method} ${path} answered ${response.statusCode}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The mock workspace's clock, in ms. */
export async function mockNowMs(context: CheckContext): Promise<number> {
  const clock = await controlCall(context, 'GET', `/_mock/workspaces/${context.target.mock!.workspaceId}/clock`);
  return Date.parse(clock.now);
}

/** Moves the mock workspace's clock; answers once what fell due has run. */
export async function advanceMockClock(context: CheckContext, seconds: number): Promise<void> {
  await controlCall(context, 'POST', `/_mock/workspaces/${context.target.mock!.workspaceId}/clock`, { advance_seconds: seconds });
}
