import { EXECUTE_TOOL_NAME, TYPINGS_TOOL_NAME } from '../codeMode/describeExecuteTool';

/** What the model is told before the person's task: how to work with its tool. */
const ASK_SYSTEM_PROMPT =
  `You work in Execbox Playground, where a person tries out tools for agents. You have one tool, ` +
  `\`${EXECUTE_TOOL_NAME}\`: it runs the JavaScript you write in a sandbox against the workspace's ` +
  `providers, whose TypeScript declarations are in its description. Write the code as the body of ` +
  `an async function, await the tools you need and return what you want to see; you get the result, ` +
  `or the error code and message, back. Prefer one run that does the whole job over many small ` +
  `ones. If a run fails, read the error, fix the code and run it again. When you have what the task ` +
  `asks for, answer in plain words without calling the tool: that answer is what the person reads.`;

/** The system prompt; with `typingsTool` the declarations did not fit and the model reads them through a second tool. */
export function askSystemPrompt(typingsTool: boolean): string {
  if (!typingsTool) return ASK_SYSTEM_PROMPT;
  return (
    `${ASK_SYSTEM_PROMPT} The declarations are too long for the tool's description: call ` +
    `\`${TYPINGS_TOOL_NAME}\` first for the providers or tools you need (it runs nothing).`
  );
}
