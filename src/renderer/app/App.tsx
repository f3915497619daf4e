import { useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from 'react-resizable-panels';
import { PaneToggles } from './PaneToggles';
import { EditorPane } from '../features/editor/EditorPane';
// The debugging panels' styles (the agents panel and transcript rows use them too) load here,
// right after the editor, as they did when the debug store imported them: the cascade keeps its order.
import '../features/debug/debug.css';
import { HelpOverlay } from './HelpOverlay';
import { ManualCallDialog } from '../features/providers/ManualCallDialog';
import { ServerRequestDialog } from '../features/providers/ServerRequestDialog';
import { Notices } from './Notices';
import { HeldCallChips } from './HeldCallChips';
import { RunBar } from './RunBar';
import { TrustBanner } from '../features/workspace/TrustBanner';
import { WorkspaceDialog } from '../features/workspace/WorkspaceDialog';
import { PanelTabs } from './panels/PanelTabs';
import { useApi } from '../state/hostContext';
import { runActiveSnippet } from '../state/runActions';
import { usePlaygroundStore } from '../state/store';
import { useShortcuts } from './useShortcuts';
import { useApprovalNotices } from '../state/approvalNotices';
import { Icon } from '../ui/Icon';
import { DisplayControls } from '../ui/display/DisplayControls';
import { uiScale, useDisplaySettings } from '../ui/display/displaySettings';

const CONNECTION_WORDS = {
  connecting: 'Connecting to the host…',
  open: '',
  reconnecting: 'The host went away. Reconnecting…',
  closed:
    'The host is not answering; still trying every few seconds. If you restarted `execbox serve` without --token, paste the new link it printed into the address bar.',
};

function useSavedLayout(id: string) {
  return useDefaultLayout({ id: `execbox.layout.${id}`, storage: localStorage });
}

/** The whole window: header, run bar, and three resizable columns that remember their sizes. */
export function App() {
  const api = useApi();
  useShortcuts(api);
  useApprovalNotices(api);
  const workspace = usePlaygroundStore((s) => s.workspace);
  const connection = usePlaygroundStore((s) => s.connection);
  const helpOpen = usePlaygroundStore((s) => s.helpOpen);
  const unsaved = usePlaygroundStore((s) => s.unsavedEdits || s.workspace?.savedToFile === false);
  const [workspaceOpen, setWorkspaceOpen] = useState(false);
  const panes = { left: usePanelRef(), bottom: usePanelRef(), right: usePanelRef() };
  const [collapsed, setCollapsed] = useState({ left: false, bottom: false, right: false });
  const track = (key: keyof typeof collapsed) => (size: { asPercentage: number }) =>
    setCollapsed((old) =>
      old[key] === (size.asPercentage === 0) ? old : { ...old, [key]: size.asPercentage === 0 },
    );
  const display = useDisplaySettings();
  const { presenting } = display;
  // Pixel minimums grow with presenter zoom (up to 1.5x, so two panes still fit in 1024 px) to keep larger type readable.
  const px = (n: number) => Math.round(n * Math.min(uiScale(display), 1.5));
  const columns = useSavedLayout(presenting ? 'columns-presenting' : 'columns');
  // Presenting, the editor starts taller than the result pane: the room reads the code.
  const center = useSavedLayout(presenting ? 'center-presenting' : 'center');

  return (
    <div className="app">
      <header className="app-header">
        <h1>Execbox Playground</h1>
        {workspace && (
          <button
            className="link workspace-name"
            title={`${workspace.path} (open, save as…)`}
            onClick={() => setWorkspaceOpen(true)}
          >
            {workspace.color && (
              <span className="workspace-swatch" style={{ background: workspace.color }} aria-hidden="true" />
            )}
            {workspace.name} <Icon name="chevron-down" />
          </button>
        )}
        {workspace && (
          <span
            className={`file-state ${unsaved ? 'unsaved' : ''}`}
            data-testid="file-state"
            title={workspace.path}
          >
            {workspace.path.split(/[\\/]/).pop()} · {unsaved ? 'unsaved changes' : 'saved'}
          </span>
        )}
        {connection !== 'open' && (
          <span className={`connection ${connection}`} role="status">
            {CONNECTION_WORDS[connection]}
          </span>
        )}
        <HeldCallChips />
        <span className="run-bar-spacer" />
        <PaneToggles panes={panes} collapsed={collapsed} presenting={presenting} />
        <DisplayControls />
        <button
          className="link"
          onClick={() => usePlaygroundStore.setState({ helpOpen: true })}
          title="Keyboard shortcuts (? or F1)"
        >
          ? Shortcuts
        </button>
      </header>
      <TrustBanner />
      {workspace?.warnings.map((warning) => (
        <div key={warning} className="banner info">
          {warning}
        </div>
      ))}
      <RunBar />
      <Notices />
      <main className="app-main">
        <Group
          key={presenting ? 'presenting' : 'normal'}
          orientation="horizontal"
          id={presenting ? 'columns-presenting' : 'columns'}
          defaultLayout={columns.defaultLayout}
          onLayoutChanged={columns.onLayoutChanged}
        >
          {!presenting && (
            <>
              <Panel
                id="left"
                defaultSize="20"
                minSize={px(180)}
                collapsible
                collapsedSize="0"
                panelRef={panes.left}
                onResize={track('left')}
              >
                <PanelTabs area="left" label="Workspace" />
              </Panel>
              <Separator className="separator vertical" aria-label="Resize the side pane" />
            </>
          )}
          <Panel id="center" defaultSize={presenting ? '58' : '40'} minSize={px(280)}>
            <Group
              orientation="vertical"
              id={presenting ? 'center-presenting' : 'center'}
              defaultLayout={center.defaultLayout}
              onLayoutChanged={center.onLayoutChanged}
            >
              <Panel id="editor" defaultSize={presenting ? '72' : '60'} minSize={px(120)}>
                <EditorPane onRun={() => void runActiveSnippet(api)} />
              </Panel>
              <Separator className="separator horizontal" aria-label="Resize the result pane" />
              <Panel
                id="bottom"
                defaultSize={presenting ? '28' : '40'}
                minSize={px(80)}
                collapsible
                collapsedSize="0"
                panelRef={panes.bottom}
                onResize={track('bottom')}
              >
                <PanelTabs area="bottom" label="Run output" />
              </Panel>
            </Group>
          </Panel>
          <Separator className="separator vertical" aria-label="Resize the transcript pane" />
          <Panel
            id="right"
            defaultSize={presenting ? '42' : '40'}
            minSize={px(260)}
            collapsible
            collapsedSize="0"
            panelRef={panes.right}
            onResize={track('right')}
          >
            <PanelTabs area="right" label="Protocol" />
          </Panel>
        </Group>
      </main>
      <ManualCallDialog />
      <ServerRequestDialog />
      {workspaceOpen && <WorkspaceDialog onClose={() => setWorkspaceOpen(false)} />}
      {helpOpen && <HelpOverlay onClose={() => usePlaygroundStore.setState({ helpOpen: false })} />}
    </div>
  );
}
