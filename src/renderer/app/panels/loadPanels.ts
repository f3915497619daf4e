import './registerBuiltinPanels';

// The debugging and network panels register themselves from their own folders: any file named
// `*.panel.ts(x)` there is loaded at start-up, so adding a panel needs no edit here.
import.meta.glob(
  [
    '../../features/debug/**/*.panel.{ts,tsx}',
    '../../features/network/**/*.panel.{ts,tsx}',
    '../../features/agents/**/*.panel.{ts,tsx}',
  ],
  { eager: true },
);
