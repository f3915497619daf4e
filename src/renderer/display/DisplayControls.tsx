import { useEffect } from 'react';
import { useColorScheme } from '../util/useColorScheme';
import { setTheme, togglePresenting, useDisplaySettings, type ThemeChoice } from './displaySettings';

/** Editor and console font sizes, normal and when presenting. */
export const EDITOR_FONT_SIZE = { normal: 13, presenting: 18 } as const;

/** Header controls for the theme and presenter mode; also puts the chosen scheme and mode on <html> for the CSS. */
export function DisplayControls() {
  const { theme, presenting } = useDisplaySettings();
  const scheme = useColorScheme();
  useEffect(() => {
    document.documentElement.dataset.scheme = scheme;
  }, [scheme]);
  useEffect(() => {
    document.documentElement.classList.toggle('presenting', presenting);
  }, [presenting]);
  return (
    <>
      <label className="theme-choice" title="Colour theme">
        <select aria-label="Theme" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
          <option value="system">Theme: system</option>
          <option value="light">Theme: light</option>
          <option value="dark">Theme: dark</option>
        </select>
      </label>
      <button
        className={`link ${presenting ? 'active' : ''}`}
        aria-pressed={presenting}
        onClick={togglePresenting}
        title="Presenter mode: larger type, workspace pane hidden (Mod+Alt+P)"
      >
        {presenting ? 'Stop presenting' : 'Present'}
      </button>
    </>
  );
}
