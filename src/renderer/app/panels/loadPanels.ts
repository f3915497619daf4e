import type { PanelRegistration } from '../../state/tabStore';
import './registerBuiltinPanels';
import { registerPanel } from './registry';

// The debugging, network, agents, tap, MCP traffic and ask panels are declared in their own folders: any file named
// `*.panel.ts(x)` there exports its `panel` and is registered at start-up, so adding a panel needs
// no edit here (features never import the shell, so they do not register themselves).
const declared = import.meta.glob<{ panel: PanelRegistration }>(
  [
    '../../features/debug/**/*.panel.{ts,tsx}',
    '../../features/network/**/*.panel.{ts,tsx}',
    '../../features/agents/**/*.panel.{ts,tsx}',
    '../../features/tap/**/*.panel.{ts,tsx}',
    '../../features/providers/**/*.panel.{ts,tsx}',
    '../../features/ask/**/*.panel.{ts,tsx}',
  ],
  { eager: true },
);
for (const module of Object.values(declared)) registerPanel(module.panel);
