import type { PanelRegistration } from '../../state/tabStore';
import { ConformanceView } from './ConformanceView';

export const panel: PanelRegistration = {
  id: 'conformance',
  title: 'Conformance',
  area: 'bottom',
  order: 40,
  component: ConformanceView,
};
