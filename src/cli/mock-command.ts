// `crmkit mock`: the standalone mock on node:http, with a fresh workspace and its owner key.
import { parseArgs } from 'node:util';
import { startServer } from '../adapters/node-server.ts';
import { createMock } from '../mock.ts';
import { createWorkspace } from '../workspaces/create-workspace.ts';

export async function runMockCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'no-control': { type: 'boolean', default: false },
      'allow-private-webhooks': { type: 'boolean', default: false },
      coverage: { type: 'boolean', default: false },
    },
  });
  const mock = createMock({ controlApi: !values['no-control'], allowPrivateWebhooks: values['allow-private-webhooks'] });
  if (values.coverage) return printCoverage(mock);

  const running = await startServer(mock, { port: Number(values.port), host: values.host });
  mock.state.config.urls = { base_url: running.url, hub_url: running.url, workspace_url: running.url };
  const { workspace, ownerKey } = await createWorkspace(mock.state, {});
  console.log(
    [
      `crmkit mock is listening`,
      `  base_url       ${running.url}`,
      `  hub_url        ${running.url}`,
      `  workspace_url  ${running.url}`,
      `  workspace      ${workspace.id} (${workspace.slug}, plan ${workspace.plan})`,
      `  owner API key  ${ownerKey.key}`,
      `  control API    ${mock.state.config.controlApi ? `${running.url}/_mock` : 'off'}`,
      ``,
      `  try: curl -H "Authorization: Bearer ${ownerKey.key}" ${running.url}/v1/api-keys/whoami`,
    ].join('\n'),
  );
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function printCoverage(mock: ReturnType<typeof createMock>): void {
  const missing = mock.unimplemented();
  const total = [...new Set(missing.map((op) => op.id))].length;
  console.log(`${total} operations of the CRM document answer 501 not_implemented so far:`);
  for (const operation of missing) console.log(`  ${operation.method.padEnd(7)} ${operation.path}  (${operation.id})`);
}
