/** A fault the model can fix (unknown handle or method, bad arguments): it goes back as an is_error tool result. */
export class ObjectError extends Error {
  constructor(
    message: string,
    readonly details: { objId?: string; methodName?: string } = {},
  ) {
    super(message);
    this.name = 'ObjectError';
  }
}
