// `crmkit <command>`: the command line. Each command lives in its own file.
import { didYouMean } from '../errors/close-names.ts';
import { runConformanceCommand } from './conformance-command.ts';
import { runExploreCommand } from './explore-command.ts';
import { HELP } from './help.ts';
import { runMockCommand } from './mock-command.ts';
import { runProxyCommand } from './proxy-command.ts';
import { runScenarioCommand } from './scenario-command.ts';
import { isUsageError } from './usage-error.ts';
import { packageVersion } from './version.ts';

// Output piped into `head` and closed early is no error of the command's.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const [command, ...args] = process.argv.slice(2);
const COMMANDS = {
  mock: runMockCommand,
  conformance: runConformanceCommand,
  scenario: runScenarioCommand,
  proxy: runProxyCommand,
  explore: runExploreCommand,
} as const;

try {
  // `crmkit help COMMAND` is `crmkit COMMAND --help`.
  if (command === 'help' && args[0] !== undefined) commandHelp(args[0]);
  else if (['help', '--help', '-h'].includes(command ?? '')) process.stdout.write(HELP.crmkit);
  else if (['--version', '-v'].includes(command ?? '')) process.stdout.write(`crmkit ${packageVersion()}\n`);
  // No command is a mistake in the call: the commands' summary, exit status 2.
  else if (command === undefined) usageSummary();
  else if (!isCommand(command)) usageError(unknownCommand(command), 'crmkit');
  else if (args.includes('--help') || args.includes('-h')) process.stdout.write(HELP[command]);
  else await COMMANDS[command](args);
} catch (error) {
  if (!isUsageError(error)) throw error;
  usageError(error.message, `crmkit ${command}`);
}

function isCommand(name: string): name is keyof typeof COMMANDS {
  return Object.hasOwn(COMMANDS, name);
}

/** "unknown command moke: did you mean mock?", with the close names as a mistyped option gets them. */
function unknownCommand(name: string): string {
  const hint = didYouMean(name, [...Object.keys(COMMANDS), 'help']);
  return `unknown command ${name}${hint ? `: ${hint}` : ''}`;
}

function commandHelp(name: string): void {
  if (isCommand(name)) process.stdout.write(HELP[name]);
  else usageError(unknownCommand(name), 'crmkit');
}

function usageSummary(): void {
  process.stderr.write(HELP.crmkit);
  process.exitCode = 2;
}

/** One clear line, a pointer to the help, exit status 2: no stack trace for a mistake in the call. */
function usageError(message: string, name: string): void {
  process.stderr.write(`${name}: ${message.split('\n')[0]}\n(${name} --help shows the ${name === 'crmkit' ? 'commands' : 'options'})\n`);
  process.exitCode = 2;
}
