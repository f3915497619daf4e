/**
 * The normalizer bundle (runner-normalizer.cjs), which the runner loads on its first normalization
 * (see normalizeGuestCodeFromBundle.ts): guest-code normalization and the parser it needs.
 */
export { CodeSyntaxError, normalizeCode } from '../shared/normalizeCode';
