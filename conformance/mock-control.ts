// The control API of a crmkit mock (/_mock), for checks that shape what a deployment would leave
// to time or to a person: moving the workspace clock past a retry, reading it, approving an app.
// These requests are not the CRM interface, so they are not recorded for the observers.
import { request } from 'undici';
import { controlHeaders } from '../harness/target.ts';
import type { CheckContext } from './context.ts';

type ControlMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A control route's status and JSON, whatever the mock answers (a refusal may be what a check judges). */
export async function controlAnswer(
  context: CheckContext,
  method: ControlMethod,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any; text: string }> {
  const mock = context.target.mock;
  if (!mock) context.skip('needs the control API of a crmkit mock');
  const response = await request(`${mock.controlUrl}${path}`, {
    method,
    headers: { ...controlHeaders(mock.controlToken), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json, text };
}

/**
 * The mock workspace's id, for a control route's path; skips the check when the target is no
 * crmkit mock (a deployment, a stand-in): its path would otherwise read `undefined.workspaceId`.
 */
export function mockWorkspaceId(context: CheckContext): string {
  const mock = context.target.mock;
  if (!mock) context.skip('needs the control API of a crmkit mock');
  return mock.workspaceId;
}

/** Answers the control route's JSON; fails the check when the mock refuses. */
export async function controlCall(context: CheckContext, method: ControlMethod, path: string, body?: unknown): Promise<any> {
  const { status, json, text } = await controlAnswer(context, method, path, body);
  if (status >= 300) context.fail(`the mock's control route ${method} ${path} answered ${status}: ${text.slice(0, 300)}`);
  return json;
}

/** The mock workspace's clock, in ms. */
export async function mockNowMs(context: CheckContext): Promise<number> {
  const clock = await controlCall(context, 'GET', `/_mock/workspaces/${mockWorkspaceId(context)}/clock`);
  return Date.parse(clock.now);
}

/** Moves the mock workspace's clock; answers once what fell due has run. */
export async function advanceMockClock(context: CheckContext, seconds: number): Promise<void> {
  await controlCall(context, 'POST', `/_mock/workspaces/${mockWorkspaceId(context)}/clock`, { advance_seconds: seconds });
}

/**
 * Runs `steps` with the mock workspace's clock frozen, so that only the check moves it (what falls
 * due runs inside the move that makes it due; records made meanwhile share one instant), and lets
 * it follow real time again afterwards, whatever happens.
 */
export async function withFrozenMockClock<T>(context: CheckContext, steps: () => Promise<T>): Promise<T> {
  const clock = `/_mock/workspaces/${mockWorkspaceId(context)}/clock`;
  const wasFrozen = (await controlCall(context, 'GET', clock))?.frozen === true;
  if (!wasFrozen) await controlCall(context, 'POST', clock, { freeze: true });
  try {
    return await steps();
  } finally {
    if (!wasFrozen) await controlCall(context, 'POST', clock, { freeze: false });
  }
}
