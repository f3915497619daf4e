import { registerPanel } from '../../app/panels/registry';
import { AgentsPanel } from './AgentsPanel';

registerPanel({ id: 'agents', title: 'Agents', area: 'left', order: 30, component: AgentsPanel });
