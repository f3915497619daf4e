/** Thrown by a case (or its session) when the runner did not do what the rule requires. */
export class CaseFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CaseFailure';
  }
}

export function fail(reason: string): never {
  throw new CaseFailure(reason);
}
