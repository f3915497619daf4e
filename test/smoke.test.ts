import { describe, expect, it } from 'vitest';
import { EXECUTE_ERROR_CODES } from '../src/shared/errors';

describe('error codes', () => {
  it('are the seven stable codes', () => {
    expect(EXECUTE_ERROR_CODES).toHaveLength(7);
  });
});
