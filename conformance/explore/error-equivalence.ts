// Two refusals that mean the same where the spec lets a deployment answer either way: the error
// readings of the catalog and src/other-readings/ (status-id-type, error-changed-cursor,
// error-unparsable-body, error-unknown-route, status-limit-reached, status-no-pipeline,
// status-task-not-open). Any other difference of status or code is a divergence.
export type Refusal = { status: number; code: string | undefined };

/** Answers each group takes as one (spec section and words in the comment of each), crmkit's first. */
const SAME_REFUSAL: Refusal[][] = [
  // 2.2: "An id of the wrong type in a path answers 404 not_found or 400 invalid_id_type."
  [
    { status: 400, code: 'invalid_id_type' },
    { status: 404, code: 'not_found' },
  ],
  // 4.13: "A changed cursor answers invalid_cursor or validation_failed."
  [
    { status: 400, code: 'invalid_cursor' },
    { status: 422, code: 'validation_failed' },
  ],
  // 7.2 names only the status for malformed JSON; bad_json is 7.3's "value of the wrong type".
  [
    { status: 400, code: 'bad_json' },
    { status: 400, code: 'malformed_json' },
  ],
  // The spec names no answer for a route it does not have (7.3 gives not_found to unknown ids).
  [
    { status: 404, code: 'not_found' },
    { status: 405, code: 'method_not_allowed' },
    { status: 404, code: 'route_not_found' },
  ],
];

/** Codes whose status 7.3 leaves open: any of these. */
const OPEN_STATUS: Record<string, number[]> = {
  limit_reached: [403, 409, 422], // 7.3: "403, 409 or 422"
  no_pipeline: [409, 422], // 7.3: "409 or 422"
  task_not_open: [409, 422], // 7.3: "status not shown"
};

function same(a: Refusal, b: Refusal): boolean {
  return a.status === b.status && a.code === b.code;
}

/** Whether the target's refusal is one the spec lets stand for the oracle's. */
export function sameRefusal(target: Refusal, oracle: Refusal): boolean {
  if (same(target, oracle)) return true;
  const open = oracle.code && OPEN_STATUS[oracle.code];
  if (open && target.code === oracle.code) return open.includes(target.status);
  return SAME_REFUSAL.some((group) => group.some((item) => same(item, target)) && group.some((item) => same(item, oracle)));
}

/**
 * Every status the spec lets stand for crmkit's refusal (its own first): the groups crmkit's answer
 * heads (each group's first is crmkit's choice), and the statuses 7.3 leaves open for its code.
 */
export function statusesStandingFor(refusal: Refusal): number[] {
  const open = refusal.code ? (OPEN_STATUS[refusal.code] ?? []) : [];
  const grouped = SAME_REFUSAL.filter((group) => same(group[0]!, refusal))
    .flat()
    .map((item) => item.status);
  return [...new Set([refusal.status, ...open, ...grouped])];
}

/**
 * A refusal whose answer the spec does not name, where any 4xx stands for crmkit's: a move into a
 * lost stage without `loss_reason` (part 3 makes it a condition of the move and shows no answer;
 * the catalog's reading `leads.lost-needs-reason-answer`, 409 in src/other-readings/).
 */
export function answerUnnamed(oracleError: { code?: unknown; fields?: Record<string, unknown> } | undefined): boolean {
  const fields = Object.keys(oracleError?.fields ?? {});
  return oracleError?.code === 'validation_failed' && fields.length === 1 && fields[0] === 'loss_reason';
}
