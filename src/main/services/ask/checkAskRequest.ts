import { DEFAULT_MAX_TURNS, MAX_MAX_TURNS, MAX_TASK_CHARS, type AskRequest } from '../../../shared/api/ask';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';

/** The turn limit: a whole number from 1 to MAX_MAX_TURNS. */
export function checkMaxTurns(value: unknown, where = 'maxTurns'): number {
  if (value === undefined) return DEFAULT_MAX_TURNS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_MAX_TURNS)
    throw new InvalidArgumentError(`${where} must be a whole number from 1 to ${MAX_MAX_TURNS}`);
  return value;
}

export function checkTask(value: unknown, where = 'task'): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new InvalidArgumentError(`${where} must say what the model should do`);
  if (value.length > MAX_TASK_CHARS)
    throw new InvalidArgumentError(`${where} is longer than ${MAX_TASK_CHARS} characters`);
  return value;
}

/** An ask from the untrusted page. */
export function checkAskRequest(value: unknown): Required<Omit<AskRequest, 'compareGroup'>> & AskRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidArgumentError('the request must be an object');
  const raw = value as Record<string, unknown>;
  if (typeof raw.model !== 'string' || raw.model === '')
    throw new InvalidArgumentError('request.model must name a model from the settings');
  if (
    raw.compareGroup !== undefined &&
    (typeof raw.compareGroup !== 'string' || raw.compareGroup.length > 100)
  )
    throw new InvalidArgumentError('request.compareGroup must be a short string');
  return {
    model: raw.model,
    task: checkTask(raw.task, 'request.task'),
    maxTurns: checkMaxTurns(raw.maxTurns, 'request.maxTurns'),
    ...(raw.compareGroup !== undefined ? { compareGroup: raw.compareGroup as string } : {}),
  };
}
