// Ctrl-C (or SIGTERM) during a run against a target: the first stops the run where it can and lets
// it delete what it made, saying so on stderr; a second quits at once (exit status 130).

/** A signal that aborts on the first interrupt, after `saying` is written to stderr. */
export function stopOnInterrupt(saying: string): AbortSignal {
  const interrupted = new AbortController();
  const stop = () => {
    if (interrupted.signal.aborted) process.exit(130);
    process.stderr.write(`${saying} (interrupt again to quit at once)\n`);
    interrupted.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return interrupted.signal;
}
