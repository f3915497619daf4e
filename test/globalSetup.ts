import { buildRunnerForTests } from '../scripts/buildRunnerForTests';

export default async function setup(): Promise<void> {
  await buildRunnerForTests();
}
