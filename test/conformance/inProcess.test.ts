import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { describeExecutorConformance } from './describeExecutorConformance';

describeExecutorConformance('in-process', () => ({
  executor: createInProcessExecutor(),
  sharesTestThread: true,
}));
