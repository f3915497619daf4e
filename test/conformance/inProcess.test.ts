import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { describeExecutorConformance } from './describeExecutorConformance';

describeExecutorConformance('in-process', (limits) => ({
  executor: createInProcessExecutor(limits),
  sharesTestThread: true,
}));
