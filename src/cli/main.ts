// `crmkit <command>`: the command line. Each command lives in its own file.
import { runConformanceCommand } from './conformance-command.ts';
import { runMockCommand } from './mock-command.ts';
import { runScenarioCommand } from './scenario-command.ts';

const USAGE = `crmkit: mock server and conformance kit for the CRM HTTP interface

Usage:
  crmkit mock [--port 4010] [--host 127.0.0.1] [--no-control] [--allow-private-webhooks] [--coverage] [--state FILE]
              [--seed N [--seed-size LEADS]] [--fault NAME ...] [--faults] [--scenario FILE]
  crmkit conformance --base-url URL [--api-key KEY] [--limited-key KEY] [--hub-url URL] [--workspace-url URL]
              [--revoked-key KEY] [--expired-key KEY] [--ip-restricted-key KEY]
              [--form-id ID] [--client-id ID --client-secret SECRET --redirect-uri URI]
              [--webhook-receiver-url URL [--webhook-receiver-port 8787]] [--wait-for-retries]
              [--only FAMILY|CHECK ...] [--read-only] [--reporter pretty|json|junit] [--out FILE]
  crmkit scenario run FILE|DIR ... [--base-url URL --api-key KEY] [--key NAME=KEY ...] [--hub-url URL] [--workspace-url URL]
              [--receiver-url URL [--receiver-port N]] [--reporter pretty|json|junit] [--out FILE]
  crmkit scenario check FILE|DIR ...
  crmkit help

Against a crmkit mock, conformance needs no key: it provisions its own workspaces, and its webhook
checks deliver to a receiver on 127.0.0.1 (start the mock with --allow-private-webhooks). Against a
deployment, --webhook-receiver-url is a public HTTPS address forwarding to 127.0.0.1:--webhook-receiver-port
(the path kept), and --wait-for-retries lets the retry checks wait the minute a first retry takes.
Without --base-url, scenario run starts a mock of its own (port 0); against a deployment, steps that need
the mock's control API (clock moves, inbound messages, its event log) are skipped with the reason.
`;

const [command, ...args] = process.argv.slice(2);

switch (command) {
  case 'mock':
    await runMockCommand(args);
    break;
  case 'conformance':
    await runConformanceCommand(args);
    break;
  case 'scenario':
    await runScenarioCommand(args);
    break;
  case undefined:
  case 'help':
  case '--help':
  case '-h':
    process.stdout.write(USAGE);
    break;
  default:
    process.stderr.write(`unknown command: ${command}\n\n${USAGE}`);
    process.exitCode = 2;
}
