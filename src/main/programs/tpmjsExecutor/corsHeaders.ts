import { TPMJS_PROTOCOL_VERSION } from './tpmjsExecutorInfo';

/** Sent on every response, so browser clients can call the executor from any origin. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-TPMJS-Protocol-Version',
  'Access-Control-Max-Age': '86400',
  'X-TPMJS-Protocol-Version': TPMJS_PROTOCOL_VERSION,
};
