// The target of a run cannot be used at all: it does not answer, or it is no mock and no key was
// given. The command line answers it as a mistake in the call (one line, exit status 2).
export class TargetError extends Error {}
