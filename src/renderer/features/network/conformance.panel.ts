import { registerPanel } from '../../app/panels/registry';
import { ConformanceView } from './ConformanceView';

registerPanel({
  id: 'conformance',
  title: 'Conformance',
  area: 'bottom',
  order: 40,
  component: ConformanceView,
});
