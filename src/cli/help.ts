// What `crmkit help` and each command's `--help` print.
export const HELP = {
  crmkit: `crmkit: mock server and conformance kit for the CRM HTTP interface

Usage:
  crmkit mock [options]              a stateful mock of the interface on node:http
  crmkit conformance --base-url URL  the conformance suite against a deployment or a crmkit mock
  crmkit proxy --target URL          a validating proxy: forwards to a deployment and judges every exchange
  crmkit scenario run FILE|DIR ...   readable stories against a mock or a deployment
  crmkit scenario check FILE|DIR ... load stories and report problems in them
  crmkit help

Each command has --help.
`,
  mock: `crmkit mock: a stateful mock of the CRM interface on node:http

Usage: crmkit mock [options]

  --port N                  port to listen on (default 4010; 0 picks a free one)
  --host ADDRESS            address to listen on (default 127.0.0.1)
  --no-control              no control API (/_mock)
  --control-token SECRET    control requests need "Authorization: Bearer SECRET" (or set
                            CRMKIT_CONTROL_TOKEN); beyond loopback the control API is off without it
  --stand-in FILE           stand in for a deployment: no control API, a workspace of demo data on real time,
                            and the inputs a QA engineer would have (keys, a form, an OAuth client) written to
                            FILE for \`crmkit conformance --inputs FILE\` and \`crmkit scenario run --inputs FILE\`
  --allow-private-webhooks  deliver webhooks to loopback and private addresses (for a local receiver)
  --state FILE              keep every workspace in FILE (and FILE.journal): each change is on the disk
                            before it is answered, so kill -9 or a crash loses nothing answered
  --seed N [--seed-size N]  start with demo data, the same for the same N (size: leads, default 1,000)
  --scenario FILE           start with the workspace a story sets up
  --failure SPEC ...        make calls slow or failing, e.g. operation=createLead,error=unavailable,times=3
                            or latency_ms=200,latency_jitter_ms=300,share=0.5 (errors: internal, unavailable,
                            rate_limited, drop, hang); also PUT /_mock/failures
  --fault NAME ...          break a named rule of the spec on purpose (see --faults)
  --faults                  list the named faults and exit
  --coverage                list operations that would answer 501 and exit
`,
  conformance: `crmkit conformance: the conformance suite, rule by rule

Usage: crmkit conformance --base-url URL [options]
       crmkit conformance --list-rules [--reporter pretty|json]

Against a crmkit mock (with its control API) no key is needed: the suite provisions its own workspaces.

Target:
  --inputs FILE                    the inputs below from a JSON file (README: "Checking a deployment"); options win
  --base-url URL                   the API origin (required, unless in --inputs)
  --hub-url URL                    the sign-in and consent origin (default: --base-url)
  --workspace-url URL              the public address of the workspace (forms; default: --base-url)
  --api-key KEY                    an owner's or admin's key of the workspace
  --limited-key KEY                a key without some scopes
  --other-workspace-key KEY        a key of another workspace
  --revoked-key KEY, --expired-key KEY, --ip-restricted-key KEY   keys the deployment must refuse
  --form-id ID                     a public form of the workspace
  --client-id ID --client-secret SECRET --redirect-uri URI        an OAuth client
  --webhook-receiver-url URL       a public HTTPS address forwarding to the suite's receiver
  --webhook-receiver-port N        the local port that address forwards to (default 8787)
  --wait-for-retries               wait for webhook retries (a minute and more) against a deployment
What to run:
  --only FAMILY|CHECK ...          only these families or checks (comma-separated or repeated)
  --read-only                      send no write
Output:
  --reporter pretty|json|junit|html   (default pretty); progress goes to stderr
  --out FILE                       write the report to FILE (a one-line summary goes to stderr)
  --list-rules                     print the catalog of the spec's rules with their checks, and exit

Exit status: 0 when no rule failed, 1 when one did, 2 for a usage error or an unreachable target.
`,
  proxy: `crmkit proxy: a validating proxy in front of a deployment

Usage: crmkit proxy --target URL [--port 4020] [--host 127.0.0.1] [--reporter pretty|json|junit|html] [--out FILE]

Point your application or tests at the proxy instead of the deployment: it forwards every request
unchanged and judges each answer as the conformance suite's observers do (a status the document
lists, a body valid against its schema, X-Request-Id, the error envelope, no 5xx), printing a line
per problem to stderr. Ctrl-C ends it with the report; exit status 1 when a problem was seen.
`,
  scenario: `crmkit scenario: readable stories of the interface

Usage: crmkit scenario run FILE|DIR ... [options]
       crmkit scenario check FILE|DIR ...

Without --base-url, run starts a mock of its own (port 0).
  --inputs FILE                  a deployment's inputs, as \`crmkit conformance --inputs\` reads them
  --base-url URL --api-key KEY   a deployment (steps that need the mock's control API are skipped)
  --key NAME=KEY ...             further keys the stories name
  --hub-url URL, --workspace-url URL
  --receiver-url URL [--receiver-port N]   a public address forwarding to the stories' webhook receiver
  --reporter pretty|json|junit   (default pretty)
  --out FILE                     write the report to FILE
`,
} as const;
