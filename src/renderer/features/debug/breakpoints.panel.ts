import { registerPanel } from '../../app/panels/registry';
import { BreakpointsPanel } from './BreakpointsPanel';

registerPanel({
  id: 'breakpoints',
  title: 'Breakpoints',
  area: 'left',
  order: 20,
  component: BreakpointsPanel,
});
