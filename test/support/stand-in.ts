// A deployment stand-in in process (`crmkit mock --stand-in`, src/cli/stand-in.ts) for the tests
// that run the suite and the stories as against a deployment, and what they compare before and
// after: the records outside the trash.
import { createServer } from 'node:net';
import type { DeploymentInputs } from '../../harness/inputs.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { prepareStandIn } from '../../src/cli/stand-in.ts';
import { createMock } from '../../src/mock.ts';
import type { OtherReading } from '../../src/other-readings/other-reading.ts';
import type { Workspace } from '../../src/workspaces/workspace.ts';

export type StandIn = { server: RunningServer; workspace: Workspace; inputs: DeploymentInputs };

/** What a run could leave behind: the records of these tables outside the trash. */
const TABLES = ['leads', 'contacts', 'companies', 'tasks', 'products', 'tags', 'webhooks', 'fields', 'teams'] as const;

/**
 * `otherReadings`: the choices the spec leaves open, taken the other way (src/other-readings/);
 * `faults`: named faults switched on (src/faults/), for a stand-in that is wrong on purpose.
 */
export async function startStandIn(options: { otherReadings?: OtherReading[]; faults?: string[] } = {}): Promise<StandIn> {
  const mock = createMock({ controlApi: false, allowPrivateWebhooks: true, ...options });
  const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  const { workspace, inputs } = await prepareStandIn(mock.state, mock.state.config.urls);
  return { server, workspace, inputs };
}

/** The ids of each table's records outside the trash. */
export function liveRecords(workspace: Workspace): Record<string, string[]> {
  return Object.fromEntries(
    TABLES.map((name) => {
      const records = [...(workspace.tables[name] as { values(): Iterable<any> }).values()];
      return [
        name,
        records
          .filter((record) => !record.deleted_at)
          .map((record) => record.id)
          .sort(),
      ];
    }),
  );
}

/** A port free on 127.0.0.1 now: a receiver behind a "tunnel" must be known before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
