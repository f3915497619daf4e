export interface SilenceWatch {
  /** Something arrived from the app. */
  heard(): void;
  /** A request went out: start watching, unless already watching (time with nothing under way does not count). */
  wake(): void;
  stop(): void;
}

/**
 * Tells when the app has gone silent while requests are under way: nothing at all from it (no
 * progress, no bytes of an answer, no answer to a ping) for `limitMs`. After a third and after two
 * thirds of that in silence the app is pinged, so a long run that reports nothing (no progress asked
 * for, a call waiting for a person's approval) is not taken for silence while the app still answers.
 */
export function watchAppSilence(options: {
  limitMs: number;
  /** Whether any request is still under way. */
  busy(): boolean;
  ping(): void;
  silent(quietMs: number): void;
}): SilenceWatch {
  let lastHeard = performance.now();
  let pings = 0;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const heard = () => {
    lastHeard = performance.now();
    pings = 0;
  };
  const check = () => {
    if (!options.busy()) return stop();
    const quiet = performance.now() - lastHeard;
    if (quiet >= options.limitMs) {
      heard();
      return options.silent(quiet);
    }
    if (pings < 2 && quiet >= ((pings + 1) * options.limitMs) / 3) {
      pings += 1;
      options.ping();
    }
  };
  return {
    heard,
    wake() {
      if (timer) return;
      heard();
      timer = setInterval(check, options.limitMs / 12);
    },
    stop,
  };
}
