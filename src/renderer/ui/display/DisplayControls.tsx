import { useEffect } from 'react';
import { useColorScheme } from './useColorScheme';
import {
  setTheme,
  togglePresenting,
  uiScale,
  useDisplaySettings,
  zoomPresenter,
  type ThemeChoice,
} from './displaySettings';
import { MAX_PRESENTER_ZOOM, MIN_PRESENTER_ZOOM } from '../../../shared/view/presenterZoom';

/** The editor's font size at normal scale; presenter mode multiplies it by its zoom. */
export const EDITOR_FONT_SIZE = 13;

/** Header controls for the theme, presenter mode and its zoom; puts scheme, mode and scale on <html> for the CSS. */
export function DisplayControls() {
  const current = useDisplaySettings();
  const { theme, presenting, zoom } = current;
  const scheme = useColorScheme();
  const scale = uiScale(current);
  useEffect(() => {
    document.documentElement.dataset.scheme = scheme;
  }, [scheme]);
  useEffect(() => {
    document.documentElement.classList.toggle('presenting', presenting);
  }, [presenting]);
  useEffect(() => {
    document.documentElement.style.setProperty('--ui-scale', String(scale));
  }, [scale]);
  return (
    <>
      <label className="theme-choice" title="Colour theme">
        <select aria-label="Theme" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
          <option value="system">Theme: system</option>
          <option value="light">Theme: light</option>
          <option value="dark">Theme: dark</option>
        </select>
      </label>
      {presenting && (
        <span className="zoom-controls" role="group" aria-label="Presenter zoom">
          <button
            className="link"
            aria-label="Zoom out"
            title="Zoom out (Mod+-)"
            disabled={zoom <= MIN_PRESENTER_ZOOM}
            onClick={() => zoomPresenter(-1)}
          >
            −
          </button>
          <button
            className="link"
            title="Back to the presenter default (Mod+0)"
            data-testid="presenter-zoom"
            onClick={() => zoomPresenter(0)}
          >
            {zoom}%
          </button>
          <button
            className="link"
            aria-label="Zoom in"
            title="Zoom in (Mod+=)"
            disabled={zoom >= MAX_PRESENTER_ZOOM}
            onClick={() => zoomPresenter(1)}
          >
            +
          </button>
        </span>
      )}
      <button
        className={`link ${presenting ? 'active' : ''}`}
        aria-pressed={presenting}
        onClick={togglePresenting}
        title="Presenter mode: larger type, workspace pane hidden, zoom with Mod+= and Mod+- (Mod+Alt+P)"
      >
        {presenting ? 'Stop presenting' : 'Present'}
      </button>
    </>
  );
}
