import { DEFAULT_MAX_VALUE_DEPTH } from '../transportSafe';

/** Largest protocol message accepted, measured as UTF-8 JSON text: 32 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

/**
 * Deepest nesting of a whole message: a payload (tool input, result) may nest as deep as any
 * transport-safe value, DEFAULT_MAX_VALUE_DEPTH, and sits one level inside the message object.
 */
export const MAX_MESSAGE_DEPTH = DEFAULT_MAX_VALUE_DEPTH + 1;
