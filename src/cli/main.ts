// `crmkit <command>`: the command line. Each command lives in its own file.
import { runConformanceCommand } from './conformance-command.ts';
import { runMockCommand } from './mock-command.ts';

const USAGE = `crmkit: mock server and conformance kit for the CRM HTTP interface

Usage:
  crmkit mock [--port 4010] [--host 127.0.0.1] [--no-control] [--allow-private-webhooks] [--coverage] [--state FILE]
              [--seed N [--seed-size LEADS]] [--fault NAME ...] [--faults]
  crmkit conformance --base-url URL [--api-key KEY] [--limited-key KEY] [--hub-url URL] [--workspace-url URL]
              [--form-id ID] [--client-id ID --client-secret SECRET --redirect-uri URI]
              [--webhook-receiver-url URL [--webhook-receiver-port 8787]] [--wait-for-retries]
              [--only FAMILY|CHECK ...] [--read-only] [--reporter pretty|json|junit] [--out FILE]
  crmkit help

Against a crmkit mock, conformance needs no key: it provisions its own workspaces, and its webhook
checks deliver to a receiver on 127.0.0.1 (start the mock with --allow-private-webhooks). Against a
deployment, --webhook-receiver-url is a public HTTPS address forwarding to 127.0.0.1:--webhook-receiver-port
(the path kept), and --wait-for-retries lets the retry checks wait the minute a first retry takes.
Command still to come: scenario (issue 7).
`;

const [command, ...args] = process.argv.slice(2);

switch (command) {
  case 'mock':
    await runMockCommand(args);
    break;
  case 'conformance':
    await runConformanceCommand(args);
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
