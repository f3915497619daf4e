export interface ToolManifest {
  safeName: string;
  originalName: string;
  description?: string;
}

/** Transport-safe view of a resolved provider: metadata only, never closures, clients or secrets. */
export interface ProviderManifest {
  name: string;
  tools: Record<string, ToolManifest>;
  types: string;
}
