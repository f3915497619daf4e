// Monaco's codicon feature is just its font's stylesheet (@font-face codicon).
import 'monaco-editor/features/codicon/register';

/**
 * Code points of the codicons the app uses, from the codicon font Monaco already bundles (so icons
 * render without an emoji font). Add a name here from monaco-editor's codiconsLibrary.js to use it.
 */
const CODICONS = {
  add: 0xea60,
  warning: 0xea6c,
  search: 0xea6d,
  eye: 0xea70,
  'circle-filled': 0xea71,
  edit: 0xea73,
  info: 0xea74,
  lock: 0xea75,
  close: 0xea76,
  trash: 0xea81,
  history: 0xea82,
  error: 0xea87,
  check: 0xeab2,
  'chevron-down': 0xeab4,
  'chevron-left': 0xeab5,
  'chevron-right': 0xeab6,
  'chevron-up': 0xeab7,
  'circle-slash': 0xeabd,
  'color-mode': 0xeac6,
  'debug-continue': 0xeacf,
  'debug-pause': 0xead1,
  'debug-start': 0xead3,
  'debug-step-over': 0xead6,
  'debug-stop': 0xead7,
  'eye-closed': 0xeae7,
  key: 0xeb11,
  link: 0xeb15,
  play: 0xeb2c,
  plug: 0xeb2d,
  refresh: 0xeb37,
  save: 0xeb4b,
  'screen-full': 0xeb4c,
  'screen-normal': 0xeb4d,
  copy: 0xebcc,
} as const;

export type IconName = keyof typeof CODICONS;

/** A codicon glyph (our own class, not Monaco's `codicon-*`, whose generated ::before would add a second); decorative, so the button or text beside it carries the accessible name. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <span className={className ? `icon ${className}` : 'icon'} data-icon={name} aria-hidden="true">
      {String.fromCodePoint(CODICONS[name])}
    </span>
  );
}
