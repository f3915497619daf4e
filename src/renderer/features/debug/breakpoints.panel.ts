import type { PanelRegistration } from '../../state/tabStore';
import { BreakpointsPanel } from './BreakpointsPanel';

export const panel: PanelRegistration = {
  id: 'breakpoints',
  title: 'Breakpoints',
  area: 'left',
  order: 20,
  component: BreakpointsPanel,
};
