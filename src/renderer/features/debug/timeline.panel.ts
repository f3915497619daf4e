import type { PanelRegistration } from '../../state/tabStore';
import { TimelinePanel } from './TimelinePanel';

export const panel: PanelRegistration = {
  id: 'timeline',
  title: 'Timeline',
  area: 'right',
  order: 20,
  component: TimelinePanel,
};
