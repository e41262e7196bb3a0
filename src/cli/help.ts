// What `crmkit help` and each command's `--help` print. Each command's options come from its own
// table (the same one its command line is read with), so the help cannot drift from what it takes.
import { CONFORMANCE_OPTIONS } from './conformance-command.ts';
import { EXPLORE_OPTIONS } from './explore-command.ts';
import { MOCK_OPTIONS } from './mock-command.ts';
import { optionHelp } from './options.ts';
import { PROXY_OPTIONS } from './proxy-command.ts';
import { SCENARIO_OPTIONS } from './scenario-command.ts';

export const HELP = {
  crmkit: `crmkit: mock server and conformance kit for the CRM HTTP interface

Usage:
  crmkit mock [options]              a stateful mock of the interface on node:http
  crmkit conformance --base-url URL  the conformance suite against a deployment or a crmkit mock
  crmkit explore --base-url URL      calls generated from the document, judged by a crmkit workspace in process
  crmkit proxy --target URL          a validating proxy: forwards to a deployment and judges every exchange
  crmkit scenario run FILE|DIR ...   readable stories against a mock or a deployment
  crmkit scenario check FILE|DIR ... load stories and report problems in them
  crmkit help [COMMAND]              these lines, or a command's options (as crmkit COMMAND --help)
  crmkit --version                   the version of crmkit

Each command has --help.
`,
  mock: `crmkit mock: a stateful mock of the CRM interface on node:http

Usage: crmkit mock [options]

${optionHelp(MOCK_OPTIONS)}
`,
  conformance: `crmkit conformance: the conformance suite, rule by rule

Usage: crmkit conformance --base-url URL [options]
       crmkit conformance --list-rules [--only FAMILY|CHECK] [--reporter pretty|json] [--out FILE]

Against a crmkit mock (with its control API) no key is needed: the suite provisions its own workspaces.
Start that mock with --allow-private-webhooks, or the webhook checks are skipped (their receiver is on
127.0.0.1).

Target:
${optionHelp(CONFORMANCE_OPTIONS.target)}
What to run:
${optionHelp(CONFORMANCE_OPTIONS.run)}
Output (progress goes to stderr):
${optionHelp(CONFORMANCE_OPTIONS.output)}
Compared with an earlier run, a regression gate (beside --out or another reporter, the comparison
goes to stderr):
${optionHelp(CONFORMANCE_OPTIONS.compare)}

Exit status: 0 when no rule failed, 1 when one did, 2 for a usage error or an unreachable target.
With --compare FILE, the regression gate's instead: 1 only when a rule that passed in FILE fails now;
0 otherwise, even when rules fail in both runs or a rule new to the catalog fails (with
--compare-strict, 1 also for the changes its line above names); 2 as above, and for a FILE that is
not a crmkit JSON report of this format.
`,
  explore: `crmkit explore: stateful exploration, judged by a crmkit workspace in process

Usage: crmkit explore --base-url URL [--seed N] [--calls N] [--budget SECONDS] [options]

Sends a seeded sequence of calls made from the document (creates whose ids and cursors later
reads, changes, deletes, restores and lists take; valid calls mostly, and invalid variants) to
the target and to a crmkit workspace in this process that holds only the records the run made,
and compares the answers as the spec allows: ids as the run's records, server-assigned numbers
and other records left out, times within 5 minutes, lists as sets, every other reading the spec
leaves open. Each divergence is shrunk to the shortest sequence that still shows it and printed
with its replay line, the catalog rules it touches and both answers of every request. The run
names its records with its marker and deletes them at the end (Ctrl-C too); it calls no control
API unless the target is a crmkit mock.

Target:
${optionHelp(EXPLORE_OPTIONS.target)}
What to run:
${optionHelp(EXPLORE_OPTIONS.run)}
Output:
${optionHelp(EXPLORE_OPTIONS.output)}

Exit status: 0 without a divergence, 1 with one, 2 for a usage error or an unreachable target.
`,
  proxy: `crmkit proxy: a validating proxy in front of a deployment

Usage: crmkit proxy --target URL [options]

Point your application or tests at the proxy instead of the deployment: it forwards every request
unchanged and judges each answer as the conformance suite's observers do (a status the document
lists, a body valid against its schema, X-Request-Id, the error envelope, no 5xx), printing a line
per problem to stderr. Ctrl-C ends it with the report and its verdict; exit status 1 when a rule
failed (a problem with a rule the spec leaves open only warns).

${optionHelp(PROXY_OPTIONS)}
`,
  scenario: `crmkit scenario: readable stories of the interface

Usage: crmkit scenario run FILE|DIR ... [options]
       crmkit scenario check FILE|DIR ...

Without --base-url, run starts a mock of its own (port 0). A mock you started yourself needs
--allow-private-webhooks (the stories' webhook receiver is on 127.0.0.1); against a deployment,
steps that need the mock's control API are skipped.

Target:
${optionHelp(SCENARIO_OPTIONS.target)}
Output:
${optionHelp(SCENARIO_OPTIONS.output)}
`,
} as const;
