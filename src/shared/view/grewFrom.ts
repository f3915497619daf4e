/**
 * Whether `next` is an array that had `counted` items, the last of them `lastItem`, and since then
 * only grew by appending (a live transcript, its rows): what was derived from the first `counted`
 * items still holds. Compared at one place, so it stays O(1) per batch.
 */
export function grewFrom<T>(next: readonly T[], counted: number, lastItem: T | undefined): boolean {
  return next.length >= counted && (counted === 0 || next[counted - 1] === lastItem);
}
