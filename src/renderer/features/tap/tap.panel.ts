import type { PanelRegistration } from '../../state/tabStore';
import { TapPanel } from './TapPanel';

export const panel: PanelRegistration = {
  id: 'tap',
  title: 'Tap',
  area: 'left',
  order: 35,
  component: TapPanel,
};
