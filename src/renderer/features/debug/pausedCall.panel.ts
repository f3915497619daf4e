import type { PanelRegistration } from '../../state/tabStore';
import { PausedCallPanel } from './PausedCallPanel';

export const panel: PanelRegistration = {
  id: 'paused-call',
  title: 'Paused call',
  area: 'bottom',
  order: 20,
  component: PausedCallPanel,
};
