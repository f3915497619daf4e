import type { PanelRegistration } from '../../state/tabStore';
import { AgentsPanel } from './AgentsPanel';

export const panel: PanelRegistration = {
  id: 'agents',
  title: 'Agents',
  area: 'left',
  order: 30,
  component: AgentsPanel,
};
