import type { PanelRegistration } from '../../state/tabStore';
import { StepThroughPanel } from './StepThroughPanel';

export const panel: PanelRegistration = {
  id: 'step-through',
  title: 'Step through',
  area: 'bottom',
  order: 21,
  component: StepThroughPanel,
};
