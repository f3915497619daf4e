import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appUiHost } from './app/uiHost';
import { connectToHost } from './api/connectToHost';
import { followHostConnection } from './state/followHostConnection';
import { followWorkspaceRuns } from './state/followWorkspaceRuns';
import { HostContext } from './state/hostContext';
import { usePlaygroundStore } from './state/store';
import { createEntriesCoalescer } from './state/createEntriesCoalescer';
import { HELD_TAIL } from './state/heldTail';
import { UiHostContext } from './ui/uiHost';
import { downloadLink } from './ui/downloadLink';
import './app/panels/loadPanels';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
const connection = connectToHost(downloadLink);

if ('error' in connection) {
  root.render(
    <div className="fatal" role="alert">
      <h1>Execbox Playground</h1>
      <p>{connection.error}</p>
    </div>,
  );
} else {
  const { api } = connection;
  // A live run's batches reach the store once per frame, merged (a hidden page: every 100 ms at most).
  const applyEvent = createEntriesCoalescer((event) => usePlaygroundStore.getState().applyEvent(event), {
    schedule: (flush) => {
      requestAnimationFrame(flush);
      setTimeout(flush, 100);
    },
    maxWaiting: HELD_TAIL,
  });
  api.onEvent(applyEvent);
  followWorkspaceRuns(api);
  connection.onConnectionChange((state) => void followHostConnection(api, state));
  // Links in rendered content open in the OS browser, never inside the app window.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    connection.openExternal(link.href);
  });
  root.render(
    <StrictMode>
      <HostContext.Provider
        value={{
          api,
          openExternal: connection.openExternal,
          downloadHtmlReport: connection.downloadHtmlReport,
        }}
      >
        <UiHostContext.Provider value={appUiHost}>
          <App />
        </UiHostContext.Provider>
      </HostContext.Provider>
    </StrictMode>,
  );
}
