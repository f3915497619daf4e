import type { PanelRegistration } from '../../state/tabStore';
import { NetworkPanel } from './NetworkPanel';

export const panel: PanelRegistration = {
  id: 'network',
  title: 'Executors & runners',
  area: 'left',
  order: 20,
  component: NetworkPanel,
};
