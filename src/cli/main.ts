// `crmkit <command>`: the command line. Each command lives in its own file.
import { runMockCommand } from './mock-command.ts';

const USAGE = `crmkit: mock server and conformance kit for the CRM HTTP interface

Usage:
  crmkit mock [--port 4010] [--host 127.0.0.1] [--no-control] [--allow-private-webhooks] [--coverage]
  crmkit help

Commands still to come: conformance (issue 6), scenario (issue 7).
`;

const [command, ...args] = process.argv.slice(2);

switch (command) {
  case 'mock':
    await runMockCommand(args);
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
