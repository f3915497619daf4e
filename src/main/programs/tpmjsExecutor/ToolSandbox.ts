/** How tool children are started: inside bubblewrap, inside plain namespaces, or as plain processes. */
export type IsolationMode = 'bubblewrap' | 'namespaces' | 'process';

/** A wrapper command that starts a tool child isolated from the executor and from other calls. */
export interface ToolSandbox {
  mode: Exclude<IsolationMode, 'process'>;
  /** The command line that runs `program` (the node command) for a call working in `workDir`. */
  wrap(workDir: string, program: string[]): string[];
}
