import { registerPanel } from '../../app/panels/registry';
import { DiffPanel } from './DiffPanel';

registerPanel({ id: 'diff', title: 'Diff', area: 'bottom', order: 22, component: DiffPanel });
