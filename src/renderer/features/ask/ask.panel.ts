import type { PanelRegistration } from '../../state/tabStore';
import { AskPanel } from './AskPanel';

export const panel: PanelRegistration = {
  id: 'ask',
  title: 'Ask',
  area: 'right',
  order: 5,
  component: AskPanel,
};
