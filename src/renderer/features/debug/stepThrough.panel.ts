import { registerPanel } from '../../app/panels/registry';
import { StepThroughPanel } from './StepThroughPanel';

registerPanel({
  id: 'step-through',
  title: 'Step through',
  area: 'bottom',
  order: 21,
  component: StepThroughPanel,
});
