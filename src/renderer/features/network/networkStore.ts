import { create } from 'zustand';
import type {
  ConformanceCaseInfo,
  ConformanceCaseResult,
  ConformanceReport,
  LocalExecutorStatus,
  NetworkEvent,
} from '../../../shared/api/network';
import type { PlaygroundApi } from '../../../shared/api/playgroundApi';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';

export interface ConformanceRunView {
  runId: string;
  results: ConformanceCaseResult[];
  report?: ConformanceReport;
}

interface NetworkState {
  cases: ConformanceCaseInfo[];
  run?: ConformanceRunView;
  localExecutor: LocalExecutorStatus;
  applyNetworkEvent(event: NetworkEvent): void;
}

export const useNetworkStore = create<NetworkState>()((set) => ({
  cases: [],
  localExecutor: { state: 'stopped', authRequired: false },
  applyNetworkEvent: (event) =>
    set((state): Partial<NetworkState> => {
      switch (event.type) {
        case 'local_executor':
          return { localExecutor: event.status };
        case 'conformance_case':
          if (state.run?.runId !== event.runId) return {};
          return { run: { ...state.run, results: [...state.run.results, event.result] } };
        case 'conformance_finished':
          if (state.run?.runId !== event.runId) return {};
          return { run: { ...state.run, results: event.report.results, report: event.report } };
      }
    }),
}));

let syncedApi: PlaygroundApi | null = null;

/** Subscribes the network store to the host's network events once per connection and loads the cases. */
export function syncNetworkState(api: PlaygroundApi): void {
  if (syncedApi === api) return;
  syncedApi = api;
  api.onEvent((event) => {
    if (event.channel === 'network') useNetworkStore.getState().applyNetworkEvent(event);
  });
  const report = (error: unknown) => usePlaygroundStore.getState().notify('error', describeError(error));
  void api.network
    .listConformanceCases()
    .then((cases) => useNetworkStore.setState({ cases }))
    .catch(report);
  void api.network
    .localExecutorStatus()
    .then((localExecutor) => useNetworkStore.setState({ localExecutor }))
    .catch(report);
}
