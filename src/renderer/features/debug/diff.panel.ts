import type { PanelRegistration } from '../../state/tabStore';
import { DiffPanel } from './DiffPanel';

export const panel: PanelRegistration = {
  id: 'diff',
  title: 'Diff',
  area: 'bottom',
  order: 22,
  component: DiffPanel,
};
