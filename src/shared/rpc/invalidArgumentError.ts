/** Thrown by a host service when the renderer passed arguments it refuses; becomes a `bad_request`. */
export class InvalidArgumentError extends Error {
  override readonly name = 'InvalidArgumentError';
}
