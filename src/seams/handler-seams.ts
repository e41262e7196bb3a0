// The extension points the core owns around an operation's handler (issue 23, item 1). Once the
// pipeline (http/handle.ts) has routed a CRM request, checked its credential and validated its
// input, the seams a mock was given may change the input its handler is given, and run around the
// handler inside the request's transaction (the caller's workspace, or the one a public
// operation's request names: http/handler.ts, workspaceOf; a public operation that names none
// runs in no transaction): what a seam writes to the store is part of the request's change, all
// of it or none of it, as a buggy handler's writes would be. The core names
// the points and imports nothing of what fills them (faults/fault-seam.ts registers the named
// faults). With no seam, the handler runs as it is. The control API passes no seam: tests and the
// suite drive the mock through it.
import type { Handler, HandlerContext, HandlerResult } from '../http/handler.ts';
import type { ValidatedInput } from '../http/request-validation.ts';

/** One filler of the handler's extension points; both are optional. */
export type HandlerSeam = {
  /** The input the handler is given instead of the validated one (`context.input`). */
  input?(input: ValidatedInput, context: HandlerContext): ValidatedInput;
  /** Runs around the handler: `next` runs it (and the seams inside this one), inside the request's transaction. */
  around?(next: () => Promise<HandlerResult>, context: HandlerContext): Promise<HandlerResult>;
};

/** The handler seams of one mock, in the order they were added (a later one runs outside an earlier one). */
export class HandlerSeams {
  readonly #seams: HandlerSeam[] = [];

  add(seam: HandlerSeam): void {
    this.#seams.push(seam);
  }

  /** The context with its input as the seams give it. */
  withInput(context: HandlerContext): HandlerContext {
    // A new context only for a seam after one that changed the input: every request passes here.
    const input = this.#seams.reduce(
      (changed, seam) => (seam.input ? seam.input(changed, changed === context.input ? context : { ...context, input: changed }) : changed),
      context.input,
    );
    return input === context.input ? context : { ...context, input };
  }

  /** Runs `handler` on `context` with every seam's `around` around it. */
  run(handler: Handler, context: HandlerContext): Promise<HandlerResult> {
    const innermost = async () => handler(context);
    return this.#seams.reduce<() => Promise<HandlerResult>>(
      (next, seam) => (seam.around ? () => seam.around!(next, context) : next),
      innermost,
    )();
  }
}
