/** Snippets this tab deleted itself: their unsaved edits go with them, unlike a deletion made elsewhere. */
const deletedHere = new Set<string>();

export function markDeletedHere(snippetId: string): void {
  deletedHere.add(snippetId);
}

/** True (once) when this tab deleted the snippet. */
export function takeDeletedHere(snippetId: string): boolean {
  return deletedHere.delete(snippetId);
}
