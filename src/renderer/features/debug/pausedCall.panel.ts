import { registerPanel } from '../../app/panels/registry';
import { PausedCallPanel } from './PausedCallPanel';

registerPanel({
  id: 'paused-call',
  title: 'Paused call',
  area: 'bottom',
  order: 20,
  component: PausedCallPanel,
});
