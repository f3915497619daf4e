import type {
  ExportHtmlOptions,
  HtmlDownloadOptions,
  SaveTranscriptOptions,
} from '../../../shared/api/debug';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { checkFilePath } from './transcriptFiles';

const MAX_SENSITIVE_KEYS = 200;

/** Validates save options from the (untrusted) renderer. */
export function checkSaveOptions(value: unknown): SaveTranscriptOptions {
  const fields = optionFields(value, ['name', 'file', 'sensitiveKeys']);
  const options: SaveTranscriptOptions = {};
  if (fields.name !== undefined && fields.name !== '') {
    if (typeof fields.name !== 'string' || fields.name.length > 200)
      throw new InvalidArgumentError('options.name must be a string of at most 200 characters');
    options.name = fields.name.trim() || 'transcript';
  }
  if (fields.file !== undefined) options.file = checkFilePath(fields.file, '.jsonl', 'options.file');
  if (fields.sensitiveKeys !== undefined) options.sensitiveKeys = checkSensitiveKeys(fields.sensitiveKeys);
  return options;
}

/** Validates HTML export options from the (untrusted) renderer. */
export function checkExportOptions(value: unknown): ExportHtmlOptions {
  const fields = optionFields(value, ['file', 'sensitiveKeys']);
  const options: ExportHtmlOptions = {};
  if (fields.file !== undefined) options.file = checkFilePath(fields.file, '.html', 'options.file');
  if (fields.sensitiveKeys !== undefined) options.sensitiveKeys = checkSensitiveKeys(fields.sensitiveKeys);
  return options;
}

/** A download's file name: letters, digits, `_`, `-` and `.` only, so it is safe in a header and on any disk. */
const DOWNLOAD_FILE_NAME = /^\w[\w.-]{0,194}\.html$/;

/** Validates the options of a report downloaded through the browser (exportHtml's, with a file name instead of a file). */
export function checkDownloadOptions(
  value: unknown,
): Required<Pick<HtmlDownloadOptions, 'fileName'>> & HtmlDownloadOptions {
  const fields = optionFields(value, ['fileName', 'sensitiveKeys']);
  const { fileName = 'transcript.html' } = fields;
  if (typeof fileName !== 'string' || !DOWNLOAD_FILE_NAME.test(fileName))
    throw new InvalidArgumentError(
      'options.fileName must be a name ending in .html of at most 200 letters, digits, "_", "-" and "." (no folders)',
    );
  return {
    fileName,
    ...(fields.sensitiveKeys === undefined
      ? {}
      : { sensitiveKeys: checkSensitiveKeys(fields.sensitiveKeys) }),
  };
}

function optionFields(value: unknown, allowed: string[]): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new InvalidArgumentError('options must be an object');
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!allowed.includes(key)) throw new InvalidArgumentError(`options.${key} is not an option here`);
  }
  return fields;
}

function checkSensitiveKeys(keys: unknown): string[] {
  if (
    !Array.isArray(keys) ||
    keys.length > MAX_SENSITIVE_KEYS ||
    !keys.every((key) => typeof key === 'string')
  )
    throw new InvalidArgumentError(
      `options.sensitiveKeys must be a list of at most ${MAX_SENSITIVE_KEYS} strings`,
    );
  return keys.map((key: string) => key.trim()).filter(Boolean);
}
